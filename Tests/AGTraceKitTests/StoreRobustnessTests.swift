import CSQLite
import XCTest
@testable import AGTraceKit

/// The store under failure: a full disk, a read-only file, a lock held by someone else, odd
/// archives the parser accepts; and a database that must pass SQLite's integrity check.
final class StoreRobustnessTests: TemporaryDirectoryTestCase {
    /// Runs `body` on another thread and fails (rather than hanging the suite) if it has not
    /// returned after `seconds`.
    func withinSeconds<T>(_ seconds: Double, _ body: @escaping () throws -> T) -> Result<T, Error>? {
        let box = ResultBox<T>()
        let done = expectation(description: "returned")
        let work = UncheckedBox(body)
        Thread {
            box.set(Result { try work.value() })
            done.fulfill()
        }.start()
        wait(for: [done], timeout: seconds)
        return box.value
    }

    /// An archive of `nodes` nodes with long descriptions: fewer records than one pipeline
    /// batch, but many new pages.
    func bulkyArchive(_ name: String, nodes: Int) -> String {
        var json = #"{"version":2,"graphs":[{"id":1,"types":[{"name":"Rule"}],"nodes":["#
        json += (0..<nodes).map { #"{"id":\#($0 * 4 + 4),"type":0,"desc":"\#(name) \#(String(repeating: "d", count: 900))"}"# }
            .joined(separator: ",")
        json += "]}]}"
        return write(name + ".ag-json", json)
    }

    // MARK: Disk full

    /// SQLITE_FULL (a cap on the database's pages, as a full disk would) in the writer thread's
    /// last batch used to hang the import: `finish` consumed the writer's one signal, and the
    /// error path waited for it again.
    func testDiskFullFailsPromptlyAndKeepsTheDatabase() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        let importer = Importer(database: db)
        _ = try importer.importItem(TestPaths.sample("trip-1-before.ag-json"))
        let before = try fingerprint(db)
        let pages = try XCTUnwrap(db.scalar("PRAGMA page_count")?.intValue)
        try db.limitPages(Int(pages))
        for sample in ["bulky-a", "bulky-b"] {
            let path = bulkyArchive(sample, nodes: 300)
            let result = withinSeconds(20) { try importer.importItem(path) }
            guard case .failure(let error)? = result else { return XCTFail("\(sample): expected a failure, got \(String(describing: result))") }
            XCTAssertTrue("\(error)".contains("the disk is full"), "\(error)")
            XCTAssertTrue("\(error)".contains("nothing from this import was kept"), "\(error)")
            XCTAssertEqual(try fingerprint(db), before, sample)
        }
        XCTAssertEqual(try db.scalar("PRAGMA integrity_check")?.description, "ok")
    }

    /// The same for a transcript, whose hits go through the same kind of pipeline.
    func testDiskFullDuringATranscriptFailsPromptly() throws {
        var log = "(lldb) breakpoint set -n AG::Graph::update_attribute -G true -C \"register read esi\"\n"
        log += "Breakpoint 1: where = AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int), address = 0x1\n"
        // Enough hits to need more pages than the database's slack (16 KB pages, and the free
        // pages that migrations leave).
        for i in 0..<6000 {
            log += "* thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1\n(lldb)  register read esi\n      esi = 0x\(String(i * 4, radix: 16))\n"
        }
        let path = write("hits.lldb.log", log)
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        let importer = Importer(database: db)
        _ = try importer.importItem(TestPaths.sample("trip-1-before.ag-json"))
        let before = try fingerprint(db)
        try db.limitPages(Int(try XCTUnwrap(db.scalar("PRAGMA page_count")?.intValue)))
        let result = withinSeconds(20) { try importer.importItem(path) }
        guard case .failure(let error)? = result else { return XCTFail("expected a failure, got \(String(describing: result))") }
        XCTAssertTrue("\(error)".contains("the disk is full"), "\(error)")
        XCTAssertEqual(try fingerprint(db), before)
        try db.limitPages(1 << 30)
        guard case .imported(let item) = try importer.importItem(path) else { return XCTFail("not imported") }
        XCTAssertEqual(item.events, 6000)
    }

    func testDiskFullThroughTheEnvironmentHook() throws {
        let settings = try DatabaseOpener.Settings.fromEnvironment(["AGTRACE_MAX_PAGE_COUNT": "7", "AGTRACE_LOCK_TIMEOUT": "2.5"])
        XCTAssertEqual(settings.maxPageCount, 7)
        XCTAssertEqual(settings.lockTimeout, 2.5)
        XCTAssertNil(try DatabaseOpener.Settings.fromEnvironment(["AGTRACE_MAX_PAGE_COUNT": "x"]).maxPageCount)
        _ = try DatabaseOpener.open(dbPath, mode: .write)
        let db = try DatabaseOpener.open(dbPath, mode: .write, settings: settings)
        XCTAssertEqual(db.lockTimeout, 2.5)
        XCTAssertThrowsError(try Importer(database: db).importItem(bulkyArchive("bulky", nodes: 300))) { error in
            XCTAssertTrue("\(error)".contains("the disk is full"), "\(error)")
        }
    }

