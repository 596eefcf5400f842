import XCTest
@testable import AGTraceKit

/// Cycles in traces: a LogMessage `cycle detected through attribute: N` and the update stack
/// record after it fill `cycles` (kind `trace`) and `cycle_frames`; the sample
/// `traces/sheet-cycle.ag-trace` (its README gives every number here), and traces built here.
final class TraceCycleTests: TemporaryDirectoryTestCase {
    static let sheet = TestPaths.sample("traces/sheet-cycle.ag-trace")

    // MARK: Wire bytes

    static func varint(_ v: UInt64) -> [UInt8] { HostileTraceTests.varint(v) }
    static func field(_ number: UInt64, _ value: UInt64) -> [UInt8] { value == 0 ? [] : varint(number << 3) + varint(value) }
    static func bytes(_ number: UInt64, _ body: [UInt8]) -> [UInt8] { varint(number << 3 | 2) + varint(UInt64(body.count)) + body }
    static func event(_ type: UInt64, p1: UInt64 = 0, text: String? = nil) -> [UInt8] {
        bytes(1, field(1, type) + field(3, p1) + (text.map { bytes(9, Array($0.utf8)) } ?? []))
    }
    static func stack(_ frames: [(UInt64, Bool, Bool)]) -> [UInt8] {
        bytes(5, frames.flatMap { bytes(1, field(1, $0.0) + field(2, $0.1 ? 1 : 0) + field(3, $0.2 ? 1 : 0)) })
    }

    // MARK: The text

    func testCycleTextOfBothEngineVersions() {
        XCTAssertEqual(TraceCycleText.attribute("cycle detected through attribute: 278848"), 278848)
        XCTAssertEqual(TraceCycleText.attribute("Cycle detected through attribute: 12"), 12, "8.0.76 capitalises it")
        XCTAssertEqual(TraceCycleText.attribute("cycle detected through attribute: 12\n"), 12)
        XCTAssertNil(TraceCycleText.attribute("cycle detected through attribute: "))
        XCTAssertNil(TraceCycleText.attribute("cycle detected through attribute: 12x"))
        XCTAssertNil(TraceCycleText.attribute("cycle detected through attribute: 4294967296"), "not a 32-bit id")
        XCTAssertNil(TraceCycleText.attribute("favorite toggled"))
        XCTAssertNil(TraceCycleText.attribute("=== AttributeGraph: cycle detected through attribute 12 ==="), "the console's form")
    }

    // MARK: The reader

    struct Collected: TraceSink {
        var events: [Int] = []
        var cycles: [[Int64]] = []
        var stacks: [(Int, [TraceStackFrame])] = []
        mutating func event(_ e: TraceEvent) throws { events.append(e.type) }
        mutating func type(_ t: TraceTypeRecord) throws {}
        mutating func subgraph(_ s: TraceSubgraphRecord) throws {}
        mutating func cycle(seq: Int, attribute: Int64) throws { cycles.append([Int64(seq), attribute]) }
        mutating func updateStack(afterSeq: Int, _ frames: [TraceStackFrame]) throws { stacks.append((afterSeq, frames)) }
    }

    func testReaderDeliversTheCycleAndTheStackAfterIt() throws {
        let bytes = Self.event(1) + Self.event(51, text: "cycle detected through attribute: 1048")
            + Self.stack([(1160, true, true), (1048, false, true), (1000, true, false)])
            + Self.event(52, text: "cycle detected through attribute: 7")  // a CustomEvent: no cycle
            + Self.event(51, text: "favorite toggled") + Self.event(2)
        var sink = Collected()
        let summary = try TraceReader(source: MemorySource(bytes), path: "t.ag-trace").read(into: &sink)
        XCTAssertEqual(summary.events, 5)
        XCTAssertEqual(sink.events, [1, 51, 52, 51, 2], "the events are delivered as before")
        XCTAssertEqual(sink.cycles, [[2, 1048]])
        XCTAssertEqual(sink.stacks.count, 1)
        XCTAssertEqual(sink.stacks.first?.0, 2, "right after event 2")
        XCTAssertEqual(sink.stacks.first?.1, [TraceStackFrame(attribute: 1160, pending: true, cyclic: true),
                                              TraceStackFrame(attribute: 1048, pending: false, cyclic: true),
                                              TraceStackFrame(attribute: 1000, pending: true, cyclic: false)])
    }

    // MARK: Imported

