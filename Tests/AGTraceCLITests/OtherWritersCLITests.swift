import XCTest

/// Other writers' archives (SampleArchives/writers/), end to end: the import lines, and what
/// the reports print for nodes without flags.
final class OtherWritersCLITests: CLITestCase {
    func testWritersImportAndUnknownFlagsPrintEmpty() throws {
        let r = try CLI.run(["import", "--db", db, CLI.samples + "/writers", CLI.samples + "/trip-1-before.ag-json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("imported trip-compute (archive, raw DEFLATE): graphs 1, nodes 16, edges 22"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imported trip-escaped-slashes (archive): graphs 1, nodes 16, edges 22"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imported trip-tree-creator (archive): graphs 1, nodes 16, edges 22"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imported trip-flagless (archive): graphs 1, nodes 16, edges 22"), r.stdout)
        let list = try CLI.run(["list", "--format", "csv", "--db", db])
        XCTAssertTrue(list.stdout.contains("snapshot,trip-compute,1,16,22,,"), list.stdout)

        // 3380 has no flags in the flag-less dump: its dirty is empty, not 0.
        let walk = try CLI.run(["walk", "624", "--snapshot", "trip-flagless", "--format", "csv", "--db", db])
        XCTAssertEqual(walk.status, 0, walk.stderr)
        XCTAssertTrue(walk.stdout.hasSuffix("3380,1,PreferenceCombiner<HostPreferencesKey>,,624,\n"), walk.stdout)
        let why = try CLI.run(["why", "3300", "--snapshot", "trip-flagless", "--format", "csv", "--db", db])
        XCTAssertEqual(why.status, 0, why.stderr)
        XCTAssertTrue(why.stdout.hasSuffix("3032,3,External<()>,Trip,,1,\n"), why.stdout)
        // Between two dumps, a node without flags in either is not called newly dirty.
        let from = try CLI.run(["report", "dirty-walks", "--from", "trip-flagless", "--to", "trip-compute", "--format", "csv", "--db", db])
        XCTAssertEqual(from.stdout, "attribute,rule,view,flags_from,flags_to,graph\n", from.stdout)
        let to = try CLI.run(["report", "dirty-walks", "--from", "trip-1-before", "--to", "trip-flagless", "--format", "csv", "--db", db])
        XCTAssertEqual(to.stdout.split(separator: "\n").count, 6, to.stdout)
    }
}
