import Foundation
import XCTest
@testable import AGTraceKit

/// The lldb recorder's file (`agtrace record`) as a transcript shape of its own. The real thing,
/// written by lldb, is checked in AGTraceCLITests/RecorderCLITests; these are the edges.
final class RecordingShapeTests: XCTestCase {
    /// The summary and how the recording ended.
    func read(_ text: String, path: String = "test.lldb") throws -> (events: [BreakpointEvent], summary: TranscriptSummary, end: RecordingEnd) {
        var sink = CollectingSink()
        let (summary, end) = try TranscriptReader(source: MemorySource(Array(text.utf8)), path: path).readRecording(into: &sink)
        return (sink.events, summary, end)
    }

    static let header = "agtrace-lldb-record 1 prefix=AG arch=arm64 clock=monotonic_ns kinds=invalidate,update,add_input,current\n"

    func testHitsWithTimesThreadsAttributesAndInputs() throws {
        let parsed = try read(Self.header + """
            1000 1 invalidate AGGraphInvalidateValue 3032 -
            1500 1 add_input AG::Graph::add_input 3152 3032
            2000 3 update AG::Graph::update_attribute 4294967292 -
            2500 1 current AGGraphGetCurrentAttribute - -
            stop 3000 hits=4

            """)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 4, skippedLines: 0, incompleteHits: 0))
        XCTAssertEqual(parsed.end, .stopped)
        XCTAssertTrue(parsed.end.isComplete)
        XCTAssertEqual(parsed.events, [
            BreakpointEvent(seq: 1, line: 2, kind: .invalidate, symbol: "AGGraphInvalidateValue", thread: 1, attribute: 3032, timeNs: 1000),
            BreakpointEvent(seq: 2, line: 3, kind: .addInput, symbol: "AG::Graph::add_input", thread: 1, attribute: 3152,
                            inputAttribute: 3032, timeNs: 1500),
            BreakpointEvent(seq: 3, line: 4, kind: .update, symbol: "AG::Graph::update_attribute", thread: 3,
                            attribute: 4_294_967_292, timeNs: 2000),
            BreakpointEvent(seq: 4, line: 5, kind: .current, symbol: "AGGraphGetCurrentAttribute", thread: 1, timeNs: 2500),
        ])
    }

    func testWithoutTheStopLineTheRecordingWasCutShort() throws {
        // lldb quit mid-write: the last line is cut, and there is no stop line.
        let cut = try read(Self.header + "1000 1 update AG::Graph::update_attribute 3152 -\n2000 1 upd")
        XCTAssertEqual(cut.summary, TranscriptSummary(events: 1, skippedLines: 1, incompleteHits: 0))
        XCTAssertEqual(cut.end.reason, "cut: no stop line")
        // lldb quit (or the app died and lldb with it) between two hits: whole lines, no stop
        // line. Refused, not "no end seen": the recorder always writes its stop line.
        let quit = try read(Self.header + "1000 1 update AG::Graph::update_attribute 3152 -\n\n")
        XCTAssertEqual(quit.summary, TranscriptSummary(events: 1, skippedLines: 0, incompleteHits: 0))
        XCTAssertEqual(quit.end, .cutNoStopLine)
        XCTAssertFalse(quit.end.isComplete)
        XCTAssertEqual(try read(Self.header).end, .cutNoStopLine, "a header alone")
        XCTAssertEqual(RecordingEnd(reason: RecordingEnd.stopped.reason), .stopped)
        XCTAssertEqual(RecordingEnd(reason: "cut: no stop line"), .cutNoStopLine)
    }

    func testTheStopLineMustCountTheHitsRead() throws {
        let hits = "1000 1 update AG::Graph::update_attribute 3152 -\n1100 1 update AG::Graph::update_attribute 3216 -\n"
        XCTAssertEqual(try read(Self.header + hits + "stop 3000 hits=2\n").end, .stopped)
        XCTAssertEqual(try read(Self.header + hits + "stop 3000 hits=2").end, .stopped, "a last line without its newline is whole")
        XCTAssertEqual(try read(Self.header + hits + "stop 3000 hits=2\r\n").end, .stopped, "CRLF")
        // A hit line lost or garbled before the stop line: the counts are short.
        let lost = try read(Self.header + hits + "1200 1 update AG::Graph::upd\nstop 3000 hits=3\n")
        XCTAssertEqual(lost.end.reason, "cut: the stop line counts 3 hits, 2 read")
        XCTAssertFalse(lost.end.isComplete)
    }

    func testTheAppsExitAndCrashLines() throws {
        let hits = "1000 1 update AG::Graph::update_attribute 3152 -\n1100 1 update AG::Graph::update_attribute 3216 -\n"
        XCTAssertEqual(try read(Self.header + hits + "exit 2000 status=0 hits=2\n").end, .exited(status: 0))
        XCTAssertEqual(try read(Self.header + hits + "exit 2000 status=0 hits=2\nstop 3000 hits=2\n").end, .exited(status: 0))
        XCTAssertEqual(try read(Self.header + hits + "exit 2000 status=3 hits=2\nstop 3000 hits=2\n").end.reason, "exited 3",
                       "stopped after a failed exit is not complete")
        XCTAssertEqual(try read(Self.header + hits + "exit 2000 status=-1 hits=2\n").end.reason, "exited -1")
        // Work done at exit (atexit) still counts.
        let late = try read(Self.header + hits + "exit 2000 status=0 hits=2\n1200 2 update AG::Graph::update_attribute 3256 -\nstop 3000 hits=3\n")
        XCTAssertEqual(late.summary.events, 3)
        XCTAssertEqual(late.end, .exited(status: 0))
        XCTAssertEqual(try read(Self.header + hits + "exit 2000 status=0 hits=3\n").end.reason, "cut: the exit line counts 3 hits, 2 read")
        XCTAssertEqual(try read(Self.header + hits + "exit 2000 status=- hits=2\n").end, .cutNoStopLine, "an unreadable status says nothing")
        // Stopped after a crash: crashed, whatever follows.
        for (line, reason) in [("crash 2000 hits=2 EXC_BAD_ACCESS (code=1, address=0x10)", "EXC_BAD_ACCESS"),
                               ("crash 2000 hits=2 signal SIGTRAP", "signal SIGTRAP"),
                               ("crash 2000 hits=2 Swift runtime failure: Index out of range", "Swift runtime failure: Index out of range"),
                               ("crash 2000 hits=2 crashed", "crashed")] {
            XCTAssertEqual(try read(Self.header + hits + line + "\nstop 3000 hits=2\n").end.reason, "crashed: " + reason, line)
            XCTAssertEqual(try read(Self.header + hits + line + "\r\nstop 3000 hits=2\r\n").end.reason, "crashed: " + reason, "CRLF " + line)
        }
    }

    func testMalformedAndUnreadableLinesAreCountedNotGuessed() throws {
        let parsed = try read(Self.header + """
            1000 1 update AG::Graph::update_attribute - -
            1100 1 add_input AG::Graph::add_input 3152 -
            1200 1 teleport AG::Graph::teleport 1 -
            1300 1 update AG::Graph::update_attribute 4294967296 -
            1400 1 update AG::Graph::update_attribute 0x318 -
            -5 1 update AG::Graph::update_attribute 792 -
            1500 1 update AG::Graph::update_attribute 792
            1600 1 update AG::Graph::update_attribute 792 - extra
            stop 1700 hits=9
            1800 1 update AG::Graph::update_attribute 792 -

            """)
        // Two kept with what is missing (nil, not 0); six refused; one after the stop line.
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 2, skippedLines: 7, incompleteHits: 2))
        // The recorder wrote 9 hits, 2 were read: refused as cut, not counted short.
        XCTAssertEqual(parsed.end.reason, "cut: the stop line counts 9 hits, 2 read")
        XCTAssertEqual(parsed.events.map(\.attribute), [nil, 3152])
        XCTAssertEqual(parsed.events.map(\.inputAttribute), [nil, nil])
    }

    func testANewerVersionIsRefusedWithWhereAndWhy() throws {
        XCTAssertThrowsError(try ParsedTranscript("agtrace-lldb-record 3 prefix=AG\n1 1 update X 1 -\n", path: "new.lldb")) { error in
            XCTAssertEqual("\(error)", "new.lldb:1: agtrace-lldb-record version 3 is newer than this agtrace reads (2): update agtrace")
        }
        XCTAssertThrowsError(try ParsedTranscript("agtrace-lldb-record 99999999999999999999999\n", path: "big.lldb")) { error in
            XCTAssertEqual("\(error)", "big.lldb:1: agtrace-lldb-record version 99999999999999999999999 is newer than this agtrace reads (2): update agtrace")
        }
        // Without a version number it is not the recorder's header: the transcript parser reads it.
        let plain = try read("agtrace-lldb-record x\nAGGraphInvalidateValue 3032\n")
        XCTAssertEqual(plain.events.map(\.kind), [.invalidate])
        XCTAssertEqual(plain.summary.skippedLines, 1)
    }

    func testOnlyTheFirstLineMakesTheShape() throws {
        // The header further down is not this shape: the transcript parser reads the file.
        let parsed = try read("AGGraphInvalidateValue 3032\n" + Self.header)
        XCTAssertEqual(parsed.end, .noEndSeen)
        XCTAssertEqual(parsed.events.map(\.kind), [.invalidate])
        XCTAssertNil(parsed.events[0].timeNs)
    }

    func testImportStoresTimesAndNullForOtherShapes() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let recording = dir.appendingPathComponent("rec.lldb"), other = dir.appendingPathComponent("log.txt")
        try (Self.header + "1000 1 invalidate AGGraphInvalidateValue 3032 -\n1700 2 update AG::Graph::update_attribute 3152 -\nstop 3000 hits=2\n")
            .write(to: recording, atomically: true, encoding: .utf8)
        try "AGGraphInvalidateValue 3032\n".write(to: other, atomically: true, encoding: .utf8)
        let db = try DatabaseOpener.open(dir.appendingPathComponent("t.db").path, mode: .write)
        let importer = Importer(database: db)
        guard case .imported(let item) = try importer.importFile(recording.path) else { return XCTFail("not imported") }
        XCTAssertEqual(item.kind, .transcript)
        XCTAssertEqual(item.events, 2)
        XCTAssertEqual(item.end, .stopped)
        guard case .imported(let plain) = try importer.importFile(other.path) else { return XCTFail("not imported") }
        XCTAssertEqual(plain.end, .noEndSeen)
        XCTAssertEqual(try db.textRows("SELECT label, complete, end_reason FROM runs ORDER BY id"),
                       [["rec", "1", "stopped"], ["log", "", "no end seen"]])
        let rows = try db.rows("SELECT r.label, e.seq, coalesce(e.thread, 'NULL'), coalesce(e.time_ns, 'NULL') FROM events e JOIN runs r ON r.id = e.run_id ORDER BY e.id")
        XCTAssertEqual(rows.map { $0.map(\.description) }, [["rec", "1", "1", "1000"], ["rec", "2", "2", "1700"], ["log", "1", "NULL", "NULL"]])
    }

    /// `export perfetto --run` puts a recorded run's hits at their times (µs from the first);
    /// the same hits without times keep hit order.
    func testPerfettoUsesTheRecordersClock() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hits = """
            5000000000 1 invalidate AGGraphInvalidateValue 3032 -
            5001500000 1 update AG::Graph::update_attribute 3152 -
            5004250000 2 update AG::Graph::update_attribute 3216 -

            """
        let recording = dir.appendingPathComponent("rec.lldb")
        try (Self.header + hits + "stop 5009000000 hits=3\n").write(to: recording, atomically: true, encoding: .utf8)
        let db = try DatabaseOpener.open(dir.appendingPathComponent("t.db").path, mode: .write)
        _ = try Importer(database: db).importFile(recording.path)
        let timeline = try RunTimeline.make(in: db, run: try LabelLookup.runId("rec", in: db), label: "rec")
        XCTAssertEqual(timeline.clock, .recorder)
        let sink = StringSink()
        try PerfettoExport.write(timeline, to: sink)
        let events = try PerfettoCheck.events(sink.text)
        try PerfettoCheck.wellFormed(events)
        let slices = events.filter { $0["ph"] as? String == "X" }
        XCTAssertEqual(slices.map { $0["name"] as? String }, ["write 3032", "update 3152", "update 3216"])
        XCTAssertEqual(slices.map { ($0["ts"] as? NSNumber)?.doubleValue }, [0, 1500, 4250])
        XCTAssertEqual(slices.map { $0["tid"] as? Int }, [1, 1, 2])
        let process = events.first { $0["name"] as? String == "process_name" }
        XCTAssertEqual((process?["args"] as? [String: Any])?["name"] as? String,
                       "run rec (time: the lldb recorder's clock, µs from the first hit; 1 µs per hit drawn)")

        // The same hits as a Log Message transcript: no clock, hit order.
        let plain = dir.appendingPathComponent("plain.txt")
        try "AGGraphInvalidateValue 3032\nAG::Graph::update_attribute 3152\n".write(to: plain, atomically: true, encoding: .utf8)
        _ = try Importer(database: db).importFile(plain.path)
        let ordered = try RunTimeline.make(in: db, run: try LabelLookup.runId("plain", in: db), label: "plain")
        XCTAssertEqual(ordered.clock, .hitOrder)
        XCTAssertEqual(try ordered.starts(), [1, 2])
    }
}
