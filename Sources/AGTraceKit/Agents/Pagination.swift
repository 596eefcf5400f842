import Foundation

/// The pages of a list (`tools/list`, `resources/list`, `prompts/list`): an opaque cursor
/// that says where the next page starts. A cursor the server did not make is an invalid
/// parameter (-32602).
enum Pagination {
    static func page<T>(_ items: [T], cursor: JSONValue?, size: Int, list: String) throws -> (items: ArraySlice<T>, next: String?) {
        var start = 0
        if let cursor {
            guard case .string(let text) = cursor, let data = Data(base64Encoded: text),
                  let decoded = String(data: data, encoding: .utf8), decoded.hasPrefix(list + ":"),
                  let offset = Int(decoded.dropFirst(list.count + 1)), offset >= 0, offset <= items.count else {
                throw JSONRPC.Failure(JSONRPC.invalidParams, "\(list): cursor is not one this server gave (start again without one)")
            }
            start = offset
        }
        let end = min(items.count, start + size)
        let next = end < items.count ? Data("\(list):\(end)".utf8).base64EncodedString() : nil
        return (items[start..<end], next)
    }
}
