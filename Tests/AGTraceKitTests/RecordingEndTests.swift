import Foundation
import XCTest
@testable import AGTraceKit

/// How a transcript says its recording ended (`runs.complete`, `runs.end_reason`).
final class RecordingEndTests: XCTestCase {
    /// Two update hits in shape 3 (`bt 1` + `register read w1`), as docs/ci.md records them.
    static let hits = """
        (lldb) breakpoint set -n AG::Graph::update_attribute -G true -C "bt 1" -C "register read w1"
        Breakpoint 1: where = AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int), address = 0x00000001c2b2f2e0
        (lldb) run
        Process 4242 launched: '/tmp/Planner' (arm64)

        """ + BreakpointFixtures.registerHits([("w1", 0x118), ("w1", 0x140)], backtrace: """
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1
          * frame #0: 0x00000001c2b2f300 AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32

        """)

    func end(_ text: String) throws -> (RecordingEnd, TranscriptSummary) {
        var sink = CollectingSink()
        let (summary, end) = try TranscriptReader(source: MemorySource(text), path: "t.lldb.log").readRecording(into: &sink)
        return (end, summary)
    }

    func testExitStatusZeroIsComplete() throws {
        let (e, s) = try end(Self.hits + "Process 4242 exited with status = 0 (0x00000000)\n(lldb) quit\n")
        XCTAssertEqual(e, .exited(status: 0))
        XCTAssertEqual(e.reason, "exited 0")
        XCTAssertTrue(e.isComplete)
        XCTAssertEqual(s.events, 2)
    }

    func testOtherExitStatusesFail() throws {
        let (e, _) = try end(Self.hits + "Process 4242 exited with status = 3 (0x00000003)\n")
        XCTAssertEqual(e.reason, "exited 3")
        XCTAssertFalse(e.isComplete)
        XCTAssertEqual(try end(Self.hits + "Process 4242 exited with status = -1 (0xffffffff) lost connection\n").0.reason, "exited -1")
    }

    func testACrashStopEndsTheRecording() throws {
        let crash = """
            Process 4242 stopped
            * thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)
                frame #0: 0x0000000100004f2c Planner`StepperRow.body.getter + 44
            Target 0: (Planner) stopped.

            """
        let (e, s) = try end(Self.hits + crash)
        XCTAssertEqual(e, .crashed(reason: "EXC_BAD_ACCESS"))
        XCTAssertEqual(e.reason, "crashed: EXC_BAD_ACCESS")
        XCTAssertEqual(s.events, 2, "the crash's frame is no hit")
        XCTAssertEqual(try end(Self.hits + "* thread #1, stop reason = EXC_CRASH (SIGABRT)\n").0.reason, "crashed: EXC_CRASH")
    }

    func testASignalStopEndsTheRecording() throws {
        XCTAssertEqual(try end(Self.hits + "* thread #1, name = 'Planner', stop reason = signal SIGABRT\n").0.reason, "crashed: signal SIGABRT")
        XCTAssertEqual(try end(Self.hits + "* thread #1, name = 'agdriver', stop reason = signal SIGSEGV: invalid address (fault address: 0x0)\n").0.reason,
                       "crashed: signal SIGSEGV")
    }

    func testAStopForASignalThatTheProcessSurvivesIsForgotten() throws {
        // Attached after a SIGSTOP, then hits, then a normal exit.
        let text = "Process 7311 stopped\n* thread #1, queue = 'com.apple.main-thread', stop reason = signal SIGSTOP\n"
            + Self.hits + "Process 4242 exited with status = 0 (0x00000000)\n"
        XCTAssertEqual(try end(text).0, .exited(status: 0))
        // Hits after the stop and no end: nothing says how it ended.
        XCTAssertEqual(try end("* thread #1, stop reason = signal SIGSTOP\n" + Self.hits).0, .noEndSeen)
        // A SIGSTOP after the hits (process interrupt) is no crash either.
        XCTAssertEqual(try end(Self.hits + "Process 4242 stopped\n* thread #1, stop reason = signal SIGSTOP\n").0, .noEndSeen)
        // A handled signal: the hits after it show the process went on.
        XCTAssertEqual(try end("* thread #1, stop reason = signal SIGUSR1\n" + Self.hits).0, .noEndSeen)
    }

