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
        (lldb)  bt 1
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1
          * frame #0: 0x00000001c2b2f300 AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32
        (lldb)  register read w1
              w1 = 0x00000118
        (lldb)  bt 1
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1
          * frame #0: 0x00000001c2b2f300 AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32
        (lldb)  register read w1
              w1 = 0x00000140

        """

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
        XCTAssertEqual(e, .crashed(exception: "EXC_BAD_ACCESS"))
        XCTAssertEqual(e.reason, "crashed: EXC_BAD_ACCESS")
        XCTAssertEqual(s.events, 2, "the crash's frame is no hit")
        XCTAssertEqual(try end(Self.hits + "* thread #1, stop reason = EXC_CRASH (SIGABRT)\n").0.reason, "crashed: EXC_CRASH")
    }

    func testASignalStopEndsTheRecording() throws {
        XCTAssertEqual(try end(Self.hits + "* thread #1, name = 'Planner', stop reason = signal SIGABRT\n").0.reason, "signal SIGABRT")
        XCTAssertEqual(try end(Self.hits + "* thread #1, name = 'agdriver', stop reason = signal SIGSEGV: invalid address (fault address: 0x0)\n").0.reason,
                       "signal SIGSEGV")
    }

    func testAStopForASignalThatTheProcessSurvivesIsForgotten() throws {
        // Attached after a SIGSTOP, then hits, then a normal exit.
        let text = "Process 7311 stopped\n* thread #1, queue = 'com.apple.main-thread', stop reason = signal SIGSTOP\n"
            + Self.hits + "Process 4242 exited with status = 0 (0x00000000)\n"
        XCTAssertEqual(try end(text).0, .exited(status: 0))
        // Hits after the stop and no end: nothing says how it ended.
        XCTAssertEqual(try end("* thread #1, stop reason = signal SIGSTOP\n" + Self.hits).0, .noEndSeen)
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
        for e: RecordingEnd in [.exited(status: 0), .exited(status: 3), .crashed(exception: "EXC_BAD_ACCESS"), .signal(name: "SIGABRT"),
                                .cutMidHit, .noEndSeen] {
            XCTAssertEqual(RecordingEnd(reason: e.reason), e)
        }
        XCTAssertNil(RecordingEnd(reason: "finished"))
    }

    func testTheImporterStoresTheEnd() throws {
        let dir = makeTemporaryDirectory("agtrace-baseline-tests")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try BaselineFixtures.database(in: dir)
        let importer = Importer(database: db)
        for (name, text, complete, reason) in [
            ("ok", Self.hits + "Process 4242 exited with status = 0 (0x00000000)\n", 1, "exited 0"),
            ("crashed", Self.hits + "* thread #1, stop reason = EXC_BAD_ACCESS (code=1, address=0x10)\n", 0, "crashed: EXC_BAD_ACCESS"),
            ("open", Self.hits, 0, "no end seen"),
        ] {
            let path = dir.appendingPathComponent(name + ".lldb.log").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            guard case .imported(let item) = try importer.importItem(path) else { return XCTFail("not imported") }
            XCTAssertEqual(item.end?.reason, reason)
            let row = try db.rows("SELECT complete, end_reason FROM runs WHERE label = ?1", [.text(name)])
            XCTAssertEqual(row.first?[0].intValue, Int64(complete), name)
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
