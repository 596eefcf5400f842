import XCTest
@testable import AGTraceKit

/// Each distinct backtrace of a run is stored once (`backtraces`, `backtrace_frames`); the
/// `frames` view shows every hit's frames, ids included, as the table of that name did.
final class BacktraceStoreTests: TemporaryDirectoryTestCase {
    /// Schema of b7c8581 (its 12 migrations), the last agtrace before migration 13: the one the
    /// issue names as the older database to convert.
    static let versionOfB7c8581 = 12

    /// The migration that stores backtraces once, found by what it creates (not by number:
    /// migrations written beside it may come before it).
    static var backtraceMigration: Int {
        Schema.migrations.firstIndex { $0.contains("CREATE TABLE backtraces(") }! + 1
    }

    /// Rows as b7c8581's importer wrote them: frames appended hit by hit under consecutive ids,
    /// the runs' rows recording the ranges; run 2's ids follow a deleted run's gap. Hits 1 and
    /// 2 of run 1 print the same backtrace; hit 3 another (depth 1 not printed); hit 4 none;
    /// run 2's first hit repeats run 1's backtrace (backtraces are a run's own); texts with a
    /// quote, a separator and NULLs stay apart from each other.
    static let olderRows = """
        INSERT INTO runs(id, label, event_count, first_event_id, last_event_id, first_frame_id, last_frame_id)
        VALUES (1, 'tap', 4, 1, 4, 1, 7), (2, 'scroll', 3, 9, 11, 12, 16), (3, 'empty', 0, NULL, NULL, NULL, NULL);
        INSERT INTO events(id, run_id, seq, line, kind, symbol, attribute) VALUES
          (1, 1, 1, 10, 'update', 'OAG::Graph::update_attribute', 3256),
          (2, 1, 2, 20, 'update', 'OAG::Graph::update_attribute', 3216),
          (3, 1, 3, 30, 'add_input', 'OAG::Graph::add_input', 3216),
          (4, 1, 4, 40, 'invalidate', 'AG::Graph::invalidate', 8),
          (9, 2, 1, 5, 'update', 'OAG::Graph::update_attribute', 3256),
          (10, 2, 2, 9, 'update', 'OAG::Graph::update_attribute', 12),
          (11, 2, 3, 14, 'update', 'OAG::Graph::update_attribute', 12);
        INSERT INTO frames(id, run_id, seq, depth, module, symbol, address) VALUES
          (1, 1, 1, 0, 'TripApp', 'OAG::Graph::update_attribute', '0x0000000100a3360c'),
          (2, 1, 1, 1, 'TripApp', 'ContentView.body.getter', '0x0000000100a10000'),
          (3, 1, 2, 0, 'TripApp', 'OAG::Graph::update_attribute', '0x0000000100a3360c'),
          (4, 1, 2, 1, 'TripApp', 'ContentView.body.getter', '0x0000000100a10000'),
          (5, 1, 3, 0, 'TripApp', 'OAG::Graph::add_input', '0x0000000100a2e124'),
          (6, 1, 3, 2, NULL, 'start', NULL),
          (7, 1, 3, 3, 'libdyld.dylib', 'start', '0x00007fff2035cf3d'),
          (12, 2, 1, 0, 'TripApp', 'OAG::Graph::update_attribute', '0x0000000100a3360c'),
          (13, 2, 1, 1, 'TripApp', 'ContentView.body.getter', '0x0000000100a10000'),
          (14, 2, 2, 0, 'TripApp', 'it''s; 1 ''x''', NULL),
          (15, 2, 3, 0, 'TripApp', 'it''s', NULL),
          (16, 2, 3, 1, NULL, '1 ''x''', NULL);
        """

