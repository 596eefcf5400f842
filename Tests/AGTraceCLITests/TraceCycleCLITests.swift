import XCTest

/// A trace's cycles through the built binary: the sample `traces/sheet-cycle.ag-trace`
/// imported, its `cycles` and `cycle_frames` rows, the frames named by the trace's own types.
final class TraceCycleCLITests: CLITestCase {

    func testImportStoresTheCyclesAndTheirFrames() throws {
        let imported = try CLI.run(["import", "--db", db, SampleTraces.sheet])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "")
        XCTAssertTrue(imported.stdout.contains("imported sheet-cycle (trace): events 45, evaluations 10, writes 1, cycles 2 in "), imported.stdout)
        let cycles = try CLI.run(["query", "--db", db, "--format", "csv",
                                  "SELECT kind, position, attribute, coalesce(level, '-') AS level, form, complete FROM cycles ORDER BY id"])
        XCTAssertEqual(cycles.stdout, "kind,position,attribute,level,form,complete\ntrace,22,1048,-,trace,1\ntrace,38,1048,-,trace,1\n",
                       cycles.stderr)
        let frames = try CLI.run(["query", "--db", db, "--format", "csv", """
            SELECT c.position, f.ordinal, f.attribute, f.flags, f.cyclic, t.rule
            FROM cycles c JOIN cycle_frames f ON f.cycle_id = c.id
            LEFT JOIN trace_nodes n ON n.trace_id = c.owner_id AND n.attribute = f.attribute
            LEFT JOIN trace_types t ON t.trace_id = n.trace_id AND t.type_id = n.type_id
            WHERE c.kind = 'trace' ORDER BY c.id, f.ordinal
            """])
        let rows = frames.stdout.split(separator: "\n").dropFirst().map(String.init)
        XCTAssertEqual(rows.count, 10, frames.stdout)
        XCTAssertEqual(Array(rows.prefix(5)), [
            "22,0,1160,P,1,FrameLayoutRule", "22,1,1120,P,1,PreferenceTransform<HeightKey>", "22,2,1088,P,1,GeometryReaderLayout",
            "22,3,1048,P,1,DynamicBody<ViewBodyAccessor<SheetContent>>", "22,4,1000,P,0,DisplayListRule",
        ])
        XCTAssertEqual(try CLI.run(["delete", "--db", db, "sheet-cycle"]).status, 0)
        let left = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT (SELECT count(*) FROM cycles) AS c, (SELECT count(*) FROM cycle_frames) AS f"])
        XCTAssertEqual(left.stdout, "c,f\n0,0\n")
    }
}
