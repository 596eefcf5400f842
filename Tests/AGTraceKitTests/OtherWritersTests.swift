import XCTest
@testable import AGTraceKit

/// Archives as other writers put them (SampleArchives/writers/, #30 item 7): jcmosc/Compute's
/// raw-DEFLATE `.iag-gzon`, Apple's `\/` escapes, a debug tree's `creator`, nodes without
/// `flags` and graphs without counters.
final class OtherWritersTests: TemporaryDirectoryTestCase {
    /// A raw DEFLATE stream of `data`: gzip's output (`gzip -n`: a 10-byte header with no name,
    /// an 8-byte trailer) without its header and trailer.
    func rawDeflate(_ data: [UInt8]) -> [UInt8] {
        let gz = gzip(data)
        XCTAssertEqual(gz[3], 0, "no optional gzip header fields")
        return Array(gz[10..<(gz.count - 8)])
    }

    var tripJSON: [UInt8] { Array(FileManager.default.contents(atPath: TestPaths.sample("trip-3-after-invalidate.ag-json"))!) }

    func testRawDeflateImportsAsTheSameArchiveCompressed() throws {
        let imp = try importer()
        let item = imported(try imp.importItem(TestPaths.sample("writers/trip-compute.iag-gzon")))
        XCTAssertEqual(item?.label, "trip-compute", "the .iag-gzon ending is not part of the label")
        XCTAssertEqual(item?.compressed, true)
        XCTAssertEqual(item?.compression, "raw DEFLATE")
        XCTAssertEqual(item.map { ImportOutcome.imported($0).line.hasPrefix("imported trip-compute (archive, raw DEFLATE): graphs 1, nodes 16, edges 22") }, true)
        _ = try imp.importItem(TestPaths.sample("trip-3-after-invalidate.ag-json"))
        XCTAssertEqual(try imp.db.textRows("SELECT label, compressed FROM snapshots ORDER BY label"),
                       [["trip-3-after-invalidate", "0"], ["trip-compute", "1"]])
        // Row for row what the plain dump stores.
        let rows = "SELECT attribute, type_index, description, value, flags FROM nodes WHERE snapshot_id = (SELECT id FROM snapshots WHERE label = ?1) ORDER BY attribute"
        XCTAssertEqual(try imp.db.textRows(rows, [.text("trip-compute")]), try imp.db.textRows(rows, [.text("trip-3-after-invalidate")]))
        XCTAssertEqual(try imp.db.textRows(rows, [.text("trip-compute")]).count, 16)
    }