    func testTheMigrationKeepsEveryFrameOfADatabaseOfB7c8581() throws {
        try makeOldDatabase(version: Self.versionOfB7c8581, rows: Self.olderRows)
        let before = try Database(rawPath: dbPath, readOnly: true, create: false)
        let frames = try before.textRows("SELECT * FROM frames ORDER BY id")
        let hitColumns = "SELECT id, run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute, time_ns FROM events ORDER BY id"
        let events = try before.textRows(hitColumns)
        let runs = try before.textRows("SELECT * FROM runs ORDER BY id")
        XCTAssertEqual(frames.count, 12)

        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        XCTAssertEqual(try db.scalar("SELECT type FROM sqlite_master WHERE name = 'frames'")?.description, "view")
        XCTAssertEqual(try db.textRows("SELECT * FROM frames ORDER BY id"), frames, "every frame, ids and columns as before")
        XCTAssertEqual(try db.textRows("SELECT * FROM frames"), frames, "in id order unasked, as the table was read")
        XCTAssertEqual(try db.textRows("SELECT * FROM runs ORDER BY id"), runs)
        XCTAssertEqual(try db.textRows(hitColumns), events)
        // Run 1: hits 1 and 2 share backtrace 1; hit 3 has backtrace 2; hit 4 none. Run 2: its own three.
        XCTAssertEqual(try db.textRows("SELECT id, backtrace_id, first_frame_id FROM events ORDER BY id"),
                       [["1", "1", "1"], ["2", "1", "3"], ["3", "2", "5"], ["4", "", ""],
                        ["9", "3", "12"], ["10", "4", "14"], ["11", "5", "15"]])
        XCTAssertEqual(try db.textRows("SELECT id, run_id, frame_count FROM backtraces ORDER BY id"),
                       [["1", "1", "2"], ["2", "1", "3"], ["3", "2", "2"], ["4", "2", "1"], ["5", "2", "2"]])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM backtrace_frames")?.intValue, 10, "two repeated frames fewer")
        XCTAssertEqual(try db.rows("PRAGMA integrity_check").map { $0[0].description }, ["ok"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM sqlite_temp_master")?.intValue, 0, "the migration's scratch tables are gone")
    }

    /// The migration is the one this test means (found by content, whatever its number).
    func testTheBacktraceMigrationComesAfterB7c8581() {
        XCTAssertGreaterThan(Self.backtraceMigration, Self.versionOfB7c8581)
    }

    /// An import into a converted database numbers its frames after the older runs' ones, and
    /// deleting a run takes its backtraces with it, leaving the other runs' frames whole.
    func testImportAndDeleteAfterTheMigration() throws {
        try makeOldDatabase(version: Self.versionOfB7c8581, rows: Self.olderRows)
        let importer = try importer()
        let path = TestPaths.sampleArchives.appendingPathComponent("transcripts/trip-frame-info.lldb.log").path
        let item = try XCTUnwrap(imported(try importer.importItem(path)))
        let db = importer.db
        let range = try db.textRows("SELECT first_frame_id, last_frame_id FROM runs WHERE label = '\(item.label)'")
        XCTAssertEqual(range.first?.first, "17", "after the largest frame id a run recorded")
        let ids = try db.rows("SELECT id FROM frames WHERE run_id = (SELECT id FROM runs WHERE label = '\(item.label)') ORDER BY id")
            .compactMap { $0[0].intValue }
        XCTAssertEqual(ids, Array(17...Int64(16 + ids.count)), "consecutive, as the run's row records")
        XCTAssertEqual(range.first?.last, ids.last.map(String.init))

        let older = try db.textRows("SELECT * FROM frames WHERE run_id IN (1, 2) ORDER BY id")
        XCTAssertTrue(try SnapshotDeletion.deleteLabel("tap", in: db))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM backtraces WHERE run_id = 1")?.intValue, 0)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM backtrace_frames WHERE backtrace_id IN (1, 2)")?.intValue, 0)
        XCTAssertEqual(try db.textRows("SELECT * FROM frames WHERE run_id IN (1, 2) ORDER BY id"), older.filter { $0[1] == "2" })
    }

    /// A fresh import's `frames` are the reader's frames, hit by hit in the order printed,
    /// under consecutive ids; each distinct backtrace is stored once.
    func testFramesOfAnImportAreTheReadersFrames() throws {
        let importer = try importer()
        var expected: [[String]] = []
        var distinct = Set<[String]>()
        for name in ["trip-bt-registers.lldb.log", "trip-frame-info.lldb.log", "trip-mixed.lldb.log"] {
            let path = TestPaths.sampleArchives.appendingPathComponent("transcripts/" + name).path
            let label = try XCTUnwrap(imported(try importer.importItem(path))).label
            let runId = try XCTUnwrap(StoredKind.run.id(labelled: label, in: importer.db))
            var id = Int64(expected.count)
            for e in try ParsedTranscript(file: URL(fileURLWithPath: path)).events {
                for f in e.frames {
                    id += 1
                    expected.append([String(id), String(runId), String(e.seq), String(f.depth), f.module ?? "", f.symbol,
                                     f.address.map { String(format: "0x%016llx", $0) } ?? ""])
                }
                if !e.frames.isEmpty { distinct.insert([String(runId)] + e.frames.map { "\($0.depth) \($0.module ?? "-") \($0.symbol) \($0.address ?? 0)" }) }
            }
        }
        XCTAssertGreaterThan(expected.count, distinct.count, "the samples repeat backtraces")
        XCTAssertEqual(try importer.db.textRows("SELECT * FROM frames ORDER BY id"), expected)
        XCTAssertEqual(try importer.db.scalar("SELECT count(*) FROM backtraces")?.intValue, Int64(distinct.count))
    }
}
