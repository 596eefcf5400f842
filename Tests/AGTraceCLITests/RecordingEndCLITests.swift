import AGTraceKit
import Foundation
import XCTest

/// Every kind of recording says how it ended, and `check` and `compare` read that one answer:
/// a copy that ends in a crash, that was cut, or whose durations were made impossible in one
/// place is refused by `check` (exit 3) and flagged by `compare`, never passed as an improvement.
final class RecordingEndCLITests: CLITestCase {
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func write(_ name: String, _ bytes: [UInt8]) -> String {
        FileManager.default.createTestFile(atPath: path(name), contents: Data(bytes))
        return path(name)
    }

    /// The first six lines of a console with `_printChanges` lines, then each crash signature
    /// (part 14's, read in transcripts, and the console's own): `check` exits 3, `import` warns
    /// and stores the end, `list` shows it, `compare` warns; --allow-incomplete checks it anyway.
    func testAConsoleThatShowsACrashNeverPasses() throws {
        let head = "ContentModel: @self, @identity, _sheetShown, _counter changed.\nContentModel: _counter changed.\nContentModel: unchanged.\nContentModel: unchanged.\nContentModel: unchanged.\nContentModel: unchanged.\n"
        let full = write("full.log", Array((head + "Sheet: @self changed.\n").utf8))
        try runAgtrace(["baseline", "--console", full, "-o", path("b.json")], status: 0)
        let signatures = [
            "Thread 1: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
            "Thread 1: Fatal error: attempting to create attribute with no subgraph:",
            "Sheet.swift:12: Fatal error: Index out of range",
            "Thread 1: EXC_BAD_ACCESS (code=1, address=0x10)",
            "Thread 1: signal SIGABRT",
            "* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BREAKPOINT (code=1, subcode=0x1)",
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'bad'",
            "Message from debugger: Terminated due to signal 9",
            "AttributeGraph precondition failure: cyclic graph: 42.",
            "\u{1F4A3} Program crashed: Bad pointer dereference at 0x0000000000000000",
            "Segmentation fault (core dumped)",
            "Process 4137 exited with status = 6 (0x00000006)",
            "\u{1B}[31m[Simulator] Thread 1: Fatal error: boom\u{1B}[0m",
        ]
        for (i, signature) in signatures.enumerated() {
            let crashed = write("crashed-\(i).log", Array((head + signature + "\n").utf8))
            let check = try CLI.run(["check", "--baseline", path("b.json"), "--console", crashed])
            XCTAssertEqual(check.status, 3, "\(signature)\n\(check.stdout)\(check.stderr)")
            XCTAssertTrue(check.stderr.contains("did not end normally"), check.stderr)
            XCTAssertFalse(check.stdout.contains("PASS"), check.stdout)
            let forced = try CLI.run(["check", "--baseline", path("b.json"), "--console", crashed, "--allow-incomplete"])
            XCTAssertEqual(forced.status, 0, forced.stderr)
            let compare = try CLI.run(["compare", full, crashed])
            XCTAssertTrue(compare.stderr.contains("did not end normally"), "\(signature)\n\(compare.stderr)")
        }
        let imported = try CLI.run(["import", "--db", db, path("crashed-0.log")])
        XCTAssertTrue(imported.stderr.contains("warning: crashed-0: the recording did not end normally (crashed: Fatal error: Unexpectedly found nil"), imported.stderr)
        let listed = try CLI.run(["list", "--db", db, "--format", "csv"])
        XCTAssertTrue(listed.stdout.contains(",0,6,0,,,,crashed: Fatal error: Unexpectedly found nil while unwrapping an Optional value,"), listed.stdout)
        // The same log with a clean exit, and with none shown, passes.
        for (name, tail) in [("exited.log", "Program ended with exit code: 0\n"), ("open.log", "")] {
            let clean = write(name, Array((head + "Sheet: @self changed.\n" + tail).utf8))
            XCTAssertEqual(try CLI.run(["check", "--baseline", path("b.json"), "--console", clean]).status, 0, name)
        }
    }

