import XCTest
@testable import AGTraceKit

/// The feed sample (`SampleArchives/traces/feed-select.ag-trace`, README): rows in child
/// subgraphs reading the selection through an indirect node, a row's subgraph destroyed and edges
/// removed between two writes; its cut copy; and what the importer doubts (two traces in one
/// file, a type id defined twice).
final class TraceFeedImportTests: TemporaryDirectoryTestCase {
    static let feed = TestPaths.sample("traces/feed-select.ag-trace")
    static let cut = TestPaths.sample("traces/feed-select-cut.ag-trace")

    func testIndirectNodeIsOneNodeWithItsSource() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(Self.feed)))
        XCTAssertEqual([item.events, item.updates, item.writes], [160, 32, 3])
        XCTAssertNil(item.traceIncomplete)
        // IndirectNodeAdded names it by its offset (1088), the edges and the record by its
        // attribute (1089): one node, counted once (13 = 2 signals, feed, display list, 4 rows
        // of two nodes, the indirect node).
        XCTAssertEqual(try imp.db.textRows("SELECT attribute, subgraph_id, type_id FROM trace_nodes WHERE type_id IS NULL"),
                       [["1089", "2", ""]])
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM trace_nodes")?.intValue, 13)
        XCTAssertEqual(try Catalog.list(imp.db).rows.map { $0[3].description }, ["13"])
        XCTAssertEqual(try imp.db.textRows("SELECT attribute, source, set_seq, replaced_seq FROM trace_indirect_sources"),
                       [["1089", "536", "", ""]])
        XCTAssertEqual(try imp.db.textRows("SELECT complete, end_reason FROM traces"), [["1", "EndTrace"]])
    }

    func testEachWriteNamesTheNodesItMarked() throws {
        let imp = try importer()
        _ = try imp.importItem(Self.feed)
        XCTAssertEqual(try imp.db.textRows("SELECT seq, attribute, marked FROM trace_writes ORDER BY seq"),
                       [["71", "536", "9"], ["103", "576", "10"], ["139", "536", "5"]])
        XCTAssertEqual(try imp.db.textRows("SELECT write_seq, count(*) FROM trace_marks GROUP BY write_seq ORDER BY write_seq"),
                       [["71", "9"], ["103", "10"], ["139", "5"]])
        XCTAssertEqual(try imp.db.textRows("SELECT attribute, seq FROM trace_marks WHERE write_seq = 139 ORDER BY seq"),
                       [["1552", "141"], ["1592", "142"], ["2064", "143"], ["2104", "144"], ["1120", "145"]])
    }

    func testTraceWithoutEndTraceIsIncomplete() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(Self.cut)))
        XCTAssertEqual(item.traceIncomplete, "no EndTrace")
        XCTAssertTrue(item.warnings.contains { $0.contains("no EndTrace") && $0.contains("--allow-incomplete") }, "\(item.warnings)")
        XCTAssertEqual(try imp.db.textRows("SELECT complete, end_reason FROM traces"), [["0", "no EndTrace"]])
        let listed = try Catalog.list(imp.db)
        XCTAssertEqual(listed.rows[0][listed.columns.firstIndex(of: "end_reason")!], .text("no EndTrace"))
        // Counting it says why it cannot be trusted; the gate refuses it, or lets it through when asked.
        let counts = try UpdateCounts.trace("feed-select-cut", key: .rule, in: imp.db)
        XCTAssertEqual(counts.source.ending, .failed("no EndTrace"))
        XCTAssertThrowsError(try RecordingGate.check(counts.source, allowIncomplete: false)) { error in
            XCTAssertEqual((error as? CheckProblem)?.kind, .notCounted)
            XCTAssertTrue("\(error)".contains("--allow-incomplete"), "\(error)")
        }
        XCTAssertNotNil(try RecordingGate.check(counts.source, allowIncomplete: true))
        let whole = try XCTUnwrap(imported(try imp.importItem(Self.feed)))
        XCTAssertNil(try RecordingGate.check(try UpdateCounts.trace(whole.label, key: .rule, in: imp.db).source, allowIncomplete: false))
    }

    func testConcatenatedTracesWarn() throws {
        let bytes = Array(FileManager.default.contents(atPath: TraceImportTests.trip)!)
        let path = write("twice.ag-trace", bytes: bytes + bytes)
        let item = try XCTUnwrap(imported(try importer().importItem(path)))
        XCTAssertTrue(item.warnings.contains { $0.contains("2 BeginTrace events (seq 2, 67)") && $0.contains("concatenated") }, "\(item.warnings)")
        XCTAssertNil(item.traceIncomplete, "the second trace ends too")
        // The first trace's EndTrace does not end the second one.
        let firstAndCut = write("cut-second.ag-trace", bytes: bytes + Array(bytes[..<19]))
        XCTAssertEqual(imported(try importer().importItem(firstAndCut, options: ImportOptions(label: "cut2")))?.traceIncomplete, "no EndTrace")
    }

    func testTypeIdDefinedTwiceWarns() throws {
        var bytes = Array(FileManager.default.contents(atPath: TraceImportTests.trip)!)
        // A second record of type 5 naming another rule: {1: 5, 2: "OtherRule"}.
        let body: [UInt8] = [0x08, 5, 0x12, 9] + Array("OtherRule".utf8)
        bytes += [0x1A, UInt8(body.count)] + body
        let path = write("types.ag-trace", bytes: bytes)
        let item = try XCTUnwrap(imported(try importer().importItem(path)))
        XCTAssertTrue(item.warnings.contains { $0.contains("type id 5 is defined twice (TextRule / String, then OtherRule / no value type)") },
                      "\(item.warnings)")
        // The same record twice is no doubt.
        let again: [UInt8] = [0x08, 5, 0x12, 8] + Array("TextRule".utf8) + [0x1A, 6] + Array("String".utf8)
        let same = write("same.ag-trace", bytes: Array(FileManager.default.contents(atPath: TraceImportTests.trip)!) + [0x1A, UInt8(again.count)] + again)
        XCTAssertEqual(imported(try importer().importItem(same, options: ImportOptions(label: "same")))?.warnings, [])
    }

    func testMigrationFoldsTheOffsetRowAndFillsEnds() throws {
        let db = try Database(rawPath: ":memory:", readOnly: false, create: true)
        for m in Schema.migrations.prefix(9) { try db.execute(m) }
        try db.execute("""
            INSERT INTO traces(id, label, event_count) VALUES (1, 'old', 3), (2, 'oldcut', 2);
            INSERT INTO trace_event_rows(trace_id, seq, type, p1, p2) VALUES (1, 1, 1, NULL, NULL), (1, 2, 44, 1088, 2), (1, 3, 2, NULL, NULL),
                (2, 1, 1, NULL, NULL), (2, 2, 44, 1088, 2);
            INSERT INTO trace_nodes(trace_id, attribute, subgraph_id, type_id) VALUES (1, 1088, 2, NULL), (1, 1089, 2, NULL), (2, 1088, 2, NULL);
            """)
        try db.execute(Schema.migrations[9])
        XCTAssertEqual(try db.textRows("SELECT trace_id, attribute FROM trace_nodes ORDER BY trace_id"), [["1", "1089"], ["2", "1089"]])
        XCTAssertEqual(try db.textRows("SELECT label, complete, end_reason FROM traces ORDER BY id"),
                       [["old", "1", "EndTrace"], ["oldcut", "0", "no EndTrace"]])
    }

    /// An indirect node pointed elsewhere (IndirectNodeSetSource): each source from its event to
    /// the next, and a walk at each write follows the source of that moment.
    func testIndirectSourceChangesOverTime() throws {
        func varint(_ v: Int) -> [UInt8] {
            var v = UInt64(v), out: [UInt8] = []
            repeat { out.append(UInt8(v & 0x7F) | (v > 0x7F ? 0x80 : 0)); v >>= 7 } while v > 0
            return out
        }
        func event(_ type: Int, _ p: Int...) -> [UInt8] {
            var body = [0x08] + varint(type)
            for (k, v) in p.enumerated() where v != 0 { body += [UInt8((3 + k) << 3)] + varint(v) }
            return [0x0A] + varint(body.count) + body
        }
        let bytes = event(1) + event(39, 536, 1, 1) + event(39, 576, 1, 1) + event(39, 1048, 2, 2) + event(44, 1088, 2)
            + event(45, 1088, 536, 1)   // seq 6: the indirect node reads 536
            + event(47, 1048, 1089)     // seq 7: 1048 reads it
            + event(11, 536, 4) + event(40, 1048, 1)   // seq 8: a write of 536 marks 1048
            + event(45, 1088, 576, 1)   // seq 10: it reads 576 now
            + event(11, 576, 4) + event(40, 1048, 1)   // seq 11
            + event(2)
        let imp = try importer()
        _ = try imp.importItem(write("moved.ag-trace", bytes: bytes))
        XCTAssertEqual(try imp.db.textRows("SELECT attribute, source, set_seq, replaced_seq FROM trace_indirect_sources ORDER BY set_seq"),
                       [["1089", "536", "6", "10"], ["1089", "576", "10", ""]])
        let id = try LabelLookup.traceId("moved", in: imp.db)
        func walk(_ root: Int64, at: Int64) throws -> [String] {
            try TraceWalk.rows(in: imp.db, trace: id, label: "moved", from: root, at: at).map { $0[0].description }
        }
        XCTAssertEqual(try walk(536, at: 8), ["1048"])
        XCTAssertEqual(try walk(576, at: 8), [])
        XCTAssertEqual(try walk(576, at: 11), ["1048"])
        XCTAssertEqual(try walk(536, at: 11), [])
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM trace_nodes")?.intValue, 4)

        // A record naming the indirect node by its offset (1088) rather than its attribute is the same node.
        let entry: [UInt8] = [0x08] + varint(1088) + [0x1A, 0x03, 0x08] + varint(536).prefix(2)
        let record: [UInt8] = [0x08, 2, 0x10, 8] + [0x32, UInt8(entry.count)] + entry
        _ = try imp.importItem(write("offset-record.ag-trace", bytes: bytes + [0x12, UInt8(record.count)] + record))
        let again = try LabelLookup.traceId("offset-record", in: imp.db)
        XCTAssertEqual(try imp.db.textRows("SELECT attribute FROM trace_nodes WHERE trace_id = ?1 AND type_id IS NULL", [.integer(again)]), [["1089"]])
    }
}