    /// Recognised by content, whatever the name; what is not JSON inside stays "binary data".
    func testRawDeflateIsKnownByWhatItInflatesTo() throws {
        let imp = try importer()
        XCTAssertEqual(imported(try imp.importItem(write("dump.bin", bytes: rawDeflate(tripJSON))))?.compression, "raw DEFLATE")
        XCTAssertTrue(RawDeflate.inflatesToJSON(rawDeflate(tripJSON)))
        XCTAssertTrue(RawDeflate.inflatesToJSON(rawDeflate(Array(#"{"graphs":[]}"#.utf8))), "a stream shorter than the minimum that ends")
        XCTAssertFalse(RawDeflate.inflatesToJSON(tripJSON), "JSON text itself")
        XCTAssertFalse(RawDeflate.inflatesToJSON(gzip(tripJSON)), "gzip has its own magic")
        XCTAssertFalse(RawDeflate.inflatesToJSON(rawDeflate(Array("Process 42 stopped\n".utf8) + [UInt8](repeating: 0x41, count: 100))), "not JSON inside")
        XCTAssertFalse(RawDeflate.inflatesToJSON(rawDeflate([0x7B] + [UInt8](repeating: 0, count: 100))), "binary inside")
        var random = SeededRandom(seed: 30)
        for k in 0..<2000 {
            let bytes = (0..<512).map { _ in UInt8.random(in: 0...255, using: &random) }
            XCTAssertFalse(RawDeflate.inflatesToJSON(bytes), "random bytes \(k)")
        }
        let before = try fingerprint(imp.db)
        let deflatedText = write("text.bin", bytes: rawDeflate(Array(String(repeating: "no json here ", count: 40).utf8)))
        XCTAssertThrowsError(try imp.importItem(deflatedText)) { XCTAssertTrue("\($0)".contains("binary data"), "\($0)") }
        XCTAssertEqual(try fingerprint(imp.db), before)
    }

    /// A cut stream and bytes after the stream's end: clear errors with the compressed offset,
    /// nothing stored.
    func testDamagedRawDeflateIsRefusedWithItsOffset() throws {
        let imp = try importer()
        let before = try fingerprint(imp.db)
        let raw = rawDeflate(tripJSON)
        let cases: [(String, [UInt8], String)] = [
            ("cut.iag-gzon", Array(raw.prefix(raw.count / 2)), "truncated DEFLATE stream: it ends at compressed byte \(raw.count / 2) before its final block"),
            ("trailing.iag-gzon", raw + [0x41, 0x42], "data after the end of the DEFLATE stream, at compressed byte \(raw.count)"),
            ("corrupt.iag-gzon", Array(raw.prefix(300)) + [UInt8](repeating: 0xFF, count: 400), "DEFLATE"),
        ]
        for (name, bytes, message) in cases {
            let path = write(name, bytes: bytes)
            XCTAssertThrowsError(try imp.importItem(path), name) { error in
                XCTAssertTrue("\(error)".contains(message), "\(name): \(error)")
                XCTAssertTrue("\(error)".contains(name), "\(name): \(error)")
                XCTAssertTrue("\(error)".contains("at compressed byte") || "\(error)".contains("near compressed byte"), "\(name): \(error)")
                XCTAssertFalse(Importer.isNotAnInput(error), name)
            }
            XCTAssertEqual(try fingerprint(imp.db), before, name)
        }
    }

    /// A decompression bomb streams through: 8 MB of whitespace inside the JSON from a few KB.
    func testRawDeflateBombStreams() throws {
        let json = Array(#"{"version":2,"graphs":["#.utf8) + [UInt8](repeating: 0x20, count: 8 << 20) + Array("]}".utf8)
        let raw = rawDeflate(json)
        XCTAssertLessThan(raw.count, 64 << 10)
        let item = imported(try importer().importItem(write("bomb.iag-gzon", bytes: raw)))
        XCTAssertEqual(item?.graphs, 0)
    }

    /// `\/` is `/` in type names, value types, descriptions, values, tree entries and keys.
    func testEscapedSlashesImportAsSlashes() throws {
        let imp = try importer()
        let path = TestPaths.sample("writers/trip-escaped-slashes.ag-json")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains(#"Trip\/Itinerary"#))
        _ = try imp.importItem(path)
        let db = imp.db
        XCTAssertEqual(try db.textRows("SELECT name, value_type FROM types WHERE name LIKE '%/%' OR value_type LIKE '%/%'"), [["External<Trip/Itinerary>", "Trip/Itinerary"]])
        XCTAssertEqual(try db.textRows("SELECT description FROM nodes WHERE attribute = 3152"), [["Trip.body /trips/3"]])
        XCTAssertTrue(try db.textRows("SELECT value FROM nodes WHERE attribute = 800")[0][0].contains(#"_city: "Lisbon/Porto""#))
        XCTAssertEqual(try db.textRows("SELECT description FROM trees WHERE tree_index = 0"), [["Trip/Detail"]])
        XCTAssertEqual(try db.textRows("SELECT key, attribute FROM tree_values WHERE tree_index = 0 ORDER BY key"),
                       [["city/region", "3096"], ["favorite", "3124"], ["nights", "3032"]])
        XCTAssertEqual(try db.textRows("SELECT count(*) FROM snapshots s, types t WHERE t.snapshot_id = s.id AND (t.name LIKE '%\\%' OR t.value_type LIKE '%\\%')"), [["0"]])
        // In keys too (the reader compares decoded keys).
        let keyed = try readArchive(#"{"graphs":[{"types":[{"na\/me":"x","name":"A\/B"}],"nodes":[{"id":4,"type":0,"d\u0065sc":"a\/b"}]}]}"#)
        XCTAssertEqual(keyed.types.map(\.name), ["A/B"])
        XCTAssertEqual(keyed.nodes.map(\.description), ["a/b"])
    }

    /// `creator` (a node index) is stored as the creating node, named by attribute in `trees`.
    func testTreeCreatorIsStored() throws {
        let imp = try importer()
        _ = try imp.importItem(TestPaths.sample("writers/trip-tree-creator.ag-json"))
        XCTAssertEqual(try imp.db.textRows("SELECT tree_index, parent_tree_index, attribute, description, is_root, creator_attribute, creator_node_index FROM trees ORDER BY tree_index"), [
            ["0", "", "", "", "1", "3152", "10"],
            ["1", "0", "3152", "Trip", "0", "", ""],
            ["2", "1", "3216", "Text", "0", "", ""],
        ])
        XCTAssertEqual(try imp.db.textRows("SELECT count(*) FROM tree_items WHERE creator_node_id = (SELECT id FROM nodes WHERE attribute = 3152)"), [["1"]])
        // Before or after the nodes, checked against the node count like every node reference.
        let late = try readArchive(#"{"graphs":[{"trees":[{"creator":1}],"types":[{}],"nodes":[{"id":4,"type":0},{"id":8,"type":0}]}]}"#)
        XCTAssertEqual(late.trees.map(\.creatorNodeIndex), [1])
        let err = archiveError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}],"trees":[{"creator":3}]}]}"#)
        XCTAssertTrue(err?.message.contains("tree 0 creator refers to node index 3, but the graph has 1 nodes") == true, "\(String(describing: err))")
        XCTAssertNotNil(archiveError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}],"trees":[{"creator":"x"}]}]}"#))
    }

    /// Apple's gesture-window dump: two entries carry `creator` (README of ../shared/real-archives).
    func testRealDumpsCreators() throws {
        let imp = try importer()
        _ = try imp.importItem(try TestPaths.sharedFile("real-archives/gesture-window.ag-json"))
        XCTAssertEqual(try imp.db.textRows("SELECT tree_index, creator_node_index, creator_attribute, attribute, description FROM trees WHERE creator_attribute IS NOT NULL ORDER BY tree_index"), [
            ["0", "152", "18720", "", ""], ["192", "134", "4744", "", ""],
        ])
        XCTAssertEqual(try imp.db.textRows("SELECT count(*) FROM trees"), [["284"]])
    }

    /// Flags left out are NULL (unknown), never 0; counters left out are NULL too.
    func testNodesWithoutFlagsAreUnknown() throws {
        let imp = try importer()
        _ = try imp.importItem(TestPaths.sample("writers/trip-flagless.ag-json"))
        let db = imp.db
        XCTAssertEqual(try db.textRows("SELECT count(*), count(flags), sum(flags & 1) FROM nodes"), [["16", "5", "5"]])
        XCTAssertEqual(try db.textRows("SELECT flags IS NULL FROM node_rows WHERE attribute = 3032"), [["1"]])
        XCTAssertEqual(try db.textRows("SELECT update_count IS NULL, change_count IS NULL, transaction_count IS NULL, update_total IS NULL FROM graphs"), [["1", "1", "1", "1"]])
        XCTAssertEqual(try db.textRows("SELECT count(*) FROM nodes WHERE update_count IS NOT NULL OR update_total IS NOT NULL"), [["0"]])
        let id = try LabelLookup.snapshotId("trip-flagless", in: db)
        // A walk says unknown (nil) for a node without flags, small walks and big ones alike.
        for threshold in [PushWalk.bulkThreshold, 0] {
            let steps = try PushWalk.run(in: db, snapshot: id, label: "trip-flagless", from: 624, bulkThreshold: threshold)
            XCTAssertEqual(steps.map(\.attribute), [3152, 3216, 3256, 3300, 3340, 3380], "threshold \(threshold)")
            XCTAssertEqual(steps.map(\.dirty), [true, true, true, true, true, nil], "threshold \(threshold)")
            XCTAssertEqual(PushWalk.rows(steps).last?.last, .null)
        }
        // why: the written state (3032) has no flags: unknown dirty, and not called a cause.
        let why = try DumpWhy.run(in: db, snapshot: id, label: "trip-flagless", from: [3300])
        XCTAssertEqual(why.map(\.attribute), [3300, 3216, 3152, 3032])
        XCTAssertEqual(why.map(\.dirty), [true, true, true, nil])
        XCTAssertEqual(why.last?.changedEdge, true)
        XCTAssertNil(why.last?.cause)
        XCTAssertEqual(DumpWhy.rows(why).last.map { Array($0[4...]) }, [.null, .integer(1), .null])
    }

    /// A database of schema 13 gets the column with NULL for the entries it holds (unknown).
    func testMigrationAddsTheCreatorToOlderDatabases() throws {
        try makeOldDatabase(version: 13, rows: """
            INSERT INTO snapshots(id, label) VALUES (1, 'old');
            INSERT INTO node_rows(id, snapshot_id, graph_index, node_index, attribute, type_index) VALUES (1, 1, 0, 0, 4, 0);
            INSERT INTO tree_items(snapshot_id, graph_index, tree_index, node_id, description) VALUES (1, 0, 0, 1, 'Old');
            """)
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        XCTAssertEqual(try db.scalar("PRAGMA user_version")?.intValue, Int64(Schema.latestVersion))
        XCTAssertEqual(try db.textRows("SELECT tree_index, attribute, description, creator_attribute, creator_node_index FROM trees"), [["0", "4", "Old", "", ""]])
        XCTAssertEqual(try db.textRows("SELECT creator_node_id IS NULL FROM tree_items"), [["1"]])
        _ = try Importer(database: db).importItem(TestPaths.sample("writers/trip-tree-creator.ag-json"))
        XCTAssertEqual(try db.textRows("SELECT creator_attribute FROM trees WHERE creator_attribute IS NOT NULL"), [["3152"]])
    }
}
