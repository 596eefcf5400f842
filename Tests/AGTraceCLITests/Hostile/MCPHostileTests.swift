import Foundation
import XCTest

/// `agtrace mcp` fed every class of hostile message in one stream, under the suite's memory
/// and time caps: each gets a JSON-RPC error (or, for a tool, an error result), nothing
/// crashes, and the request after them all is answered.
final class MCPHostileTests: CLITestCase {
    /// The lines, in order, with what each must get back: an error code for the null id (it
    /// could not be read), for its own id, or a result.
    enum Expect { case errorWithoutID(Int), error(String, Int), result(String), toolError(String), nothing }

    func testHostileMessagesGetErrorsAndTheServerKeepsServing() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, CLI.samples + "/trip-1-before.ag-json"]).status, 0)
        let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
        func modern(_ id: String, _ method: String, _ params: String = "") -> String {
            #"{"jsonrpc":"2.0","id":"\#(id)","method":"\#(method)","params":{\#(params)\#(params.isEmpty ? "" : ",")\#(meta)}}"#
        }
        func query(_ id: String, _ sql: String) -> String { modern(id, "tools/call", #""name":"query","arguments":{"sql":"\#(sql)"}"#) }
        var cases: [(String, Expect)] = [
            (#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}"#, .errorWithoutID(-32600)),
            (#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#, .errorWithoutID(-32700)),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, .errorWithoutID(-32600)),
            (#"{"jsonrpc":"2.0","id":""# + String(repeating: "i", count: 10_000) + #"","method":"ping"}"#, .errorWithoutID(-32600)),
            (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, .errorWithoutID(-32600)),
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, .errorWithoutID(-32600)),
            (#"{"jsonrpc":"2.0","id":"deep","method":"ping","params":{"x":"# + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "}}",
             .errorWithoutID(-32700)),
            (#"{"jsonrpc":"2.0","id":"deep-ok","method":"ping","params":{"x":"# + String(repeating: "[", count: 50) + String(repeating: "]", count: 50) + "}}",
             .result("deep-ok")),
            // Wide rather than deep, just under the message cap: held as values, not refused.
            (#"{"jsonrpc":"2.0","id":"wide","method":"ping","params":{"x":["# + Array(repeating: "0", count: 500_000).joined(separator: ",") + "]}}",
             .result("wide")),
            (#"{"jsonrpc":"2.0","id":"keys","method":"ping","params":{"# + (0..<60_000).map { #""k\#($0)":{}"# }.joined(separator: ",") + "}}",
             .result("keys")),
            ("hello, server", .errorWithoutID(-32700)),
            (#"[{"jsonrpc":"2.0","id":"b","method":"ping"}]"#, .errorWithoutID(-32600)),
            ("{}", .errorWithoutID(-32600)),
            (#"{"jsonrpc":"1.0","id":"v1","method":"ping"}"#, .error("v1", -32600)),
            (#"{"jsonrpc":"2.0","id":"pa","method":"ping","params":[1,2]}"#, .error("pa", -32600)),
            (#"{"jsonrpc":"2.0","id":"early","method":"tools/list"}"#, .error("early", -32602)),
            (#"{"jsonrpc":"2.0","id":"early-call","method":"tools/call","params":{"name":"list"}}"#, .error("early-call", -32602)),
            (modern("unknown", "no/such/method"), .error("unknown", -32601)),
            (#"{"jsonrpc":"2.0","method":"notifications/whatever"}"#, .nothing),
            (#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-sent"}}"#, .nothing),
            (query("blob", "SELECT zeroblob(500000000)"), .toolError("blob")),
            (query("bytes", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000) SELECT x, randomblob(100000) FROM c"),
             .result("bytes")),
            (modern("args", "tools/call", #""name":"why","arguments":{"attribute":"99999999999999999999999","snapshot":"trip-1-before"}"#), .toolError("args")),
            (modern("last", "tools/list"), .result("last")),
        ]
        // Invalid UTF-8 inside a string, and a 100 MB line: bytes, not Swift strings.
        let scratch = dir.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: scratch.path, contents: nil)
        let out = try FileHandle(forWritingTo: scratch)
        out.write(Data(#"{"jsonrpc":"2.0","id":"utf","method":"ping","params":{"x":""#.utf8) + Data([0xFF, 0xFE, 0xC0]) + Data("\"}}\n".utf8))
        out.write(Data(#"{"jsonrpc":"2.0","id":"huge","method":"ping","params":{"x":""#.utf8))
        let chunk = Data(repeating: UInt8(ascii: "A"), count: 1 << 20)
        for _ in 0..<100 { out.write(chunk) }
        out.write(Data("\"}}\n".utf8))
        for (line, _) in cases { out.write(Data((line + "\n").utf8)) }
        try out.close()
        cases.insert(("(100 MB line)", .errorWithoutID(-32600)), at: 0)
        cases.insert(("(invalid UTF-8)", .errorWithoutID(-32700)), at: 0)

        let r = try ChildUsage.run(["mcp", "--db", db, "--root", CLI.samples], scratch: dir, stdinPath: scratch.path,
                                   timeLimit: HostileInputTests.wallCap, killAbove: HostileInputTests.memoryCap * 2)
        print(String(format: "hostile: agtrace mcp: exit %d, peak %.1f MB, %.2f s", r.status, r.peakMegabytes, r.seconds))
        XCTAssertFalse(r.timedOut)
        XCTAssertLessThanOrEqual(r.cpuSeconds, HostileInputTests.timeCap, "agtrace mcp took \(r.cpuSeconds) s of CPU")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertLessThanOrEqual(r.peakMegabytes, HostileInputTests.memoryCap, r.stderr)

        let messages = r.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        XCTAssertEqual(messages.count, r.stdout.split(separator: "\n").count, "every line the server wrote is one JSON message")
        var byID: [String: [String: Any]] = [:]
        var withoutID: [Int] = []
        for m in messages {
            if let id = m["id"], !(id is NSNull) { byID["\(id)"] = m } else { withoutID.append(((m["error"] as? [String: Any])?["code"] as? Int) ?? 0) }
        }
        var expectedWithoutID: [Int] = []
        for (line, expect) in cases {
            let what = String(line.prefix(80))
            switch expect {
            case .errorWithoutID(let code): expectedWithoutID.append(code)
            case .error(let id, let code):
                XCTAssertEqual((byID[id]?["error"] as? [String: Any])?["code"] as? Int, code, what)
            case .result(let id):
                XCTAssertNotNil(byID[id]?["result"], "\(what): \(byID[id] ?? [:])")
            case .toolError(let id):
                XCTAssertEqual((byID[id]?["result"] as? [String: Any])?["isError"] as? Bool, true, "\(what): \(byID[id] ?? [:])")
            case .nothing: break
            }
        }
        XCTAssertEqual(withoutID, expectedWithoutID, "the errors of lines whose id could not be read, in order")
        let bytes = ((byID["bytes"]?["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
        XCTAssertEqual(bytes?["truncated"] as? Bool, true, "rows past the byte cap are cut")
        XCTAssertLessThan(bytes?["rowCount"] as? Int ?? 1000, 1000)
        XCTAssertEqual(((byID["last"]?["result"] as? [String: Any])?["tools"] as? [Any])?.count, 11, "the server still serves")
    }
}
