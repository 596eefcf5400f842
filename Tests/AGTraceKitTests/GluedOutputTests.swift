import Foundation
import XCTest
@testable import AGTraceKit

/// A program's output without a trailing newline puts lldb's next line after it on the same
/// line (`Loaded 3 items(lldb)  bt 1`). No hit may be lost to it.
final class GluedOutputTests: XCTestCase {
    /// What the hits of a transcript are, in order: kind, attribute, input.
    func hits(_ bytes: [UInt8]) throws -> (hits: [String], summary: TranscriptSummary) {
        var sink = CollectingSink()
        let summary = try TranscriptReader(source: MemorySource(bytes), path: "glued.lldb.log").read(into: &sink)
        return (sink.events.map { "\($0.kind.rawValue) \($0.attribute.map(String.init) ?? "nil") \($0.inputAttribute.map(String.init) ?? "-")" }, summary)
    }

    func hits(_ text: String) throws -> (hits: [String], summary: TranscriptSummary) { try hits(Array(text.utf8)) }

    /// An x86-64 session with breakpoint 3 on update_attribute running `commands`, and
    /// breakpoint 1 on invalidate printing `p/d $edi`.
    static func session(update commands: String) -> String {
        """
        (lldb) breakpoint set -n IAGGraphInvalidateValue -G true -C "p/d $edi"
        Breakpoint 1: where = agdriver`::IAGGraphInvalidateValue(IAGAttribute) + 11 at IAGGraph.cpp:614:42, address = 0x000000000006753b
        (lldb) breakpoint set -n IAG::Graph::update_attribute -G true \(commands)
        Breakpoint 3: where = agdriver`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int) + 32 at Graph.cpp:1150:11, address = 0x0000000000054090
        (lldb) run

        """
    }