    func testSheetSampleCyclesAndTheirFrames() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(Self.sheet)))
        XCTAssertEqual([item.events, item.updates, item.writes, item[count: "cycles"]], [45, 10, 1, 2])
        XCTAssertEqual(item.warnings, [])
        XCTAssertEqual(TraceFormat().counts(of: item), "events 45, evaluations 10, writes 1, cycles 2")
        let db = imp.db
        XCTAssertEqual(try db.textRows("SELECT kind, owner_id, position, attribute, level, form, complete, dump FROM cycles ORDER BY id"),
                       [["trace", "1", "22", "1048", "", "trace", "1", ""], ["trace", "1", "38", "1048", "", "trace", "1", ""]])
        let frames = try db.textRows("""
            SELECT f.ordinal, f.stack_index, f.frame_index, f.attribute, f.count, f.input_index, f.input_count, f.flags, f.cyclic, f.name
            FROM cycle_frames f JOIN cycles c ON c.id = f.cycle_id WHERE c.position = 22 ORDER BY f.ordinal
            """)
        XCTAssertEqual(frames, [["0", "", "", "1160", "", "", "", "P", "1", ""], ["1", "", "", "1120", "", "", "", "P", "1", ""],
                                ["2", "", "", "1088", "", "", "", "P", "1", ""], ["3", "", "", "1048", "", "", "", "P", "1", ""],
                                ["4", "", "", "1000", "", "", "", "P", "0", ""]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM cycle_frames")?.intValue, 10)
        // The trace's own types name every frame's rule.
        XCTAssertEqual(try db.textRows("""
            SELECT f.attribute, t.rule FROM cycle_frames f JOIN cycles c ON c.id = f.cycle_id AND c.position = 22
            JOIN trace_nodes n ON n.trace_id = c.owner_id AND n.attribute = f.attribute
            JOIN trace_types t ON t.trace_id = n.trace_id AND t.type_id = n.type_id ORDER BY f.ordinal
            """), [["1160", "FrameLayoutRule"], ["1120", "PreferenceTransform<HeightKey>"], ["1088", "GeometryReaderLayout"],
                   ["1048", "DynamicBody<ViewBodyAccessor<SheetContent>>"], ["1000", "DisplayListRule"]])
        // The events stay as they are: both LogMessages with their text.
        XCTAssertEqual(try db.textRows("SELECT seq, data FROM trace_events WHERE type = 51 ORDER BY seq"),
                       [["22", "cycle detected through attribute: 1048"], ["38", "cycle detected through attribute: 1048"]])
    }

    func testALogMessageWithoutItsStackIsKeptWithANote() throws {
        // The second cycle's stack comes after another event: it is not that cycle's.
        let bytes = Self.event(1) + Self.event(51, text: "Cycle detected through attribute: 8")
            + Self.event(51, text: "cycle detected through attribute: 12") + Self.event(42, p1: 12)
            + Self.stack([(12, true, true)]) + Self.event(2)
        let path = write("lost.ag-trace", bytes: bytes)
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(path)))
        XCTAssertEqual(item.warnings.first, "2 cycle LogMessages (the first at seq 2) with no update stack record right after: stored without frames (cycles.complete 0)")
        XCTAssertEqual(try imp.db.textRows("SELECT position, attribute, complete FROM cycles ORDER BY id"), [["2", "8", "0"], ["3", "12", "0"]])
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM cycle_frames")?.intValue, 0)
        XCTAssertEqual(try imp.db.textRows("SELECT code, position FROM import_notes WHERE code LIKE 'cycle%'"), [["cycle-without-stack", "2"]])
    }

    func testDeletingOrReplacingATraceRemovesItsCycles() throws {
        let imp = try importer()
        XCTAssertNotNil(imported(try imp.importItem(Self.sheet)))
        XCTAssertNotNil(imported(try imp.importItem(Self.sheet, options: ImportOptions(label: "sheet-cycle", replace: true))))
        XCTAssertEqual(try imp.db.textRows("SELECT kind, owner_id = (SELECT id FROM traces), count(*) FROM cycles GROUP BY owner_id"),
                       [["trace", "1", "2"]], "the replaced trace's cycles are gone, the new one's there")
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM cycle_frames")?.intValue, 10)
        XCTAssertEqual(try Catalog.delete(labels: ["sheet-cycle"], in: imp.db), ["sheet-cycle"])
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM cycles")?.intValue, 0)
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM cycle_frames")?.intValue, 0)
    }
}