    /// Every stop but a breakpoint, a watchpoint, a step (and lldb's other plans) or a plain
    /// SIGSTOP ends the recording as crashed, with the reason lldb gave.
    func testEveryStopThatIsNoBreakpointOrStepIsACrash() throws {
        let crashes: [(String, String)] = [
            // Swift traps: lldb's recognisers, the Mach exception on macOS, the signal on Linux.
            ("Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value",
             "Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value"),
            ("Swift runtime failure: Index out of range", "Swift runtime failure: Index out of range"),
            ("Fatal error: Unexpectedly found nil while unwrapping an Optional value",
             "Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
            ("hit program assert", "hit program assert"),
            ("EXC_BREAKPOINT (code=1, subcode=0x18f2e4a5c)", "EXC_BREAKPOINT"),
            ("EXC_BAD_INSTRUCTION (code=EXC_I386_INVOP, subcode=0x0)", "EXC_BAD_INSTRUCTION"),
            ("signal SIGTRAP", "signal SIGTRAP"),
            ("signal SIGILL: illegal instruction operand", "signal SIGILL"),
            ("signal SIGABRT", "signal SIGABRT"),
            // A sanitizer's report, and whatever reason lldb adds later.
            ("Use of deallocated memory", "Use of deallocated memory"),
            ("Heap buffer overflow", "Heap buffer overflow"),
            ("instrumentation", "instrumentation"),
        ]
        for (stop, reason) in crashes {
            let text = Self.hits + "Process 4242 stopped\n* thread #1, queue = 'com.apple.main-thread', stop reason = \(stop)\n"
                + "    frame #0: 0x000000019a8b2c3c libswiftCore.dylib`_assertionFailure(_:_:file:line:flags:) + 172\n"
                + "Target 0: (Planner) stopped.\n(lldb) quit\n"
            let (e, s) = try end(text)
            XCTAssertEqual(e.reason, "crashed: " + reason, stop)
            XCTAssertFalse(e.isComplete, stop)
            XCTAssertEqual(s.events, 2, "\(stop): the crash's frame is no hit")
        }
        let benign = ["watchpoint 1", "step over", "step in", "step out", "instruction step into", "trace", "plan complete",
                      "exec", "signal SIGSTOP", "breakpoint", "fork", "thread exiting"]
        for stop in benign {
            let text = Self.hits + "* thread #1, stop reason = \(stop)\n"
            XCTAssertEqual(try end(text).0, .noEndSeen, stop)
            XCTAssertEqual(try end(text + "Process 4242 exited with status = 0 (0x00000000)\n").0, .exited(status: 0), stop)
        }
        // A long reason is kept to its first 200 bytes, cut on a character.
        let long = String(repeating: "é", count: 300)
        let kept = try end(Self.hits + "* thread #1, stop reason = \(long)\n").0.reason
        XCTAssertTrue(kept.hasPrefix("crashed: éé") && kept.hasSuffix("é…") && kept.utf8.count <= 9 + 200 + 3, kept)
    }

    /// Swift's own line before it traps (its stop may be missing: Xcode's console shows none),
    /// and Xcode's banner copied with the console.
    func testSwiftsFatalErrorLinesAreACrash() throws {
        let lines: [(String, String)] = [
            ("Fatal error: Unexpectedly found nil while unwrapping an Optional value",
             "Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
            ("Planner/StepperRow.swift:14: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
             "Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
            ("Swift/ContiguousArrayBuffer.swift:600: Fatal error: Index out of range", "Fatal error: Index out of range"),
            ("Planner/Model.swift:3: Fatal error", "Fatal error"),
            ("Planner/Model.swift:9: Precondition failed: count >= 0", "Precondition failed: count >= 0"),
            ("Planner/Model.swift:9: Assertion failed", "Assertion failed"),
            ("Thread 1: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
             "Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
            ("Thread 1: EXC_BAD_ACCESS (code=1, address=0x0)", "EXC_BAD_ACCESS"),
            ("Thread 3: signal SIGABRT", "signal SIGABRT"),
            ("Thread 1: hit program assert", "hit program assert"),
            ("Thread 1: Swift runtime failure: Index out of range", "Swift runtime failure: Index out of range"),
            ("\u{1F4A3} Program crashed: Bad pointer dereference at 0x0000000000000000", "Program crashed: Bad pointer dereference at 0x0000000000000000"),
            ("*** Program crashed: Illegal instruction at 0x000055555555a1b4 ***", "Program crashed: Illegal instruction at 0x000055555555a1b4"),
        ]
        for (line, reason) in lines {
            XCTAssertEqual(try end(Self.hits + line + "\n").0.reason, "crashed: " + reason, line)
            XCTAssertEqual(try end(Self.hits + line + "\r\n").0.reason, "crashed: " + reason, "CRLF: " + line)
            // Hits printed after it (lldb prints the program's output from another thread) do not undo it.
            XCTAssertEqual(try end(Self.hits + line + "\n" + Self.hits).0.reason, "crashed: " + reason, line)
            // The stop that follows names less: the first crash is kept.
            XCTAssertEqual(try end(Self.hits + line + "\n* thread #1, stop reason = EXC_BREAKPOINT (code=1, subcode=0x1)\n").0.reason,
                           "crashed: " + reason, line)
            // A process that exits with 0 afterwards survived it (an app logging the words).
            XCTAssertEqual(try end(Self.hits + line + "\nProcess 4242 exited with status = 0 (0x00000000)\n").0, .exited(status: 0), line)
        }
        // An exit with another status after a crash: the crash says more.
        XCTAssertEqual(try end(Self.hits + "* thread #1, stop reason = EXC_BAD_ACCESS (code=1, address=0x10)\n"
                               + "Process 4242 exited with status = 9 (0x00000009)\n").0.reason, "crashed: EXC_BAD_ACCESS")
        // Program output that only mentions the words is not one.
        for line in ["Fatal error count: 0", "loader: Fatal error: retrying", "Thread 2: started", "Thread 1: breakpoint 1.1",
                     "Fatal errors: none", "Thread 1: signal SIGSTOP"] {
            XCTAssertEqual(try end(Self.hits + line + "\n").0, .noEndSeen, line)
        }
    }

    /// The crash stop comes where the output of the hit's last command was due (the text was
    /// cut inside a hit): the hit is kept as it is, and the recording crashed.
    func testACrashStopInPlaceOfACommandsOutput() throws {
        let crash = "Process 4242 stopped\n* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)\n"
            + "    frame #0: 0x0000000100004f2c Planner`StepperRow.body.getter + 44\nTarget 0: (Planner) stopped.\n"
        let open = "(lldb)  bt 1\n* thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1\n"
            + "  * frame #0: 0x00000001c2b2f300 AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32\n"
        for (cut, events) in [("(lldb)  bt 1\n", 3), (open + "(lldb)  register read w1\n", 3), (open, 3)] {
            var sink = CollectingSink()
            let (s, e) = try TranscriptReader(source: MemorySource(Self.hits + cut + crash), path: "t").readRecording(into: &sink)
            XCTAssertEqual(e.reason, "crashed: EXC_BAD_ACCESS", cut)
            XCTAssertEqual(s.events, events, cut)
            XCTAssertFalse(sink.events.contains { $0.symbol.contains("StepperRow") }, "the crash's frame is not the hit's: \(cut)")
        }
        // The same in the other shapes: a signal (Linux) in place of `frame info` or `p/d`.
        let linux = "* thread #1, name = 'agdriver', stop reason = signal SIGTRAP\n    frame #0: 0x0000555555556f00 agdriver`main + 12\n"
        let frameInfo = BreakpointFixtures.agdriverSession(invalidate: "-C \"frame info\"", propagateDirty: "-C \"frame info\"",
                                                           update: "-C \"frame info\"", addInput: "-C \"frame info\"")
            + "(lldb)  frame info\nframe #0: 0x00005555555a8090 agdriver`IAG::Graph::update_attribute(this=0x0000555555655a50, node=(_offset = 792), options=0) at Graph.cpp:1150:11\n"
            + "(lldb)  frame info\n"
        XCTAssertEqual(try end(frameInfo + linux).0.reason, "crashed: signal SIGTRAP")
        let printed = BreakpointFixtures.agdriverSession(invalidate: "-C \"p/d $edi\"", propagateDirty: "-C \"p/d $esi\"",
                                                         update: "-C \"p/d $esi\" -C \"bt 1\"", addInput: "-C \"p/d $esi\"")
            + "(lldb)  p/d $esi\n(unsigned int) 792\n(lldb)  bt 1\n" + linux
        XCTAssertEqual(try end(printed).0.reason, "crashed: signal SIGTRAP")
    }

    /// Commands typed at the crash (lldb's `-k "bt 1" -k "register read w1"` in a batch job,
    /// the breakpoint's own commands) look at it: no hit starts, and the crash stays the end.
    func testCommandsTypedAtACrashAreNoHit() throws {
        let crash = "Process 4242 stopped\n* thread #1, name = 'Planner', stop reason = signal SIGTRAP\n"
            + "    frame #0: 0x0000555555556f00 Planner`StepperRow.body.getter + 12\n"
        let typed = "(lldb)  bt 1\n* thread #1, name = 'Planner', stop reason = signal SIGTRAP\n"
            + "  * frame #0: 0x0000555555556f00 Planner`StepperRow.body.getter + 12\n"
            + "(lldb)  register read w1\n      w1 = 0x00000118\n(lldb) register read w1\n      w1 = 0x00000118\n(lldb) quit\n"
        let (e, s) = try end(Self.hits + crash + typed)
        XCTAssertEqual(e.reason, "crashed: signal SIGTRAP")
        XCTAssertEqual(s.events, 2)
        // Resumed (`continue`) and hit again: the signal was handled, the process went on.
        let resumed = Self.hits + crash + "(lldb) continue\nProcess 4242 resuming\n" + Self.hits.components(separatedBy: "(lldb) run\n").last!
        let (e2, s2) = try end(resumed + "Process 4242 exited with status = 0 (0x00000000)\n")
        XCTAssertEqual(e2, .exited(status: 0))
        XCTAssertEqual(s2.events, 4)
    }

    func testXcodesConsoleEndLines() throws {
        let log = "AG::Graph::update_attribute 3152\nAG::Graph::update_attribute 3216\n"
        XCTAssertEqual(try end(log + "Program ended with exit code: 0\n").0, .exited(status: 0))
        XCTAssertEqual(try end(log + "Program ended with exit code: 3\n").0.reason, "exited 3")
        XCTAssertEqual(try end(log + "Message from debugger: Terminated due to signal 15\n").0.reason, "signal SIGTERM")
        XCTAssertEqual(try end(log + "Message from debugger: Terminated due to signal 99\n").0.reason, "signal 99")
        XCTAssertEqual(try end(log + "Message from debugger: killed\n").0.reason, "signal SIGKILL")
        XCTAssertEqual(try end(log + "Message from debugger: unable to attach\n").0, .noEndSeen)
        XCTAssertEqual(try end(log).0, .noEndSeen)
    }

    func testATextCutInsideAHit() throws {
        // The last line has no newline: cut while lldb was printing.
        XCTAssertEqual(try end(String(Self.hits.dropLast(4))).0, .cutMidHit)
        // The register was never printed: the last hit has no attribute.
        let cut = Self.hits + "(lldb)  bt 1\n* thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1\n"
        let (e, s) = try end(cut)
        XCTAssertEqual(e, .cutMidHit)
        XCTAssertEqual(e.reason, "cut mid-hit")
        XCTAssertEqual(s.incompleteHits, 1)
    }

    func testNoEndSeenAfterAWholeHit() throws {
        let (e, _) = try end(Self.hits)
        XCTAssertEqual(e, .noEndSeen)
        XCTAssertEqual(e.reason, "no end seen")
        XCTAssertFalse(e.isComplete)
    }

    func testReasonsReadBack() {
        for e: RecordingEnd in [.exited(status: 0), .exited(status: 3), .crashed(reason: "EXC_BAD_ACCESS"), .signal(name: "SIGABRT"),
                                .crashed(reason: "Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value"),
                                .crashed(reason: "signal SIGTRAP"), .cutMidHit, .noEndSeen, .stopped, .cutNoStopLine,
                                .cut("the stop line counts 3 hits, 2 read")] {
            XCTAssertEqual(RecordingEnd(reason: e.reason), e)
        }
        XCTAssertNil(RecordingEnd(reason: "finished"))
    }

    func testTheImporterStoresTheEnd() throws {
        let dir = makeTemporaryDirectory("agtrace-baseline-tests")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try BaselineFixtures.database(in: dir)
        let importer = Importer(database: db)
        for (name, text, complete, reason): (String, String, Int?, String) in [
            ("ok", Self.hits + "Process 4242 exited with status = 0 (0x00000000)\n", 1, "exited 0"),
            ("crashed", Self.hits + "* thread #1, stop reason = EXC_BAD_ACCESS (code=1, address=0x10)\n", 0, "crashed: EXC_BAD_ACCESS"),
            ("open", Self.hits, nil, "no end seen"),
        ] {
            let path = dir.appendingPathComponent(name + ".lldb.log").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            guard case .imported(let item) = try importer.importItem(path) else { return XCTFail("not imported") }
            XCTAssertEqual(item.end?.reason, reason)
            let row = try db.rows("SELECT complete, end_reason FROM runs WHERE label = ?1", [.text(name)])
            XCTAssertEqual(row.first?[0].intValue, complete.map(Int64.init), name)
            XCTAssertEqual(row.first?[1].stringValue, reason, name)
        }
        // The gate: exited 0 passes silently, no end seen warns, a crash is refused unless allowed.
        func source(_ label: String) throws -> MeasuredSource { try UpdateCounts.run(label, key: .attribute, in: db).source }
        XCTAssertNil(try RecordingGate.check(try source("ok"), allowIncomplete: false))
        XCTAssertTrue(try RecordingGate.check(try source("open"), allowIncomplete: false)?.contains("does not show the process's end") ?? false)
        XCTAssertThrowsError(try RecordingGate.check(try source("crashed"), allowIncomplete: false)) { error in
            XCTAssertEqual((error as? CheckProblem)?.kind, .notCounted)
            XCTAssertEqual((error as? CheckProblem)?.exitStatus, 3)
            XCTAssertTrue("\(error)".contains("run 'crashed' did not end normally (crashed: EXC_BAD_ACCESS)"), "\(error)")
        }
        XCTAssertTrue(try RecordingGate.check(try source("crashed"), allowIncomplete: true)?.contains("checked anyway") ?? false)
    }
}