    // MARK: Read-only

    func testAReadOnlyConnectionChangesNothing() throws {
        _ = try Importer(database: DatabaseOpener.open(dbPath, mode: .write)).importItem(TestPaths.sample("trip-1-before.ag-json"))
        let readOnly = try Database(rawPath: dbPath, readOnly: true, create: false)
        let before = try fingerprint(readOnly)
        XCTAssertThrowsError(try Importer(database: readOnly).importItem(TestPaths.sample("planner-profiled.ag-json"))) { error in
            XCTAssertTrue("\(error)".contains("read-only"), "\(error)")
        }
        XCTAssertEqual(try fingerprint(readOnly), before)
    }

    // MARK: Locks

    func testAWriterWaitsForAnotherWritersLock() throws {
        let holder = try DatabaseOpener.open(dbPath, mode: .write)
        try holder.execute("BEGIN IMMEDIATE")
        let waiter = try DatabaseOpener.open(dbPath, mode: .write, settings: .init(lockTimeout: 10))
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { try? holder.execute("COMMIT") }
        let path = TestPaths.sample("trip-1-before.ag-json")
        let result = withinSeconds(20) { try Importer(database: waiter).importItem(path) }
        guard case .success(.imported(let item))? = result else { return XCTFail("\(String(describing: result))") }
        XCTAssertEqual(item.label, "trip-1-before")
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.25, "it waited for the lock")
    }

    func testALockHeldPastTheTimeoutIsAClearErrorNotAHang() throws {
        let holder = try DatabaseOpener.open(dbPath, mode: .write)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("COMMIT") }
        let waiter = try DatabaseOpener.open(dbPath, mode: .write, settings: .init(lockTimeout: 0.3))
        let started = Date()
        XCTAssertThrowsError(try Importer(database: waiter).importItem(TestPaths.sample("trip-1-before.ag-json"))) { error in
            XCTAssertTrue((error as? DatabaseError)?.isBusy == true, "\(error)")
            XCTAssertTrue("\(error)".contains("stayed locked by another process"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    // MARK: --replace

    /// A replacement that is refused (bad bytes, or bytes another label holds) leaves the old
    /// snapshot exactly as it was: the delete and the new rows are one transaction.
    func testARefusedReplaceKeepsWhatTheLabelHeld() throws {
        let importer = Importer(database: try DatabaseOpener.open(dbPath, mode: .write))
        _ = try importer.importItem(TestPaths.sample("trip-1-before.ag-json"), options: ImportOptions(label: "window"))
        _ = try importer.importItem(TestPaths.sample("planner-profiled.ag-json"))
        let before = try fingerprint(importer.db)
        let bad = write("bad.ag-json", #"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}],"edges":[{"src":0,"dst":7}]}]}"#)
        let truncated = write("truncated.ag-json", String(try String(contentsOfFile: TestPaths.sample("trip-3-after-invalidate.ag-json"), encoding: .utf8).prefix(2000)))
        for path in [bad, truncated] {
            XCTAssertThrowsError(try importer.importItem(path, options: ImportOptions(label: "window", replace: true))) { XCTAssertTrue($0 is ArchiveFormatError, "\($0)") }
            XCTAssertEqual(try fingerprint(importer.db), before, path)
        }
    }

    // MARK: Odd archives the parser accepts

    /// Found by the fuzz harness: a node listed twice by one subgraph (or by two) failed the
    /// import on subgraph_nodes' key with a raw SQLite message, and hung it (see above).
    func testANodeListedTwiceOrByTwoSubgraphsImports() throws {
        let path = write("twice.ag-json", #"""
            {"graphs":[{"types":[{"name":"A"}],"nodes":[{"id":4,"type":0},{"id":8,"type":0}],
             "subgraphs":[{"id":10,"nodes":[0,1],"nodes":[1]},{"id":11,"nodes":[1]},{"id":12,"nodes":[0,0]}]}]}
            """#)
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        let result = withinSeconds(20) { try Importer(database: db).importItem(path) }
        guard case .success(.imported)? = result else { return XCTFail("\(String(describing: result))") }
        // Each node gets one of the subgraphs that list it.
        let rows = try db.textRows("SELECT attribute, subgraph_id FROM nodes ORDER BY attribute")
        XCTAssertEqual(rows.map { $0[0] }, ["4", "8"])
        XCTAssertTrue(["10", "12"].contains(rows[0][1]), "\(rows)")
        XCTAssertTrue(["10", "11"].contains(rows[1][1]), "\(rows)")
    }

    // MARK: Integrity

    func testEveryTableOfImportedSamplesPassesIntegrityCheck() throws {
        let importer = Importer(database: try DatabaseOpener.open(dbPath, mode: .write))
        // xctrace/expected.json: the numbers the sample script computed, no input.
        for path in try Importer.expand(TestPaths.sampleArchives.path)
        where !path.hasSuffix(".md") && !path.contains("/broken-baselines/") && !path.hasSuffix("/xctrace/expected.json") {
            _ = try importer.importItem(path)
        }
        let db = importer.db
        for table in ["subgraph_nodes", "node_rows", "edges", "events", "frames", "tree_items"] {
            XCTAssertGreaterThan(try db.scalar("SELECT count(*) FROM \(table)")?.intValue ?? 0, 0, "\(table) has rows to check")
        }
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
    }

    /// Schema 3 rebuilds subgraph_nodes of an existing database, keeping its rows.
    func testSchemaThreeKeepsSubgraphMembershipOfAnOlderDatabase() throws {
        try makeOldDatabase(version: 2, rows: """
            INSERT INTO snapshots(id, label) VALUES (1, 'old');
            INSERT INTO types(snapshot_id, graph_index, type_index, name) VALUES (1, 0, 0, 'A');
            INSERT INTO node_rows(id, snapshot_id, graph_index, node_index, attribute, type_index) VALUES (1, 1, 0, 0, 4, 0), (2, 1, 0, 1, 8, 0);
            INSERT INTO subgraph_nodes(snapshot_id, graph_index, subgraph_id, first_node_id, last_node_id) VALUES (1, 0, 77, 1, 2);
            """)
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        XCTAssertEqual(try db.textRows("SELECT attribute, subgraph_id FROM node_rules ORDER BY attribute"),
                       [["4", "77"], ["8", "77"]])
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM sqlite_temp_master")?.intValue, 0, "the migration's copy is gone")
    }

    /// Schema 4 clusters the edges of an existing database by (snapshot, source, reader),
    /// keeping every row, repeated pairs included, and drops the index it replaces; a later
    /// migration stores the absent (NULL) offsets and flags as the 0 they mean.
    func testSchemaFourKeepsTheEdgesOfAnOlderDatabase() throws {
        try makeOldDatabase(version: 3, rows: """
            INSERT INTO snapshots(id, label) VALUES (1, 'old');
            INSERT INTO edges(snapshot_id, graph_index, src_attribute, dst_attribute, offset, flags, edge_index)
            VALUES (1, 0, 8, 4, NULL, 2, 0), (1, 0, 4, 8, 16, NULL, 1), (1, 0, 4, 8, 16, NULL, 2), (1, 1, 4, 8, 0, 0, 0);
            """)
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        XCTAssertEqual(try db.textRows("SELECT snapshot_id, src_attribute, dst_attribute, graph_index, edge_index, offset, flags FROM edges"),
                       [["1", "4", "8", "0", "1", "16", "0"], ["1", "4", "8", "0", "2", "16", "0"],
                        ["1", "4", "8", "1", "0", "0", "0"], ["1", "8", "4", "0", "0", "0", "2"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'edges_by_src'")?.intValue, 0)
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
    }

    /// Schema 5 appends each run's events and frames under consecutive ids and records the
    /// ranges in its row, keeping every row; the reports then find them by range.
    func testSchemaFiveKeepsTheEventsOfAnOlderDatabase() throws {
        // Stored as schema 2 wrote them: by (kind, attribute), the runs interleaved.
        try makeOldDatabase(version: 4, rows: """
            INSERT INTO runs(id, label) VALUES (1, 'a'), (2, 'b'), (3, 'empty');
            INSERT INTO events(run_id, seq, kind, attribute) VALUES
              (2, 2, 'invalidate', 4), (1, 3, 'update', 8), (2, 1, 'update', 4), (1, 1, 'update', 8), (1, 2, 'invalidate', 8);
            INSERT INTO frames(run_id, seq, depth, symbol) VALUES (2, 1, 0, 'f'), (1, 1, 1, 'g'), (1, 1, 0, 'h');
            """)
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        XCTAssertEqual(try db.textRows("SELECT id, run_id, seq, kind FROM events ORDER BY id"),
                       [["1", "1", "1", "update"], ["2", "1", "2", "invalidate"], ["3", "1", "3", "update"],
                        ["4", "2", "1", "update"], ["5", "2", "2", "invalidate"]])
        XCTAssertEqual(try db.textRows("SELECT label, first_event_id, last_event_id, first_frame_id, last_frame_id FROM runs ORDER BY id"),
                       [["a", "1", "3", "1", "2"], ["b", "4", "5", "3", "3"], ["empty", "", "", "", ""]])
        XCTAssertEqual(try db.rows("SELECT symbol FROM frames ORDER BY id").map { $0[0].description }, ["h", "g", "f"])
        XCTAssertEqual(try db.rows("SELECT run_id, src_attribute FROM run_edges").count, 0, "the view is back")
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
    }
}

/// A value handed from a worker thread to the test.
final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<T, Error>?
    func set(_ r: Result<T, Error>) { lock.lock(); stored = r; lock.unlock() }
    var value: Result<T, Error>? { lock.lock(); defer { lock.unlock() }; return stored }
}
