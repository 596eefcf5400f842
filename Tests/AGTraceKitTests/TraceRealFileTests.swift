import XCTest
@testable import AGTraceKit

/// The two real traces of `../shared/real-traces/` (skipped when absent): every count of their
/// README, read back from the database.
final class TraceRealFileTests: TemporaryDirectoryTestCase {
    /// Reads and imports a real trace; a present file that does not read or import fails the test.
    func load(_ name: String) throws -> (Database, ImportedItem, TraceSummary) {
        let path = try TestPaths.sharedFile("real-traces/\(name).ag-trace")
        // The reader's own counts of top-level records.
        struct Discard: TraceSink {
            mutating func event(_ e: TraceEvent) throws {}
            mutating func type(_ t: TraceTypeRecord) throws {}
            mutating func subgraph(_ s: TraceSubgraphRecord) throws {}
        }
        var sink = Discard()
        let summary = try TraceReader(source: FileSource(path: path), path: path).read(into: &sink)
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(path)))
        return (imp.db, item, summary)
    }

    func typeCounts(_ db: Database) throws -> [Int: Int] {
        var out: [Int: Int] = [:]
        for row in try db.rows("SELECT type, count(*) FROM trace_events GROUP BY type") {
            out[Int(row[0].intValue!)] = Int(row[1].intValue!)
        }
        return out
    }

    /// What each README counts the same way: the file's size, the reader's records (events,
    /// subgraphs, types), events per type, evaluations and update starts (type 5) per attribute,
    /// the edges and the type table.
    struct Counts {
        var size: Int64
        var records: [Int]
        var eventTypes: [Int: Int]
        var evaluations: [[String]]
        var updateStarts: [[String]]
        var edges: [[String]]
        var types: [[String]]
    }

    /// Loads the trace `name` and checks `expected`; returns the database for the rest.
    func check(_ name: String, _ expected: Counts, file: StaticString = #filePath, line: UInt = #line) throws -> Database {
        let (db, item, summary) = try load(name)
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM traces")?.intValue, expected.size, file: file, line: line)
        XCTAssertEqual([summary.events, summary.subgraphRecords, summary.typeRecords], expected.records, file: file, line: line)
        XCTAssertEqual(item.events, expected.records[0], file: file, line: line)
        XCTAssertEqual(try typeCounts(db), expected.eventTypes, file: file, line: line)
        XCTAssertEqual(try db.textRows("SELECT attribute, count(*) FROM trace_updates GROUP BY attribute ORDER BY attribute"),
                       expected.evaluations, file: file, line: line)
        XCTAssertEqual(try db.textRows("SELECT attribute, count(*) FROM trace_events WHERE type = 5 GROUP BY attribute ORDER BY attribute"),
                       expected.updateStarts, file: file, line: line)
        XCTAssertEqual(try db.textRows("SELECT reader, input FROM trace_edges ORDER BY reader, input"), expected.edges, file: file, line: line)
        XCTAssertEqual(try db.textRows("SELECT type_id, rule, value_type, flags FROM trace_types ORDER BY type_id"), expected.types,
                       file: file, line: line)
        return db
    }

    func testTrip() throws {
        let db = try check("trip", Counts(
            size: 1877, records: [147, 2, 6],
            eventTypes: [1: 1, 2: 1, 17: 1, 18: 1, 3: 4, 4: 4, 5: 6, 6: 6, 7: 12, 8: 12, 11: 3, 12: 3,
                         32: 2, 33: 1, 35: 2, 36: 2, 53: 2, 39: 6, 40: 21, 41: 3, 42: 18, 47: 6, 49: 30],
            evaluations: [["1048", "4"], ["1088", "4"], ["1120", "4"]],
            updateStarts: [["1048", "1"], ["1088", "1"], ["1120", "4"]],
            edges: [["1048", "536"], ["1048", "576"], ["1048", "624"], ["1088", "1048"], ["1120", "624"], ["1120", "1088"]],
            types: [["1", "_External", "Int", "19"], ["2", "_External", "String", "19"], ["3", "_External", "Bool", "19"],
                    ["4", "TripBody", "String", "10"], ["5", "TextRule", "String", "10"], ["6", "DisplayListRule", "Array<String>", "10"]]))
        XCTAssertEqual(try db.textRows("SELECT attribute, context FROM trace_writes ORDER BY seq"),
                       [["536", "4"], ["576", "4"], ["576", "4"]])
        XCTAssertEqual(try db.textRows("SELECT attribute, rule FROM trace_node_rules ORDER BY attribute"), [
            ["536", "_External"], ["576", "_External"], ["624", "_External"],
            ["1048", "TripBody"], ["1088", "TextRule"], ["1120", "DisplayListRule"],
        ])
        // Each write marks the three rules downstream and they all rerun; whole-second
        // timestamps time nothing.
        XCTAssertEqual(try db.textRows("SELECT marked, updates, reran FROM trace_writes ORDER BY seq"),
                       [["3", "3", "3"], ["3", "3", "3"], ["3", "3", "3"]])
        XCTAssertEqual(try db.scalar("SELECT count(duration) FROM trace_updates")?.intValue, 0)
        XCTAssertEqual(try db.scalar("SELECT count(cause_seq) FROM trace_updates")?.intValue, 9)
    }

    func testPlanner() throws {
        let db = try check("planner", Counts(
            size: 1594, records: [119, 2, 4],
            eventTypes: [1: 1, 2: 1, 17: 1, 18: 1, 3: 2, 4: 2, 5: 6, 6: 6, 7: 10, 8: 10, 11: 1, 12: 1,
                         32: 2, 33: 1, 35: 2, 36: 2, 53: 2, 39: 6, 40: 15, 41: 5, 42: 12, 47: 6, 49: 24],
            evaluations: [["1048", "2"], ["1096", "2"], ["1144", "2"], ["1176", "2"], ["1208", "2"]],
            updateStarts: [["1048", "1"], ["1096", "1"], ["1144", "1"], ["1176", "1"], ["1208", "2"]],
            edges: [["1048", "536"], ["1096", "536"], ["1144", "1048"], ["1176", "1096"], ["1208", "1144"], ["1208", "1176"]],
            types: [["1", "_External", "Int", "19"], ["2", "EditorBody", "String", "10"], ["3", "TextRule", "String", "10"],
                    ["4", "PlannerDisplayList", "Array<String>", "10"]]))
        XCTAssertEqual(try db.textRows("SELECT attribute, context, marked, updates, reran FROM trace_writes"),
                       [["536", "8", "5", "5", "5"]])
        // The second update's five evaluations were each caused by the write.
        XCTAssertEqual(try db.textRows("SELECT count(*) FROM trace_updates u JOIN trace_writes w ON w.seq = u.cause_seq"), [["5"]])
    }
}
