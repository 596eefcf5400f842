import Foundation
import XCTest
@testable import AGTraceKit

/// Reading messages: one a line, bounded, and every malformed one turned into the JSON-RPC
/// error the specification gives, never a crash.
final class MCPMessageTests: XCTestCase {
    func read(_ text: String) -> JSONRPC.Incoming { JSONRPC.read(Array(text.utf8)) }

    func failure(_ incoming: JSONRPC.Incoming) -> (JSONRPC.ID?, Int64)? {
        if case .invalid(let id, let f) = incoming { return (id, f.code) }
        return nil
    }

    /// `AGTRACE_MCP_PAGE_SIZE` sets a list's page (1 or more); anything else keeps 50.
    func testThePageSizeComesFromTheEnvironment() {
        XCTAssertEqual(ServerLimits(environment: ["AGTRACE_MCP_PAGE_SIZE": "3"]).pageSize, 3)
        for ignored in ["0", "-1", "x", ""] {
            XCTAssertEqual(ServerLimits(environment: ["AGTRACE_MCP_PAGE_SIZE": ignored]).pageSize, 50, ignored)
        }
        XCTAssertEqual(ServerLimits(environment: [:]).pageSize, ServerLimits().pageSize)
    }

    func testRequestsNotificationsAndResponses() {
        guard case .request(let id, let method, let params) = read(#"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"cursor":"x"}}"#) else {
            return XCTFail("not a request")
        }
        XCTAssertEqual(id, .int(7))
        XCTAssertEqual(method, "tools/list")
        XCTAssertEqual(params["cursor"]?.string, "x")
        guard case .request(.string("a"), _, _) = read(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#) else { return XCTFail() }
        guard case .notification("notifications/cancelled", _) = read(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#) else {
            return XCTFail()
        }
        guard case .response = read(#"{"jsonrpc":"2.0","id":1,"result":{}}"#) else { return XCTFail() }
    }

    func testMalformedMessagesGetTheirCodes() {
        XCTAssertEqual(failure(read("not json"))?.1, JSONRPC.parseError)
        XCTAssertEqual(failure(read(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#))?.1, JSONRPC.invalidRequest)
        XCTAssertEqual(failure(read(#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#))?.1, JSONRPC.invalidRequest)
        XCTAssertEqual(failure(read(#"{"jsonrpc":"2.0","id":99999999999999999999,"method":"ping"}"#))?.1, JSONRPC.invalidRequest)
        XCTAssertEqual(failure(read(#"{"jsonrpc":"2.0","id":2.5,"method":"ping"}"#))?.1, JSONRPC.invalidRequest)
        XCTAssertEqual(failure(read(#"{"id":3,"method":"ping"}"#))?.0, .int(3), "the id is echoed when it could be read")
        XCTAssertEqual(failure(read(#"{"jsonrpc":"2.0","id":4,"method":5}"#))?.1, JSONRPC.invalidRequest)
        XCTAssertEqual(failure(read(#"{"jsonrpc":"2.0","id":5,"method":"ping","params":[]}"#))?.1, JSONRPC.invalidRequest)
        XCTAssertEqual(failure(JSONRPC.read(Array(#"{"jsonrpc":"2.0","id":6,"method":""#.utf8) + [0xFF] + Array(#""}"#.utf8)))?.1,
                       JSONRPC.parseError, "invalid UTF-8")
        let deep = #"{"a":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
        XCTAssertEqual(failure(read(deep))?.1, JSONRPC.parseError, "deeper than the limit")
        let quoted = #"{"jsonrpc":"2.0","id":8,"method":"ping","params":{"s":""# + String(repeating: "[", count: 100) + #""}}"#
        guard case .request = read(quoted) else { return XCTFail("brackets inside a string nest nothing") }
    }

    func testAnswersAreOneLineAndKeepTheirOrder() {
        let error = JSONRPC.error(.string("x"), JSONRPC.Failure(-32601, "no method\nhere", data: ["k": "v"]))
        XCTAssertEqual(error.text, #"{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"no method\nhere","data":{"k":"v"}}}"#)
        XCTAssertEqual(JSONValue.double(.nan).text, "null", "no NaN in JSON: unknown is null")
        XCTAssertEqual(JSONValue.double(2.5).text, "2.5")
        XCTAssertEqual(JSONValue.object([("rows", .raw("[\n  {\"a\": 1}\n]".oneLine))]).text, #"{"rows":[  {"a": 1}]}"#)
    }

    func testTheReaderSkipsLongLinesWithoutKeepingThem() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let long = String(repeating: "x", count: 300_000)
        let text = "{\"a\":1}\r\n\n" + long + "\n{\"b\":2}\nlast-without-newline"
        let writeEnd = fds[1]
        let writer = Thread { _ = text.utf8CString.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress, $0.count - 1) }; close(writeEnd) }
        writer.start()
        let reader = MessageReader(fd: fds[0], maxLine: 100_000)
        XCTAssertEqual(reader.next(), .message(Array("{\"a\":1}".utf8)), "CRLF taken off; the empty line passed over")
        XCTAssertEqual(reader.next(), .tooLong(bytes: 300_000))
        XCTAssertEqual(reader.next(), .message(Array("{\"b\":2}".utf8)))
        XCTAssertEqual(reader.next(), .message(Array("last-without-newline".utf8)))
        XCTAssertNil(reader.next())
        close(fds[0])
    }
}

/// The root folder: a path is taken only when, links resolved, it lies inside.
final class MCPRootFolderTests: XCTestCase {
    func testLinksOutOfTheRootAreRefused() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-root-\(UUID().uuidString)")
        let root = base.appendingPathComponent("root"), outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try Data("x".utf8).write(to: root.appendingPathComponent("sub/in.log"))
        try Data("x".utf8).write(to: outside.appendingPathComponent("secret.log"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.log").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.log").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("sub/out").path, withDestinationPath: outside.path)
        let folder = try RootFolder(root.path)
        XCTAssertTrue(try folder.file("sub/in.log", argument: "paths").hasSuffix("/root/sub/in.log"))
        for refused in ["link.log", "sub/out/secret.log", "../outside/secret.log", outside.appendingPathComponent("secret.log").path] {
            XCTAssertThrowsError(try folder.file(refused, argument: "paths"), refused) { error in
                XCTAssertTrue("\(error)".contains("outside the root folder"), "\(error)")
            }
        }
        XCTAssertThrowsError(try folder.file("-", argument: "paths")) { error in
            XCTAssertTrue("\(error)".contains("standard input is the protocol's"), "\(error)")
        }
        XCTAssertThrowsError(try folder.fileOrFolder("sub", argument: "paths"), "a folder holding a link out is refused whole") { error in
            XCTAssertTrue("\(error)".contains("outside the root folder"), "\(error)")
        }
        XCTAssertEqual(try folder.fileOrLabel("trip-taps", argument: "a"), "trip-taps", "no such file: a label")
    }

    func testPagesAndCursors() throws {
        let items = Array(0..<7)
        let first = try Pagination.page(items, cursor: nil, size: 3, list: "tools")
        XCTAssertEqual(Array(first.items), [0, 1, 2])
        let second = try Pagination.page(items, cursor: first.next.map { .string($0) }, size: 3, list: "tools")
        XCTAssertEqual(Array(second.items), [3, 4, 5])
        let last = try Pagination.page(items, cursor: second.next.map { .string($0) }, size: 3, list: "tools")
        XCTAssertEqual(Array(last.items), [6])
        XCTAssertNil(last.next)
        // A cursor the server did not make, or one of another list: invalid params (-32602).
        func isInvalidCursor(_ error: Error) {
            XCTAssertEqual((error as? JSONRPC.Failure)?.code, JSONRPC.invalidParams, "\(error)")
            XCTAssertTrue((error as? JSONRPC.Failure)?.message.contains("cursor is not one this server gave") == true, "\(error)")
        }
        XCTAssertThrowsError(try Pagination.page(items, cursor: "bogus", size: 3, list: "tools"), "a made-up cursor") { isInvalidCursor($0) }
        XCTAssertThrowsError(try Pagination.page(items, cursor: second.next.map { .string($0) }, size: 3, list: "prompts"),
                             "a cursor of another list") { isInvalidCursor($0) }
    }
}
