import Foundation
import XCTest
import AGTraceKit

/// `agtrace cycles` end to end over the sample dumps, the reports written into the database as
/// the console importer writes them.
final class CyclesCLITests: XCTestCase {
    private func database() throws -> (URL, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-cycles-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let db = dir.appendingPathComponent("t.db").path
        let samples = CLI.samples + "/cycles/"
        let r = try CLI.run(["import", "--db", db, samples + "sheet-height-at-cycle.ag-json", samples + "sheet-height-later.ag-json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let store = try DatabaseOpener.open(db, mode: .write)
        try store.execute("""
            INSERT INTO consoles(id, label, source, line_count) VALUES (1, 'sheet-height', 'sheet-height.log', 33);
            INSERT INTO cycles(id, kind, owner_id, position, attribute, level, form) VALUES
                (1, 'console', 1, 3, 2136, 2, 'header'), (2, 'console', 1, 11, 2136, 2, 'header'), (3, 'console', 1, 19, 2312, 3, 'header');
            INSERT INTO cycle_frames(cycle_id, ordinal, stack_index, frame_index, attribute, count, input_index, input_count, flags) VALUES
                (1, 0, 4, 0, 2248, 1, 0, 2, 'PD'), (1, 1, 3, 0, 2200, 1, 0, 1, 'PD'), (1, 2, 2, 0, 2168, 1, 1, 2, 'PD'),
                (1, 3, 1, 0, 2136, 1, 0, 3, 'PDV'), (1, 4, 0, 0, 2080, 1, 2, 4, 'DV'),
                (2, 0, 4, 0, 2248, 1, 0, 2, 'PD'), (2, 1, 3, 0, 2200, 1, 0, 1, 'PD'), (2, 2, 2, 0, 2168, 1, 1, 2, 'PD'),
                (2, 3, 1, 0, 2136, 1, 0, 3, 'PDV'), (2, 4, 0, 0, 2080, 1, 2, 4, 'DV'),
                (3, 0, 2, 0, 2344, 1, 0, 1, 'PD'), (3, 1, 1, 0, 2312, 1, 0, 2, 'PDV'), (3, 2, 0, 0, 2080, 1, 3, 4, 'DV');
            INSERT INTO cycle_labels(cycle_id, attribute, label) VALUES
                (3, 2312, 'DynamicBody<ViewBodyAccessor<CounterLabe…'), (3, 2344, 'DynamicBody<ViewBodyAccessor<CounterFiel…'), (3, 2080, 'RootDisplayList');
            """)
        return (dir, db)
    }

    func testTheDumpAtTheCycleNamesEveryFramesViewInEachFormat() throws {
        let (dir, db) = try database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try CLI.run(["cycles", "--db", db, "--console", "sheet-height", "--snapshot", "sheet-height-at-cycle", "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["view"] as? String }, ["HeightBadge", "SheetContent", "GeometryReader<SizeReader.Content>", "SizeReader",
                                                            "SheetContent", "CounterField", "CounterLabel", "SheetContent"])
        XCTAssertEqual(rows.map { $0["reports"] as? Int }, [2, 2, 2, 2, 2, 1, 1, 1])
        XCTAssertTrue(json.stderr.contains("agtrace cycles: snapshot 'sheet-height-at-cycle' names 5 of 5 frames of chain 1"), json.stderr)
        XCTAssertFalse(json.stderr.contains("warning"), json.stderr)
        let csv = try CLI.run(["cycles", "--db", db, "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertTrue(csv.stdout.hasPrefix("chain,kind,owner,reports,position,through,loop,complete,snapshot_names,frame,attribute,in_loop,count,index,flags,rule,view,named_by,reads,edge\n"))
        XCTAssertTrue(csv.stdout.contains("1,console,sheet-height,2,3,2136,closed,1,,4.0,2248,1,1,0/2,PD,,,,2136,\n"), "nobody names it: empty\n" + csv.stdout)
        let md = try CLI.run(["cycles", "--db", db, "--format", "markdown", "--limit", "2"])
        XCTAssertEqual(md.status, 0, md.stderr)
        XCTAssertTrue(md.stderr.contains("more rows exist than the 2 shown"), md.stderr)
        let dot = try CLI.run(["cycles", "--db", db, "--snapshot", "sheet-height-at-cycle", "--format", "dot"])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertTrue(dot.stdout.contains("c1_2168 -> c1_2136;"), dot.stdout)
        XCTAssertTrue(dot.stdout.contains("label=\"HeightBadge\\nDynamicBody&lt;ViewBodyAccessor&lt;HeightBadge&gt;&gt;\\n#2248\\nPD\""), dot.stdout)
    }

    func testADumpOfAnotherMomentIsFlaggedAndWrongLabelsAreSaid() throws {
        let (dir, db) = try database()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["cycles", "--db", db, "--snapshot", "sheet-height-later"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("agtrace cycles: warning: snapshot 'sheet-height-later' names 3 of 5 frames of chain 1"), r.stderr)
        XCTAssertTrue(r.stderr.contains("the loop runs through something the dump cannot see"), r.stderr)
        let wrong = try CLI.run(["cycles", "--db", db, "--console", "sheet-height-later"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("'sheet-height-later' is a snapshot, not a console: give it with --snapshot sheet-height-later"), wrong.stderr)
        let two = try CLI.run(["cycles", "--db", db, "--console", "sheet-height", "--run", "x"])
        XCTAssertEqual(two.status, 2)
        let dotLimit = try CLI.run(["cycles", "--db", db, "--format", "dot", "--limit", "1"])
        XCTAssertEqual(dotLimit.status, 2)
    }
}
