import XCTest
@testable import AGTraceKit

/// Traces through the importer: the samples of `SampleArchives/traces` (their README gives every
/// number checked here), refusals with byte offsets, labels, re-imports and deletion.
final class TraceImportTests: TemporaryDirectoryTestCase {
    static let trip = TestPaths.sample("traces/trip-taps.ag-trace")
    static let planner = TestPaths.sample("traces/planner-edit.ag-trace.gz")

    func testTripSampleEventsEvaluationsAndWrites() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(Self.trip)))
        XCTAssertEqual(item.kind, .trace)
        XCTAssertEqual(item.label, "trip-taps")
        XCTAssertFalse(item.compressed)
        XCTAssertEqual([item.events, item.updates, item.writes], [65, 9, 2])
        XCTAssertEqual(item.warnings, [], "fixed64 timestamps time every evaluation; EndTrace is there")
        let db = imp.db
        XCTAssertEqual(try db.textRows("SELECT label, compressed, size_bytes, event_count, first_timestamp, last_timestamp FROM traces"),
                       [["trip-taps", "0", "1193", "65", "1000.0", "1000.06640625"]])
        // Every event is a row in file order; the unknown type 99 is kept with its number and no name.
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM trace_events")?.intValue, 65)
        XCTAssertEqual(try db.scalar("SELECT group_concat(seq) FROM (SELECT seq FROM trace_events ORDER BY seq)")?.description,
                       (1...65).map(String.init).joined(separator: ","))
        XCTAssertEqual(try db.textRows("SELECT seq, type, kind, timestamp, attribute, p1, p2, p3 FROM trace_events WHERE type = 99"),
                       [["46", "99", "", "", "", "7", "8", ""]])
        XCTAssertEqual(try db.textRows("SELECT kind, data FROM trace_events WHERE data IS NOT NULL"), [["LogMessage", "favorite toggled"]])
        XCTAssertEqual(try db.textRows("SELECT kind, count(*) FROM trace_events GROUP BY kind HAVING kind IN ('BeginValueUpdate', 'NodeSetDirty', 'NodeAddEdge', 'NodeRemoveEdge') ORDER BY kind"),
                       [["BeginValueUpdate", "9"], ["NodeAddEdge", "6"], ["NodeRemoveEdge", "1"], ["NodeSetDirty", "7"]])
        // attribute is p1 only where p1 is one; a cleared dirty bit (p2 absent) reads 0.
        XCTAssertEqual(try db.textRows("SELECT attribute, p1, p2 FROM trace_events WHERE seq = 41"), [["1048", "1048", "0"]])
        XCTAssertEqual(try db.textRows("SELECT attribute, p1 FROM trace_events WHERE kind = 'GraphCreated'"), [["", "4"]])

        // Evaluations, nested: durations from the trace's own clock (1/1024 s ticks), self time
        // without the evaluations inside, the write that caused each.
        let tick = 1.0 / 1024
        let updates = try db.rows("""
            SELECT begin_seq, end_seq, attribute, rule, duration, self_duration, depth, parent_attribute, changed, cause_seq
            FROM trace_updates ORDER BY begin_seq
            """)
        let want: [(Int64, Int64, Int64, String, Double, Double, Int64, Int64?, Int64, Int64?)] = [
            (13, 27, 1120, "DisplayListRule", 9, 2, 0, nil, 1, nil),
            (15, 24, 1088, "TextRule", 7, 3, 1, 1120, 1, nil),
            (17, 22, 1048, "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>", 4, 4, 2, 1088, 1, nil),
            (38, 44, 1120, "DisplayListRule", 12, 2, 0, nil, 1, 33),
            (39, 43, 1088, "TextRule", 10, 2, 1, 1120, 1, 33),
            (40, 42, 1048, "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>", 8, 8, 2, 1088, 1, 33),
            (54, 60, 1120, "DisplayListRule", 6, 2, 0, nil, 1, 48),
            (55, 58, 1088, "TextRule", 4, 2, 1, 1120, 0, 48),
            (56, 57, 1048, "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>", 2, 2, 2, 1088, 0, 48),
        ]
        XCTAssertEqual(updates.count, want.count)
        for (row, w) in zip(updates, want) {
            XCTAssertEqual(row, [.integer(w.0), .integer(w.1), .integer(w.2), .text(w.3), .real(w.4 * tick), .real(w.5 * tick),
                                 .integer(w.6), w.7.map(SQLValue.integer) ?? .null, .integer(w.8), w.9.map(SQLValue.integer) ?? .null])
        }
        // Writes: nights marks body (before its invalidation event), text and display list.
        XCTAssertEqual(try db.textRows("SELECT seq, attribute, context, marked, updates, reran FROM trace_writes ORDER BY seq"),
                       [["33", "536", "4", "3", "3", "3"], ["48", "624", "4", "3", "3", "3"]])
        // The graph: six typed nodes, edges with when they came and went.
        XCTAssertEqual(try db.textRows("SELECT attribute, subgraph_id, rule, view FROM trace_node_rules ORDER BY attribute"), [
            ["536", "7", "_External", ""], ["576", "7", "_External", ""], ["624", "7", "_External", ""],
            ["1048", "7", "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>", "TripView"], ["1088", "7", "TextRule", ""],
            ["1120", "7", "DisplayListRule", ""],
        ])
        XCTAssertEqual(try db.textRows("SELECT reader, input, added_seq, removed_seq FROM trace_edges ORDER BY reader, input"), [
            ["1048", "536", "18", ""], ["1048", "576", "19", ""], ["1048", "624", "20", ""],
            ["1088", "1048", "16", ""], ["1120", "624", "25", "59"], ["1120", "1088", "14", ""],
        ])
        XCTAssertEqual(try db.textRows("SELECT type_id, rule, value_type, body_size, value_size, flags FROM trace_types ORDER BY type_id"), [
            ["1", "_External", "Int", "0", "8", "19"], ["2", "_External", "String", "0", "16", "19"],
            ["3", "_External", "Bool", "0", "1", "19"], ["4", "StaticBody<ViewBodyAccessor<TripView>, MainThreadFlags>", "Text", "32", "16", "10"],
            ["5", "TextRule", "String", "8", "16", "10"], ["6", "DisplayListRule", "Array<String>", "8", "8", "10"],
        ])
        XCTAssertEqual(try db.textRows("SELECT subgraph_id, context_id, parent_id, created_seq, invalidated_seq, destroyed_seq FROM trace_subgraphs"),
                       [["7", "4", "", "3", "", ""]])
    }

    func testGzipSampleWithWholeSecondTimestamps() throws {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(Self.planner)))
        XCTAssertEqual(item.label, "planner-edit")
        XCTAssertTrue(item.compressed)
        XCTAssertEqual([item.events, item.updates, item.writes], [54, 10, 1])
        XCTAssertEqual(item.warnings.count, 1)
        XCTAssertTrue(item.warnings[0].contains("whole-second"), item.warnings[0])
        let db = imp.db
        XCTAssertEqual(try db.textRows("SELECT compressed, event_count, first_timestamp, last_timestamp FROM traces"),
                       [["1", "54", "906.0", "906.0"]])
        // Whole seconds cannot time an evaluation: durations are unknown, not 0.
        XCTAssertEqual(try db.textRows("SELECT count(*), count(duration), count(self_duration), count(end_seq) FROM trace_updates"),
                       [["10", "0", "0", "10"]])
        XCTAssertEqual(try db.textRows("SELECT attribute, count(*), count(cause_seq) FROM trace_updates GROUP BY attribute ORDER BY attribute"), [
            ["1048", "2", "1"], ["1096", "2", "1"], ["1144", "2", "1"], ["1176", "2", "1"], ["1208", "2", "1"],
        ])
        XCTAssertEqual(try db.textRows("SELECT seq, attribute, context, marked, updates, reran FROM trace_writes"),
                       [["33", "536", "8", "5", "5", "5"]])
        XCTAssertEqual(try db.textRows("SELECT subgraph_id, context_id, created_seq FROM trace_subgraphs ORDER BY subgraph_id"),
                       [["3", "6", "4"], ["4", "8", "5"]])
    }

    func testTruncatedTraceIsRefusedWithItsOffsetAndStoresNothing() throws {
        let bytes = Array(FileManager.default.contents(atPath: Self.trip)!)
        let imp = try importer()
        var refused = 0
        // Every cut inside a record is refused (one at a record boundary is a shorter trace,
        // imported with a warning: testCutAtARecordBoundaryIsFlagged).
        var boundaries: Set<Int> = [0]
        var at = 0
        while at < bytes.count, bytes[at] & 7 == 2 {
            var length = 0, shift = 0, i = at + 1
            while true { length |= Int(bytes[i] & 0x7F) << shift; shift += 7; i += 1; if bytes[i - 1] < 0x80 { break } }
            at = i + length
            boundaries.insert(at)
        }
        for cut in stride(from: 7, to: bytes.count, by: 37) where !boundaries.contains(cut) {
            let path = write("cut-\(cut).ag-trace", bytes: Array(bytes[..<cut]))
            do {
                _ = try imp.importFile(path)
            } catch let e as TraceFormatError {
                refused += 1
                XCTAssertTrue(e.message.contains("truncated"), e.description)
                XCTAssertLessThanOrEqual(e.offset, cut)
                XCTAssertTrue(e.description.hasPrefix(path + ": byte \(e.offset): "), e.description)
            } catch let e as InputError {
                XCTAssertTrue(e.message.contains("neither"), "\(e)")  // too short to recognise
            }
        }
        XCTAssertGreaterThan(refused, 20)
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM traces")?.intValue, 0)
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM trace_event_rows")?.intValue, 0)
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM trace_update_rows")?.intValue, 0)
    }

    func testCutAtARecordBoundaryIsFlagged() throws {
        let bytes = Array(FileManager.default.contents(atPath: Self.trip)!)
        let path = write("cut.ag-trace", bytes: Array(bytes[..<(6 + 13)]))  // GraphCreated, BeginTrace
        let item = try XCTUnwrap(imported(try importer().importItem(path)))
        XCTAssertEqual(item.events, 2)
        XCTAssertTrue(item.warnings.contains { $0.contains("no EndTrace") }, "\(item.warnings)")
    }

    func testCorruptRecordIsRefusedAtItsByte() throws {
        var bytes = Array(FileManager.default.contents(atPath: Self.trip)!)
        // The 20th record's first field key gets wire type 7, which no protobuf writes.
        var offset = 0
        var record = 0
        while record < 20 {
            let length = Int(bytes[offset + 1])  // the sample's records are all shorter than 128 bytes
            offset += 2 + length
            record += 1
        }
        bytes[offset + 2] = 0x0F
        let path = write("corrupt.ag-trace", bytes: bytes)
        let imp = try importer()
        XCTAssertThrowsError(try imp.importFile(path)) { error in
            guard let e = error as? TraceFormatError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.offset, offset + 2)
            XCTAssertTrue(e.message.contains("wire type 7"), e.message)
        }
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM trace_event_rows")?.intValue, 0)
    }

    func testGzipOffsetsAreInTheDecompressedStream() throws {
        let plain = Array(FileManager.default.contents(atPath: Self.trip)!)
        let path = write("cut.ag-trace.gz", bytes: gzip(Array(plain[..<600])))
        XCTAssertThrowsError(try importer().importFile(path)) { error in
            guard let e = error as? TraceFormatError else { return XCTFail("\(error)") }
            XCTAssertTrue(e.compressed)
            XCTAssertTrue(e.description.contains("(after decompression)"), e.description)
        }
    }

    func testLabelsReimportReplaceAndDelete() throws {
        let imp = try importer()
        XCTAssertNotNil(imported(try imp.importItem(Self.trip)))
        // The same bytes under another name: not stored twice.
        let copy = write("renamed.bin", bytes: Array(FileManager.default.contents(atPath: Self.trip)!))
        XCTAssertEqual(try imp.importItem(copy), .duplicate(path: copy, kind: .trace, existingLabel: "trip-taps"))
        // A label is unique across snapshots, runs and traces.
        _ = try imp.importItem(TestPaths.sample("trip-1-before.ag-json"), options: ImportOptions(label: "t"))
        // A replace keeps the kind: the snapshot 't' is not turned into a trace.
        XCTAssertThrowsError(try imp.importItem(copy, options: ImportOptions(label: "t", replace: true))) {
            XCTAssertTrue("\($0)".contains("--replace: 't' names a snapshot, and this file holds a trace"), "\($0)")
        }
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM snapshots")?.intValue, 1)
        XCTAssertEqual(try Catalog.delete(labels: ["t"], in: imp.db), ["t"])
        XCTAssertEqual(imported(try imp.importItem(copy, options: ImportOptions(label: "t", replace: true)))?.replaced, false)
        XCTAssertEqual(try imp.db.textRows("SELECT label FROM traces ORDER BY id"), [["trip-taps"], ["t"]])
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM snapshots")?.intValue, 0)
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM trace_event_rows")?.intValue, 130)
        let listed = try Catalog.list(imp.db)
        XCTAssertEqual(listed.rows.map { [$0[0].description, $0[1].description, $0[3].description, $0[4].description, $0[5].description] },
                       [["trace", "trip-taps", "6", "5", "65"], ["trace", "t", "6", "5", "65"]])
        XCTAssertEqual(try Catalog.delete(labels: ["trip-taps"], in: imp.db), ["trip-taps"])
        for table in TraceFormat.tables {
            XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM \(table) WHERE trace_id = 1")?.intValue, 0, table)
            XCTAssertLessThanOrEqual(try imp.db.scalar("SELECT count(DISTINCT trace_id) FROM \(table)")?.intValue ?? 0, 1, table)
        }
        XCTAssertEqual(try imp.db.textRows("SELECT label FROM traces"), [["t"]])
    }

    func testRecognisedByContentNotName() {
        let bytes = Array(FileManager.default.contents(atPath: Self.trip)!)
        XCTAssertTrue(TraceReader.looksLikeTrace(bytes))
        XCTAssertTrue(TraceReader.looksLikeTrace(Array(bytes[..<100])), "a record cut by the head's end")
        XCTAssertFalse(TraceReader.looksLikeTrace(Array("\n{\"graphs\": []}".utf8)))
        XCTAssertFalse(TraceReader.looksLikeTrace(Array("\nProcess 42 stopped\n* thread #1".utf8)))
        XCTAssertFalse(TraceReader.looksLikeTrace([0x0A, 0x02, 0x08]))
    }
}
