import Foundation
import XCTest

/// `agtrace mcp` driven by the official Python SDK's client over stdio, through the stateless
/// 2026-07-28 flow and the initialize handshake: the tools are listed, SampleArchives is
/// imported through the import tool, and each tool's structured result is checked equal to
/// what the CLI prints with --format json for the same question.
final class MCPSDKTests: CLITestCase {
    /// The folder the server may read: a copy of SampleArchives and a baseline, in the test's
    /// temporary directory (links resolved, as the server resolves them).
    var root: URL { dir.resolvingSymlinksInPath() }

    func drive(_ python: URL, mode: String, phase: String, questions: URL? = nil,
               file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let script = root.appendingPathComponent("drive_mcp.py")
        try MCPPythonClient.script.write(to: script, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("answers-\(mode)-\(phase).json")
        let r = try CLI.run(python, [script.path, CLI.binary.path, db, root.path, mode, phase, questions?.path ?? "-", out.path],
                            environment: ["AGTRACE_MCP_PAGE_SIZE": "4"])
        XCTAssertEqual(r.status, 0, "python driver (\(mode), \(phase)):\n\(r.stdout)\n\(r.stderr)", file: file, line: line)
        let data = try Data(contentsOf: out)
        var answers = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        answers["stderr"] = r.stderr  // the server's diagnostics (the SDK passes them on)
        return answers
    }

    /// One question: the tool's arguments, the CLI's arguments, and which member of the
    /// structured result holds the CLI's JSON.
    struct Question {
        var name: String
        var tool: String
        var arguments: [String: Any]
        var cli: [String]
        var part = "rows"
        /// Members that differ by nature between two runs: a check's input file is imported
        /// privately each time, at its own time (`current.imported_at`).
        var ignore: [String] = []
    }

    func questions() -> [Question] {
        let samples = root.appendingPathComponent("SampleArchives").path
        let baseline = root.appendingPathComponent("tap-stepper.baseline.json").path
        return [
            Question(name: "report updates --by view (trace)", tool: "report", arguments: ["name": "updates", "trace": "trip-taps", "by": "view"],
                     cli: ["report", "updates", "--trace", "trip-taps", "--by", "view"]),
            Question(name: "report updates --by view (snapshot)", tool: "report", arguments: ["name": "updates", "snapshot": "planner-profiled", "by": "view"],
                     cli: ["report", "updates", "--snapshot", "planner-profiled", "--by", "view"]),
            Question(name: "report rule-cost --limit 3", tool: "report", arguments: ["name": "rule-cost", "snapshot": "planner-profiled", "limit": 3],
                     cli: ["report", "rule-cost", "--snapshot", "planner-profiled", "--limit", "3"]),
            Question(name: "why --view (snapshot)", tool: "why", arguments: ["view": "Trip", "snapshot": "trip-3-after-invalidate"],
                     cli: ["why", "--view", "Trip", "--snapshot", "trip-3-after-invalidate"]),
            Question(name: "why --view (trace)", tool: "why", arguments: ["view": "TripView", "trace": "trip-taps"],
                     cli: ["why", "--view", "TripView", "--trace", "trip-taps"]),
            Question(name: "why ATTR --run", tool: "why", arguments: ["attribute": "3152", "run": "trip-frame-info"],
                     cli: ["why", "3152", "--run", "trip-frame-info"]),
            Question(name: "walk", tool: "walk", arguments: ["attribute": "3032", "snapshot": "trip-1-before"],
                     cli: ["walk", "3032", "--snapshot", "trip-1-before"]),
            Question(name: "cycles", tool: "cycles", arguments: [:], cli: ["cycles"]),
            Question(name: "cycles --trace", tool: "cycles", arguments: ["trace": "sheet-cycle"], cli: ["cycles", "--trace", "sheet-cycle"]),
            Question(name: "findings", tool: "findings", arguments: [:], cli: ["findings"], part: "result"),
            Question(name: "findings --trace", tool: "findings", arguments: ["trace": ["broad-write"]], cli: ["findings", "--trace", "broad-write"], part: "result"),
            Question(name: "findings (file)", tool: "findings", arguments: ["inputs": ["SampleArchives/findings/console/wasted-rows.log"]],
                     cli: ["findings", samples + "/findings/console/wasted-rows.log"], part: "result"),
            Question(name: "compare (labels)", tool: "compare", arguments: ["a": ["tap-stepper"], "b": ["tap-stepper-regressed"]],
                     cli: ["compare", "tap-stepper", "tap-stepper-regressed"]),
            Question(name: "compare (files)", tool: "compare",
                     arguments: ["a": ["SampleArchives/traces/trip-taps.ag-trace"], "b": ["SampleArchives/traces/trip-taps.ag-trace"], "by": "rule"],
                     cli: ["compare", samples + "/traces/trip-taps.ag-trace", samples + "/traces/trip-taps.ag-trace", "--by", "rule"]),
            Question(name: "diff", tool: "diff", arguments: ["from": "trip-1-before", "to": "trip-4-after-body"],
                     cli: ["diff", "trip-1-before", "trip-4-after-body"], part: "diff"),
            Question(name: "diff --details", tool: "diff", arguments: ["from": "trip-2-after-write", "to": "trip-3-after-invalidate", "details": true],
                     cli: ["diff", "trip-2-after-write", "trip-3-after-invalidate", "--details"]),
            Question(name: "list", tool: "list", arguments: [:], cli: ["list"]),
            Question(name: "query", tool: "query", arguments: ["sql": "SELECT label, format_version FROM snapshots ORDER BY label"],
                     cli: ["query", "SELECT label, format_version FROM snapshots ORDER BY label"]),
            Question(name: "check (regressed)", tool: "check",
                     arguments: ["baseline": "tap-stepper.baseline.json", "transcript": "SampleArchives/ci/tap-stepper-regressed.lldb.log"],
                     cli: ["check", "--baseline", baseline, "--transcript", samples + "/ci/tap-stepper-regressed.lldb.log"], part: "report", ignore: ["current.imported_at"]),
            Question(name: "check (passes)", tool: "check",
                     arguments: ["baseline": "tap-stepper.baseline.json", "transcript": "SampleArchives/ci/tap-stepper.lldb.log"],
                     cli: ["check", "--baseline", baseline, "--transcript", samples + "/ci/tap-stepper.lldb.log"], part: "report", ignore: ["current.imported_at"]),
            Question(name: "check --max-cycles", tool: "check", arguments: ["console": "SampleArchives/console/sheet-loop.log", "maxCycles": 0],
                     cli: ["check", "--max-cycles", "0", "--console", samples + "/console/sheet-loop.log"], part: "report", ignore: ["current.imported_at"]),
        ]
    }

    func testTheSDKDrivesBothErasAndEveryToolAnswersAsTheCLI() throws {
        let python = try PythonClients.python()
        try FileManager.default.copyItem(atPath: CLI.samples, toPath: root.appendingPathComponent("SampleArchives").path)

        // Imported through the tool (the stateless flow), into a database made by it.
        let imported = try drive(python, mode: "auto", phase: "import")
        XCTAssertEqual(imported["protocolVersion"] as? String, "2026-07-28")
        let tools = try XCTUnwrap(imported["tools"] as? [[String: Any]])
        XCTAssertEqual(tools.map { $0["name"] as? String }, ["import", "list", "query", "report", "why", "walk", "diff", "compare", "cycles", "findings", "check"])
        XCTAssertEqual(imported["toolPages"] as? Int, 3, "11 tools in pages of 4")
        for tool in tools {
            XCTAssertEqual(tool["hasInput"] as? Bool, true)
            XCTAssertEqual(tool["hasOutput"] as? Bool, true)
            XCTAssertTrue((tool["description"] as? String ?? "").contains("AttributeGraph"), "\(tool)")
        }
        let importResult = try XCTUnwrap(imported["import"] as? [String: Any])
        let structured = try XCTUnwrap(importResult["structured"] as? [String: Any])
        XCTAssertGreaterThan(structured["imported"] as? Int ?? 0, 20, "\(importResult)")
        let listed = try XCTUnwrap((imported["list"] as? [String: Any])?["rows"] as? [[String: Any]])
        let cliList = try runAgtrace(["list", "--db", db, "--format", "json"], status: 0)
        XCTAssertEqual(listed.count, (try JSONSerialization.jsonObject(with: Data(cliList.stdout.utf8)) as? [Any])?.count)

        try runAgtrace(["baseline", "--db", db, "--transcript", root.appendingPathComponent("SampleArchives/ci/tap-stepper.lldb.log").path,
                        "--output", root.appendingPathComponent("tap-stepper.baseline.json").path], status: 0)

        // What the CLI prints for each question.
        var asked: [[String: Any]] = []
        for q in questions() {
            let r = try CLI.run(q.cli + ["--db", db, "--format", "json"])
            XCTAssertTrue(r.status == 0 || q.tool == "check", "agtrace \(q.cli.joined(separator: " ")): \(r.stderr)")
            let expected = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8), options: [.fragmentsAllowed])
            asked.append(["name": q.name, "tool": q.tool, "arguments": q.arguments, "part": q.part, "ignore": q.ignore, "expected": expected])
        }
        let questionsFile = root.appendingPathComponent("questions.json")
        try JSONSerialization.data(withJSONObject: asked).write(to: questionsFile)

