import Foundation

/// JSON-RPC 2.0 as MCP uses it: the error codes, ids, and reading one line into a message.
public enum JSONRPC {
    // The codes JSON-RPC 2.0 defines, and those MCP (2026-07-28) adds in its reserved range.
    public static let parseError: Int64 = -32700
    public static let invalidRequest: Int64 = -32600
    public static let methodNotFound: Int64 = -32601
    public static let invalidParams: Int64 = -32602
    public static let internalError: Int64 = -32603
    public static let unsupportedProtocolVersion: Int64 = -32022

    /// The deepest nesting a message may have. MCP's messages are a few levels deep; a tool's
    /// arguments a few more. Deeper JSON is refused before it is decoded.
    public static let maxDepth = 64
    /// A string id longer than this is refused (it would be echoed back in the answer).
    public static let maxIdLength = 256

    /// A request's id: a string or an integer (never null, per MCP).
    public enum ID: Hashable, Sendable {
        case string(String)
        case int(Int64)
        public var json: JSONValue {
            switch self {
            case .string(let s): return .string(s)
            case .int(let i): return .int(i)
            }
        }
        init?(_ value: JSONValue) {
            switch value {
            case .string(let s) where s.utf8.count <= JSONRPC.maxIdLength: self = .string(s)
            case .int(let i): self = .int(i)
            default: return nil
            }
        }
    }

    public struct Failure: Error, Sendable {
        public var code: Int64
        public var message: String
        public var data: JSONValue?
        public init(_ code: Int64, _ message: String, data: JSONValue? = nil) {
            self.code = code
            self.message = message
            self.data = data
        }
    }

    /// One line from the client.
    public enum Incoming {
        case request(id: ID, method: String, params: JSONValue)
        case notification(method: String, params: JSONValue)
        /// A response to something the server asked (it asks nothing): ignored.
        case response
        /// Unreadable: answered with this error (id when one could be read, else null).
        case invalid(id: ID?, Failure)
    }

    /// Reads one line. Never throws: what cannot be read is `.invalid` with the code that says why.
    public static func read(_ bytes: [UInt8]) -> Incoming {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .invalid(id: nil, Failure(parseError, "the message is not UTF-8 text (JSON is UTF-8)"))
        }
        if let depth = nestingBeyond(maxDepth, bytes) {
            return .invalid(id: nil, Failure(parseError, "JSON nested deeper than \(maxDepth) levels (at byte \(depth)): refused unread"))
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            return .invalid(id: nil, Failure(parseError, "not JSON: \(describe(error))"))
        }
        guard let members = value.members else {
            if case .array = value {
                return .invalid(id: nil, Failure(invalidRequest, "a batch (a JSON array) is not part of MCP: send one message a line"))
            }
            return .invalid(id: nil, Failure(invalidRequest, "a message is a JSON object"))
        }
        let object = JSONValue.object(members)
        let rawID = object["id"]
        let id = rawID.flatMap(ID.init)
        guard object["jsonrpc"]?.string == "2.0" else {
            return .invalid(id: id, Failure(invalidRequest, "\"jsonrpc\" must be \"2.0\""))
        }
        guard let methodValue = object["method"] else {
            if object["result"] != nil || object["error"] != nil { return .response }
            return .invalid(id: id, Failure(invalidRequest, "no \"method\": a request names the method it calls"))
        }
        guard let method = methodValue.string else {
            return .invalid(id: id, Failure(invalidRequest, "\"method\" must be a string"))
        }
        let params = object["params"] ?? .object([])
        guard params.members != nil else {
            return .invalid(id: id, Failure(invalidRequest, "\"params\" must be an object (MCP names its parameters)"))
        }
        guard let rawID else { return .notification(method: method, params: params) }
        guard let id else {
            let why: String
            switch rawID {
            case .null: why = "an id may not be null (MCP)"
            case .string: why = "a string id longer than \(maxIdLength) bytes"
            case .double: why = "the id is not an integer within 64 bits"
            default: why = "an id is a string or an integer"
            }
            return .invalid(id: nil, Failure(invalidRequest, why))
        }
        return .request(id: id, method: method, params: params)
    }

    /// The offset where nesting first goes deeper than `limit`, or nil. Strings are skipped
    /// (a bracket in a string nests nothing).
    static func nestingBeyond(_ limit: Int, _ bytes: [UInt8]) -> Int? {
        var depth = 0, inString = false, escaped = false
        for (i, b) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return i }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }

    static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return "\(error)"
    }

    public static func result(_ id: ID, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.json, "result": result]
    }

    public static func error(_ id: ID?, _ failure: Failure) -> JSONValue {
        var error: [(String, JSONValue)] = [("code", .int(failure.code)), ("message", .string(failure.message))]
        if let data = failure.data { error.append(("data", data)) }
        return ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": .object(error)]
    }

    public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}