    /// Every transcript of SampleArchives (each shape of docs/formats.md) and the CI example's.
    static func transcripts() throws -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        for name in BreakpointFixtures.sampleNames { out.append((name, try BreakpointFixtures.sampleBytes(name))) }
        let ci = TestPaths.sampleArchives.appendingPathComponent("ci")
        for name in ["tap-stepper.lldb.log", "tap-stepper-regressed.lldb.log", "tap-stepper-crashed.lldb.log"] {
            out.append((name, Array(try Data(contentsOf: ci.appendingPathComponent(name)))))
        }
        return out
    }

    /// Program output without a newline (and some with one), as apps print it.
    static let outputs = ["Loaded 3 items", "progress: 42% ", "x", "(", "\t", "Saving… ", "[Planner] 12:00:01 tap ",
                          "value = 0x10 ", "frame #3 done ", "* ", "AG", "thread #2 idle ", "Fatal"]

    /// The property: program output inserted without a newline at the start of any lines (where
    /// a program's text lands: lldb ends every line it prints), and whole lines of it anywhere,
    /// never change the hits, their attributes or inputs, nor how the recording ended; in LF
    /// and CRLF files alike.
    func testProgramOutputWithoutNewlinesAnywhereNeverChangesTheHits() throws {
        var random = SeededRandom(seed: 27)
        for (name, bytes) in try Self.transcripts() {
            let expected = try hits(bytes).hits
            XCTAssertFalse(expected.isEmpty, name)
            var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            for trial in 0..<(Int(ProcessInfo.processInfo.environment["AGTRACE_GLUE_TRIALS"] ?? "") ?? 40) {
                var glued = lines
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let at = Int.random(in: 0..<glued.count, using: &random)
                    let text = Self.outputs.randomElement(using: &random)!
                    // Sometimes a whole line of output first, then one without a newline.
                    if Bool.random(using: &random) { glued.insert("ui-script: step \(trial)", at: at) }
                    // Not onto a line typed at lldb's `> ` prompt (a command body): that is
                    // input, which the program's output comes before or after, never into.
                    if glued[at].hasPrefix(">") { continue }
                    glued[at] = text + glued[at]
                }
                let crlf = trial % 4 == 3
                let text = glued.joined(separator: crlf ? "\r\n" : "\n") + (crlf ? "\r\n" : "\n")
                let got = try hits(text)
                if got.hits != expected {
                    if let dump = ProcessInfo.processInfo.environment["AGTRACE_GLUE_DUMP"] { try? text.write(toFile: dump, atomically: true, encoding: .utf8) }
                    let first = Array(zip(got.hits, expected)).firstIndex { $0.0 != $0.1 } ?? min(got.hits.count, expected.count)
                    XCTFail("\(name), trial \(trial): \(got.hits.count) hits, not \(expected.count); first difference at #\(first + 1): "
                            + "\(first < got.hits.count ? got.hits[first] : "none") instead of \(first < expected.count ? expected[first] : "none")\n"
                            + glued.enumerated().filter { $0.element != lines[min($0.offset, lines.count - 1)] }.prefix(8).map { "\($0.offset + 1): \($0.element)" }.joined(separator: "\n"))
                    return
                }
                var originalSink = CollectingSink(), gluedSink = CollectingSink()
                let originalEnd = try TranscriptReader(source: MemorySource(bytes), path: "a").readRecording(into: &originalSink).end
                let gluedEnd = try TranscriptReader(source: MemorySource(text), path: "a").readRecording(into: &gluedSink).end
                XCTAssertEqual(gluedEnd, originalEnd, "\(name), trial \(trial): \(glued.suffix(3).joined(separator: " | "))")
            }
        }
    }

    /// Each command shape, its echo glued after program output: the same hits.
    func testAGluedEchoOfEveryCommandShapeIsRead() throws {
        let frameInfo = "frame #0: 0x00005555555a8090 agdriver`IAG::Graph::update_attribute(this=0x0000555555655a50, node=(_offset = 792), options=0) at Graph.cpp:1150:11\n"
        let header = "* thread #1, name = 'agdriver', stop reason = breakpoint 3.1\n"
        let stripped = "    frame #0: 0x00005555555a8070 agdriver-stripped`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)\n"
        let shapes: [(String, String)] = [
            ("-C \"frame info\"", "(lldb)  frame info\n" + frameInfo),
            ("-C \"bt 1\" -C \"register read esi\"", "(lldb)  bt 1\n" + header + stripped + "(lldb)  register read esi\n     esi = 0x00000318\n"),
            ("-C \"p/d $esi\"", "(lldb)  p/d $esi\n(unsigned int) 792\n"),
            ("-C \"expression -- $esi\"", "(lldb)  expression -- $esi\n(unsigned int) $0 = 792\n"),
            ("-C \"frame variable node\"", "(lldb)  frame variable node\n(IAG::data::ptr<IAG::Node>) node = (_offset = 792)\n"),
            ("-C \"thread backtrace 1\" -C \"p/x $rsi\"", "(lldb)  thread backtrace 1\n" + header + stripped + "(lldb)  p/x $rsi\n(unsigned long) 0x0000000000000318\n"),
            ("-C \"script print('hit')\" -C \"p/d $esi\"", "(lldb)  script print('hit')\nhit\n(lldb)  p/d $esi\n(unsigned int) 792\n"),
        ]
        for (commands, hit) in shapes {
            let session = Self.session(update: commands)
            let plain = session + hit + "main: step\n" + hit + hit + "Process 77 exited with status = 0 (0x00000000)\n"
            let expected = try hits(plain)
            XCTAssertEqual(expected.hits, ["update 792 -", "update 792 -", "update 792 -"], commands)
            let glued = session + hit + "main: step\n" + "Loaded 3 items" + hit + "Saving… " + hit
                + "done" + "Process 77 exited with status = 0 (0x00000000)\n"
            let got = try hits(glued)
            XCTAssertEqual(got.hits, expected.hits, commands)
            XCTAssertEqual(got.summary.skippedLines, expected.summary.skippedLines + 2, "\(commands): each program text is a skipped line")
            var sink = CollectingSink()
            XCTAssertEqual(try TranscriptReader(source: MemorySource(glued), path: "g").readRecording(into: &sink).end, .exited(status: 0), commands)
        }
    }

    /// Glued inside a hit, where lldb's output of the hit's command was due: read too.
    func testGluedCommandOutputIsRead() throws {
        let session = Self.session(update: "-C \"bt 1\" -C \"register read esi\"")
        let hit = "(lldb)  bt 1\nLoaded* thread #1, name = 'agdriver', stop reason = breakpoint 3.1\n"
            + "items    frame #0: 0x00005555555a8070 agdriver-stripped`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)\n"
            + "(lldb)  register read esi\nitemsesi = 0x00000318\n"
            + "(lldb)  p/d $edi\n"
        let got = try hits(session + hit + "Saved(unsigned int) 628\n")
        XCTAssertEqual(got.hits, ["update 792 -", "invalidate 628 -"])
        XCTAssertEqual(got.summary.unreadableInHits, 0)
    }

    /// What still cannot be read where a hit's output was due is counted and named by line.
    func testUnreadableOutputInsideAHitIsNamedByLine() throws {
        let session = Self.session(update: "-C \"bt 1\" -C \"register read w1\"")
        // `register read w1` on x86-64: lldb's error in place of the value.
        let hit = "(lldb)  bt 1\n* thread #1, name = 'agdriver', stop reason = breakpoint 3.1\n"
            + "    frame #0: 0x00005555555a8070 agdriver-stripped`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)\n"
            + "(lldb)  register read w1\nerror: Invalid register name 'w1'.\n"
        let text = session + hit + "app: tick\n" + hit
        let got = try hits(text)
        XCTAssertEqual(got.hits, ["update nil -", "update nil -"])
        XCTAssertEqual(got.summary.incompleteHits, 2)
        XCTAssertEqual(got.summary.unreadableInHits, 2)
        let lines = text.components(separatedBy: "\n")
        XCTAssertEqual(got.summary.unreadableLines, lines.indices.filter { lines[$0].hasPrefix("error: Invalid register") }.map { $0 + 1 })
        XCTAssertEqual(got.summary.skippedLines, 1 + 1 + 2, "`(lldb) run`, the program's line, the errors")
        let warning = try XCTUnwrap(TranscriptWarnings.unreadable(got.summary))
        XCTAssertTrue(warning.hasPrefix("lines \(got.summary.unreadableLines.map(String.init).joined(separator: ", ")) came where a hit's command output was due"), warning)
        // Program output between hits, after the hit's output came, is not named.
        let fine = try hits(session + "(lldb)  p/d $edi\n(unsigned int) 628\nLoaded 3 items\nsaving\n")
        XCTAssertEqual(fine.summary.unreadableInHits, 0)
    }

    /// A made-up line of a thousand glued headers or echoes is read in bounded work: split a
    /// few times, the rest one skipped line.
    func testAManyTimesGluedLineIsBounded() throws {
        let header = String(repeating: "x* thread #1, stop reason = breakpoint 3.1", count: 1500)
        let echoes = String(repeating: "y(lldb)  p/d $esi", count: 3000)
        let text = Self.session(update: "-C \"p/d $esi\"") + header + "\n" + echoes + "\n(lldb)  p/d $esi\n(unsigned int) 792\n"
        let got = try hits(text)
        XCTAssertEqual(got.hits.last, "update 792 -")
        XCTAssertLessThanOrEqual(got.hits.count, 2 * (TranscriptParser.maxGluesPerLine + 1) + 1)
    }

    /// Glued before a crash stop or an exit line: still the end.
    func testGluedEndsAreEnds() throws {
        let hits = RecordingEndTests.hits
        var sink = CollectingSink()
        func end(_ text: String) throws -> RecordingEnd {
            try TranscriptReader(source: MemorySource(text), path: "t").readRecording(into: &sink).end
        }
        XCTAssertEqual(try end(hits + "Loaded 3 itemsProcess 4242 exited with status = 0 (0x00000000)\n"), .exited(status: 0))
        XCTAssertEqual(try end(hits + "Loaded* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)\n").reason,
                       "crashed: EXC_BAD_ACCESS")
        XCTAssertEqual(try end(hits + "Loaded 3 items(lldb)  bt 1\n* thread #1, stop reason = Swift runtime failure: Index out of range\n").reason,
                       "crashed: Swift runtime failure: Index out of range")
    }
}