        for mode in ["auto", "legacy"] {
            let out = try drive(python, mode: mode, phase: "ask", questions: questionsFile)
            XCTAssertEqual(out["protocolVersion"] as? String, mode == "auto" ? "2026-07-28" : "2025-11-25")
            let answers = try XCTUnwrap(out["answers"] as? [[String: Any]])
            XCTAssertEqual(answers.count, asked.count)
            for answer in answers {
                let name = answer["name"] as? String ?? "?"
                XCTAssertEqual(answer["equal"] as? Bool, true, "\(mode): \(name): the tool's result differs from the CLI's --format json\n\(answer)")
                XCTAssertEqual(answer["isError"] as? Bool, false, "\(mode): \(name): \(answer["text"] ?? "")")
                XCTAssertFalse((answer["text"] as? String ?? "").isEmpty, "\(mode): \(name): no text rendering")
            }
            let statuses = answers.filter { ($0["name"] as? String ?? "").hasPrefix("check") }.map { $0["exitStatus"] as? Int }
            XCTAssertEqual(statuses, [1, 0, 1], "check's exit status as the CLI's: regressed, passed, cycles over the limit")
            XCTAssertTrue((out["resources"] as? [String] ?? []).contains("agtrace://schema"))
            XCTAssertTrue((out["resources"] as? [String] ?? []).contains { $0.hasPrefix("agtrace://recordings/trace/") })
            let schema = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/schema.md"), encoding: .utf8)
            XCTAssertEqual(out["schema"] as? String, schema, "agtrace://schema is docs/schema.md")
            XCTAssertEqual(out["prompts"] as? [String], ["why-does-view-rerender", "what-regressed", "explain-cycle"])
            XCTAssertTrue((out["promptText"] as? String ?? "").contains("TripView"))
            let unknown = try XCTUnwrap(out["unknownLabel"] as? [String: Any])
            XCTAssertEqual(unknown["isError"] as? Bool, true)
            XCTAssertTrue((unknown["text"] as? String ?? "").contains("no-such-trace"), "\(unknown)")
            let outside = try XCTUnwrap(out["outsideRoot"] as? [String: Any])
            XCTAssertEqual(outside["isError"] as? Bool, true)
            XCTAssertTrue((outside["text"] as? String ?? "").contains("outside the root"), "\(outside)")
            let write = try XCTUnwrap(out["write"] as? [String: Any])
            XCTAssertEqual(write["isError"] as? Bool, true, "\(write)")
            XCTAssertNotEqual(out["cancelled"] as? String, "answered", "the endless query was answered")
            XCTAssertEqual(((out["afterCancel"] as? [String: Any])?["rows"] as? [[String: Any]])?.first?["n"] as? Int, 7,
                           "after the SDK cancelled a call, the next is answered: \(out["cancelled"] ?? "")")
            XCTAssertTrue((out["stderr"] as? String ?? "").contains("(tools/call) stopped after its cancellation"),
                          "the SDK's cancellation interrupted the query:\n\(out["stderr"] ?? "")")
        }
    }
}
