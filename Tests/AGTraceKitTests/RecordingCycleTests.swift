import XCTest
@testable import AGTraceKit

/// The lldb recorder's cycle lines (`agtrace record --cycles`, version 2): `cycle` and its
/// `cycle-stack` lines read into one report each, stored as `cycles` of kind `run`.
final class RecordingCycleTests: TemporaryDirectoryTestCase {
    static let file = """
        agtrace-lldb-record 2 prefix=AG arch=arm64 clock=monotonic_ns kinds=update cycles=first
        100 1 update AG::Graph::update_attribute 1048 -
        cycle 200 1 1 1048 /tmp/a dir/sheet-cycle-1.ag-json
        cycle-stack 1 #0: 1160 FrameLayoutRule -> ViewSize
        cycle-stack 1 #1: 1120 Map<(CGFloat) -> CGFloat, Int> -> CGFloat\r
        cycle-stack 1 #2: 10
        300 1 update AG::Graph::update_attribute 1000 -
        cycle 400 1 2 - -
        cycle-stack 1 #0: 1 Late -> Late
        stop 500 hits=2

        """

    struct Collected: HitSink {
        var hits = 0
        var cycles: [CycleRecord] = []
        mutating func hit(_ hit: Hit, frames: UnsafeBufferPointer<FrameRef>, names: [String]) throws { hits += 1 }
        mutating func cycle(_ cycle: CycleRecord) throws { cycles.append(cycle) }
    }

    func testCycleLinesAreReportsNotHits() throws {
        var sink = Collected()
        let (summary, end) = try TranscriptReader(source: MemorySource(Array(Self.file.utf8)), path: "r.lldb").read(hits: &sink)
        XCTAssertEqual(sink.hits, 2)
        XCTAssertEqual(summary.events, 2)
        XCTAssertEqual(end, .stopped, "hits=2 counts the hits, not the cycles")
        XCTAssertEqual(summary.skippedLines, 1, "a stack line of another cycle than the last")
        XCTAssertEqual(sink.cycles, [
            CycleRecord(position: 1, attribute: 1048, form: "recorder", complete: false, dump: "/tmp/a dir/sheet-cycle-1.ag-json",
                        frames: [CycleRecord.Frame(attribute: 1160, name: "FrameLayoutRule"),
                                 CycleRecord.Frame(attribute: 1120, name: "Map<(CGFloat) -> CGFloat, Int>"),
                                 CycleRecord.Frame(attribute: nil)]),
            CycleRecord(position: 2, attribute: nil, form: "recorder"),
        ])
    }

    func testStackTextLines() {
        XCTAssertEqual(CycleStackText.frame("  #3: 278848 StaticBody<ViewBodyAccessor<A>, MainThreadFlags> -> Text"),
                       CycleRecord.Frame(attribute: 278848, name: "StaticBody<ViewBodyAccessor<A>, MainThreadFlags>"))
        XCTAssertEqual(CycleStackText.frame("#0: 12 Body"), CycleRecord.Frame(attribute: 12, name: "Body"), "no value type")
        XCTAssertNil(CycleStackText.frame("#0: x Body -> V"))
        XCTAssertNil(CycleStackText.frame("frame 0.0: attribute 12; count=1, index=0/1 P"))
        XCTAssertNil(CycleStackText.frame("#0: 4294967296 Body -> V"), "not a 32-bit id")
    }

    func testImportedAsTheRunsCycles() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(write("sheet.lldb", Self.file))))
        XCTAssertEqual(TranscriptFormat().counts(of: item), "events 2, skipped lines 1, incomplete hits 0, cycles 2, stopped")
        XCTAssertEqual(try imp.db.textRows("SELECT kind, owner_id, position, attribute, level, form, complete, dump FROM cycles ORDER BY id"),
                       [["run", "1", "1", "1048", "", "recorder", "0", "/tmp/a dir/sheet-cycle-1.ag-json"],
                        ["run", "1", "2", "", "", "recorder", "1", ""]])
        XCTAssertEqual(try imp.db.textRows("SELECT ordinal, attribute, name, flags, cyclic FROM cycle_frames ORDER BY ordinal"),
                       [["0", "1160", "FrameLayoutRule", "", ""], ["1", "1120", "Map<(CGFloat) -> CGFloat, Int>", "", ""],
                        ["2", "", "", "", ""]])
        XCTAssertEqual(try Catalog.delete(labels: ["sheet"], in: imp.db), ["sheet"])
        XCTAssertEqual(try imp.db.scalar("SELECT (SELECT count(*) FROM cycles) + (SELECT count(*) FROM cycle_frames)")?.intValue, 0)
    }
}
