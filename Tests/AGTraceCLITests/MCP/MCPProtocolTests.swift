import Foundation
import XCTest

/// The protocol as the specification words it, spoken raw: both eras' negotiation, the
/// JSON-RPC error codes, pagination, progress, and cancellation interrupting a query's SQL.
final class MCPProtocolTests: CLITestCase {
    func session(_ environment: [String: String] = [:]) throws -> MCPSession {
        try MCPSession(db: db, root: CLI.samples, environment: environment)
    }

    func code(_ message: [String: Any]?) -> Int? { (message?["error"] as? [String: Any])?["code"] as? Int }
    func result(_ message: [String: Any]?) -> [String: Any]? { message?["result"] as? [String: Any] }
    /// A tool result's text.
    func text(_ result: [String: Any]?) -> String { ((result?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? "" }

    func testTheHandshakeNegotiatesAVersionAndOpensTheSession() throws {
        let s = try session()
        try s.send(["jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": [String: Any]()])
        XCTAssertEqual(code(s.answer(to: 1)), -32602, "a request before the handshake, without _meta: refused")
        try s.send(["jsonrpc": "2.0", "id": 2, "method": "ping"])
        XCTAssertNotNil(result(s.answer(to: 2)), "ping is answered before the handshake")
        try s.send(["jsonrpc": "2.0", "id": 3, "method": "initialize",
                    "params": ["protocolVersion": "2025-06-18", "capabilities": [String: Any](), "clientInfo": ["name": "t", "version": "1"]]])
        let initialized = result(s.answer(to: 3))
        XCTAssertEqual(initialized?["protocolVersion"] as? String, "2025-06-18", "a version served is answered with itself")
        XCTAssertEqual((initialized?["serverInfo"] as? [String: Any])?["name"] as? String, "agtrace")
        XCTAssertNil(initialized?["resultType"], "the handshake's results are the earlier revision's")
        try s.send(["jsonrpc": "2.0", "method": "notifications/initialized"])
        try s.send(["jsonrpc": "2.0", "id": 4, "method": "tools/list"])
        XCTAssertEqual((result(s.answer(to: 4))?["tools"] as? [Any])?.count, 11)
        try s.send(["jsonrpc": "2.0", "id": 5, "method": "no/such/method"])
        XCTAssertEqual(code(s.answer(to: 5)), -32601)
        XCTAssertEqual(s.close(), 0)

        let other = try session()
        try other.send(["jsonrpc": "2.0", "id": "a", "method": "initialize", "params": ["protocolVersion": "1999-01-01", "capabilities": [String: Any]()]])
        XCTAssertEqual(result(other.answer(to: "a"))?["protocolVersion"] as? String, "2025-11-25", "an unknown version: the newest served is offered")
        XCTAssertEqual(other.close(), 0)
    }

    func testStatelessRequestsCarryTheirVersion() throws {
        let s = try session(["AGTRACE_MCP_PAGE_SIZE": "3"])
        try s.send(MCPSession.request(1, "server/discover"))
        let discovered = result(s.answer(to: 1))
        XCTAssertEqual(discovered?["supportedVersions"] as? [String], ["2026-07-28"])
        XCTAssertEqual(discovered?["resultType"] as? String, "complete")
        XCTAssertNotNil(discovered?["ttlMs"])
        XCTAssertEqual(((discovered?["_meta"] as? [String: Any])?["io.modelcontextprotocol/serverInfo"] as? [String: Any])?["name"] as? String, "agtrace")

        var old = MCPSession.request(2, "tools/list")
        old["params"] = ["_meta": ["io.modelcontextprotocol/protocolVersion": "1900-01-01", "io.modelcontextprotocol/clientCapabilities": [String: Any]()]]
        try s.send(old)
        let refused = s.answer(to: 2)
        XCTAssertEqual(code(refused), -32022, "UnsupportedProtocolVersion")
        let data = (refused?["error"] as? [String: Any])?["data"] as? [String: Any]
        XCTAssertEqual(data?["requested"] as? String, "1900-01-01")
        XCTAssertEqual(data?["supported"] as? [String], ["2026-07-28", "2025-11-25", "2025-06-18"])

        var bare = MCPSession.request(3, "tools/list")
        bare["params"] = ["_meta": ["io.modelcontextprotocol/protocolVersion": "2026-07-28"]]
        try s.send(bare)
        XCTAssertEqual(code(s.answer(to: 3)), -32602, "clientCapabilities is required on every request")

        // Pages of 3: 11 tools in 4 pages, each cursor the server's own.
        var names: [String] = [], cursor: String?, pages = 0
        repeat {
            try s.send(MCPSession.request(10 + pages, "tools/list", cursor.map { ["cursor": $0] } ?? [:]))
            let page = result(s.answer(to: 10 + pages))
            names += (page?["tools"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            cursor = page?["nextCursor"] as? String
            pages += 1
        } while cursor != nil && pages < 10
        XCTAssertEqual(pages, 4)
        XCTAssertEqual(names.count, 11)
        try s.send(MCPSession.request(20, "tools/list", ["cursor": "not-a-cursor"]))
        XCTAssertEqual(code(s.answer(to: 20)), -32602, "an invalid cursor is an invalid parameter")

        try s.send(MCPSession.request(21, "resources/read", ["uri": "agtrace://nothing"]))
        XCTAssertEqual(code(s.answer(to: 21)), -32602, "an unknown resource: -32602 (2026-07-28)")
        try s.send(MCPSession.request(22, "tools/call", ["name": "no-such-tool", "arguments": [String: Any]()]))
        XCTAssertEqual(code(s.answer(to: 22)), -32602)
        try s.send(MCPSession.request(23, "tools/call", ["name": "report", "arguments": ["name": "updates", "bogus": 1]]))
        let wrongArgument = result(s.answer(to: 23))
        XCTAssertEqual(wrongArgument?["isError"] as? Bool, true, "a bad argument is a tool error the agent reads")
        XCTAssertTrue(text(wrongArgument).contains("no argument 'bogus'"), text(wrongArgument))
        XCTAssertEqual(s.close(), 0)
    }

    func testACancelledQueryOverAnEndlessCTEStops() throws {
        try importFiles([CLI.samples + "/trip-1-before.ag-json"])
        let s = try session()
        // Would run until its time cap (60 s) without the cancellation.
        try s.send(MCPSession.request(7, "tools/call", ["name": "query", "arguments": [
            "sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", "timeoutSeconds": 60]]))
        try s.send(MCPSession.request(8, "ping"))
        XCTAssertNotNil(s.answer(to: 8), "the server answers while the query runs")
        usleep(300_000)
        try s.send(["jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": 7, "reason": "test"]])
        let stopped = s.waitForStderr("request 7 (tools/call) stopped after its cancellation", within: 30)
        XCTAssertNotNil(stopped, "the query did not stop:\n\(s.stderr)")
        // The bound, as the server measures it (from the cancellation's arrival to the
        // request's end: the pipes and this test's polling left out); the interrupt is checked
        // every few thousand SQLite steps.
        let said = s.stderr.components(separatedBy: "stopped after its cancellation (").dropFirst().first?.split(separator: " ").first
        let seconds = try XCTUnwrap(said.flatMap { Double($0) }, s.stderr)
        print(String(format: "mcp: the cancelled query stopped %.3f s after the cancellation came", seconds))
        XCTAssertLessThan(seconds, 1.0)
        try s.send(MCPSession.request(9, "tools/call", ["name": "query", "arguments": ["sql": "SELECT 42 AS answer"]]))
        let after = result(s.answer(to: 9))
        XCTAssertEqual(((after?["structuredContent"] as? [String: Any])?["rows"] as? [[String: Any]])?.first?["answer"] as? Int, 42)
        XCTAssertEqual(s.close(), 0)
    }

    func testAQueryStopsAtItsTimeCapAndWritesAreRefused() throws {
        try importFiles([CLI.samples + "/trip-1-before.ag-json"])
        let s = try session()
        try s.send(MCPSession.request(1, "tools/call", ["name": "query", "arguments": [
            "sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", "timeoutSeconds": 0.5]]))
        let timedOut = result(s.answer(to: 1))
        XCTAssertEqual(timedOut?["isError"] as? Bool, true)
        XCTAssertTrue(text(timedOut).contains("timeoutSeconds"), text(timedOut))
        try s.send(MCPSession.request(2, "tools/call", ["name": "query", "arguments": ["sql": "DROP TABLE snapshots"]]))
        XCTAssertEqual(result(s.answer(to: 2))?["isError"] as? Bool, true)
        try s.send(MCPSession.request(3, "tools/call", ["name": "query", "arguments": ["sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) SELECT x FROM c", "limit": 100000]]))
        let capped = (result(s.answer(to: 3))?["structuredContent"] as? [String: Any])
        XCTAssertEqual(capped?["rowCount"] as? Int, 500, "the server's row cap")
        XCTAssertEqual(capped?["truncated"] as? Bool, true)
        XCTAssertEqual(s.close(), 0)
        XCTAssertEqual(try CLI.run(["query", "--db", db, "SELECT count(*) FROM snapshots"]).stdout.contains("1"), true)
    }

    func testImportReportsProgressAndStaysUnderTheRoot() throws {
        let s = try session()
        try s.send(MCPSession.request(1, "tools/call", ["name": "import", "arguments": ["paths": ["traces"]],
                                                         "_meta": ["progressToken": "p1"]]))
        var progress: [Double] = []
        var answer: [String: Any]?
        while let message = s.next() {
            if message["method"] as? String == "notifications/progress" {
                let params = message["params"] as? [String: Any]
                XCTAssertEqual(params?["progressToken"] as? String, "p1")
                progress.append(params?["progress"] as? Double ?? -1)
            } else {
                answer = message
                break
            }
        }
        XCTAssertFalse(progress.isEmpty, "no progress notification")
        XCTAssertEqual(progress, progress.sorted(), "progress only increases")
        XCTAssertEqual(Set(progress).count, progress.count)
        let structured = result(answer)?["structuredContent"] as? [String: Any]
        XCTAssertGreaterThanOrEqual(structured?["imported"] as? Int ?? 0, 4, "\(answer ?? [:])")

        try s.send(MCPSession.request(2, "tools/call", ["name": "import", "arguments": ["paths": ["../README.md"]]]))
        let outside = result(s.answer(to: 2))
        XCTAssertEqual(outside?["isError"] as? Bool, true)
        XCTAssertTrue(text(outside).contains("outside the root"), text(outside))
        XCTAssertEqual(s.close(), 0)
    }
}