    /// A trace cut at any point never passes: refused (no EndTrace), or, where the cut left no
    /// evaluation, not counted; `compare` flags it.
    func testATraceCutAnywhereNeverPasses() throws {
        let trace = CLI.samples + "/traces/feed-select.ag-trace"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: trace)))
        try runAgtrace(["baseline", "--trace", trace, "-o", path("t.json")], status: 0)
        var random = SeededRandom(seed: 21)
        for i in 0..<12 {
            let cut = 16 + Int(random.next() % UInt64(bytes.count - 20))
            let file = write("cut-\(i).ag-trace", Array(bytes.prefix(cut)))
            let check = try CLI.run(["check", "--baseline", path("t.json"), "--trace", file])
            XCTAssertNotEqual(check.status, 0, "cut at \(cut): \(check.stdout)")
            XCTAssertFalse(check.stdout.contains("PASS"), "cut at \(cut): \(check.stdout)")
        }
    }

    /// An Instruments export cut at any byte never passes: the recording is refused as cut
    /// (exit 3), or the cut left nothing to count (exit 3), never a PASS with fewer updates.
    func testAnInstrumentsExportCutAnywhereNeverPasses() throws {
        let source = CLI.samples + "/xctrace/feed-before"
        try runAgtrace(["baseline", "--xctrace", source, "-o", path("x.json")], status: 0)
        let updates = Array(try Data(contentsOf: URL(fileURLWithPath: source + "/swiftui-updates.xml")))
        var random = SeededRandom(seed: 46)
        for i in 0..<8 {
            let folder = dir.appendingPathComponent("cut-\(i)")
            try FileManager.default.copyItem(atPath: source, toPath: folder.path)
            let cut = 200 + Int(random.next() % UInt64(updates.count - 400))
            FileManager.default.createTestFile(atPath: folder.appendingPathComponent("swiftui-updates.xml").path, contents: Data(updates.prefix(cut)))
            let check = try CLI.run(["check", "--baseline", path("x.json"), "--xctrace", folder.path])
            XCTAssertNotEqual(check.status, 0, "cut at \(cut): \(check.stdout)\(check.stderr)")
            XCTAssertFalse(check.stdout.contains("PASS"), "cut at \(cut): \(check.stdout)")
        }
    }

    /// An evaluation whose end comes before its begin, or whose end is infinite, makes the trace
    /// doubtful: an import note with its seq, `check --time` exits 3 naming it, never a
    /// smaller total; and an Instruments update of -80 ms the same.
    func testImpossibleDurationsMakeARecordingDoubtful() throws {
        let trace = CLI.samples + "/traces/feed-select.ag-trace"
        try runAgtrace(["baseline", "--trace", trace, "--time", "-o", path("t.json")], status: 0)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: trace)))
        for (name, value) in [("negative", -1.0), ("infinite", Double.infinity)] {
            // The last fixed64 timestamp of an EndValueUpdate event (type 8): field 2, wire type 1.
            let patched = try XCTUnwrap(Self.replacingLastEndTime(bytes, with: value), "no EndValueUpdate with a time")
            let file = write("\(name).ag-trace", patched)
            let imported = try CLI.run(["import", "--db", db, file])
            XCTAssertTrue(imported.stderr.contains("impossible duration"), imported.stderr)
            let check = try CLI.run(["check", "--baseline", path("t.json"), "--time", "--trace", file])
            XCTAssertEqual(check.status, 3, "\(name): \(check.stdout)\(check.stderr)")
            XCTAssertTrue(check.stderr.contains("impossible durations") && check.stderr.contains("at seq "), check.stderr)
            XCTAssertTrue(try CLI.run(["compare", trace, file]).stderr.contains("did not end normally (impossible durations"), name)
        }
        // Instruments: one update's duration made -80 ms.
        let folder = dir.appendingPathComponent("slow")
        try FileManager.default.copyItem(atPath: CLI.samples + "/xctrace/feed-before", toPath: folder.path)
        try runAgtrace(["baseline", "--xctrace", folder.path, "--time", "-o", path("x.json")], status: 0)
        let updates = folder.appendingPathComponent("swiftui-updates.xml")
        var text = try String(contentsOf: updates, encoding: .utf8)
        let range = try XCTUnwrap(text.range(of: #"<duration id="[0-9]+" fmt="[^"]*">[0-9]+</duration>"#, options: .regularExpression))
        let id = String(text[range]).split(separator: "\"")[1]
        text.replaceSubrange(range, with: "<duration id=\"\(id)\" fmt=\"-80.00 ms\">-80000000</duration>")
        try text.write(to: updates, atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", "--baseline", path("x.json"), "--time", "--xctrace", folder.path])
        XCTAssertEqual(check.status, 3, check.stdout + check.stderr)
        XCTAssertTrue(check.stderr.contains("negative duration (the first, row "), check.stderr)
    }

    /// `check --max-cycles 0` with no baseline: exit 1 on a log with cycles, 0 on a clean one;
    /// a coloured or prefixed cycle line still counts; `--trace T --console LOG` counts the
    /// trace and gates on the log's cycles and warnings.
    func testCyclesAndWarningsGateWithoutABaseline() throws {
        let cycles = write("cycles.log", Array("V: @self changed.\n\u{1B}[31m=== AttributeGraph: cycle detected through attribute 42 ===\u{1B}[0m\n".utf8))
        let prefixed = write("prefixed.log", Array("stderr | [Simulator] === AttributeGraph: cycle detected through attribute 42 ===\n".utf8))
        let clean = write("clean.log", Array("V: @self changed.\n".utf8))
        let warned = write("warned.log", Array("V: @self changed.\n2024-04-01 11:18:40.997781+0800 App[893:14394] [SwiftUI] Modifying state during view update, this will cause undefined behavior.\n".utf8))
        XCTAssertEqual(try CLI.run(["check", "--max-cycles", "0", "--console", cycles]).status, 1)
        XCTAssertEqual(try CLI.run(["check", "--max-cycles", "0", "--console", prefixed]).status, 1)
        XCTAssertEqual(try CLI.run(["check", "--max-cycles", "0", "--console", clean]).status, 0)
        XCTAssertEqual(try CLI.run(["check", "--max-cycles", "0", "--console", warned]).status, 0)
        let warnings = try CLI.run(["check", "--max-warnings", "0", "--console", warned, "--format", "json"])
        XCTAssertEqual(warnings.status, 1, warnings.stderr)
        XCTAssertTrue(warnings.stdout.contains(#""warnings": {"count": 1, "max_warnings": 0, "exceeded": true"#), warnings.stdout)
        let noBaseline = try CLI.run(["check", "--console", clean])
        XCTAssertEqual(noBaseline.status, 2)
        XCTAssertTrue(noBaseline.stderr.contains("or --max-cycles N / --max-warnings N"), noBaseline.stderr)
        // Beside a trace: the trace is counted, the log gates.
        let trace = CLI.samples + "/traces/feed-select.ag-trace"
        try runAgtrace(["baseline", "--trace", trace, "-o", path("t.json")], status: 0)
        let gated = try CLI.run(["check", "--baseline", path("t.json"), "--trace", trace, "--console", cycles, "--max-cycles", "0"])
        XCTAssertEqual(gated.status, 1, gated.stdout + gated.stderr)
        XCTAssertTrue(gated.stdout.contains("FAIL: 1 cycle report"), gated.stdout)
        XCTAssertTrue(gated.stdout.contains("no regressions in 4 rules"), gated.stdout)
        XCTAssertTrue(gated.stdout.contains("the check failed on its cycle reports"), gated.stdout)
        XCTAssertFalse(gated.stdout.contains("many small increases"), gated.stdout)
        XCTAssertEqual(try CLI.run(["check", "--baseline", path("t.json"), "--trace", trace, "--console", clean, "--max-cycles", "0"]).status, 0)
        XCTAssertEqual(try CLI.run(["check", "--trace", trace, "--max-warnings", "0"]).status, 2, "warnings need a console log")
    }

    /// `report updates --console C` of a log with cycles and no `_printChanges` lines says so,
    /// rather than an unexplained `(no rows)`.
    func testAnUpdatesReportOfALogWithoutBodyLinesSaysWhy() throws {
        let log = write("cycles-only.log", Array("=== AttributeGraph: cycle detected through attribute 1 ===\n=== AttributeGraph: cycle detected through attribute 2 ===\n".utf8))
        try runAgtrace(["import", "--db", db, log], status: 0)
        let r = try runAgtrace(["report", "updates", "--db", db, "--console", "cycles-only"], status: 0)
        XCTAssertTrue(r.stderr.contains("console 'cycles-only' holds 2 cycle reports, 0 warnings and no _printChanges lines"), r.stderr)
        // A mistyped label gets a suggestion, as views and options do.
        let typo = try runAgtrace(["report", "updates", "--db", db, "--console", "cycles-onyl"], status: 1)
        XCTAssertTrue(typo.stderr.contains("no console labelled 'cycles-onyl' (did you mean 'cycles-only'?)"), typo.stderr)
        let checked = try runAgtrace(["check", "--db", db, "--console", "cycles-onyl", "--max-cycles", "0"], status: 3)
        XCTAssertTrue(checked.stderr.contains("(did you mean 'cycles-only'?)"), checked.stderr)
    }

    static func replacingLastEndTime(_ bytes: [UInt8], with value: Double) -> [UInt8]? {
        // Each event is field 1 (length-delimited) of the file; inside, field 1 varint is its
        // type and field 2 fixed64 its time. Scan for `08 08 11` (type 8, then the time's key).
        var at: Int?
        var i = 0
        while i + 11 <= bytes.count {
            if bytes[i] == 0x08, bytes[i + 1] == 0x08, bytes[i + 2] == 0x11 { at = i + 3 }
            i += 1
        }
        guard let at else { return nil }
        var out = bytes
        for k in 0..<8 { out[at + k] = UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64(k))) }
        return out
    }
}
