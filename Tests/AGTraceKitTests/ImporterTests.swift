import XCTest
@testable import AGTraceKit

/// The store through the importer: transactions, labels, re-imports, the samples and the real
/// archives when they are beside the checkout.
final class ImporterTests: TemporaryDirectoryTestCase {
    func count(_ db: Database, _ sql: String) throws -> Int64 { try db.scalar(sql)?.intValue ?? -1 }

    func testSampleArchivesImportWithExpectedCounts() throws {
        let imp = try importer()
        // The Trip and Planner dumps; the other folders' samples have tests of their own:
        // transcripts, traces, why/, ci/ (CIExampleTests), writers/ (OtherWritersTests),
        // cycles/ (CycleReportTests), console/ (ConsoleTests), xctrace/ (XctraceImportTests),
        // findings/ (FindingsSampleTests).
        let tested = ["/transcripts/", "/why/", "/ci/", "/traces/", "/writers/", "/cycles/", "/console/", "/xctrace/", "/findings/"]
        for path in try Importer.expand(TestPaths.sampleArchives.path) where !tested.contains(where: { path.contains($0) }) {
            _ = try imp.importItem(path)
        }
        let db = imp.db
        XCTAssertEqual(try db.textRows("SELECT label, compressed, format_version FROM snapshots ORDER BY label"), [
            ["planner-profiled", "0", "2"], ["trip-1-before", "0", "2"], ["trip-2-after-write", "1", "2"],
            ["trip-3-after-invalidate", "0", "2"], ["trip-4-after-body", "0", "2"],
        ])
        XCTAssertEqual(try db.textRows("""
            SELECT s.label, count(*), sum(n.flags & 1), count(n.subgraph_id) FROM nodes n JOIN snapshots s ON s.id = n.snapshot_id
            GROUP BY s.label ORDER BY s.label
            """), [
            ["planner-profiled", "9", "0", "9"], ["trip-1-before", "16", "0", "16"], ["trip-2-after-write", "16", "0", "16"],
            ["trip-3-after-invalidate", "16", "5", "16"], ["trip-4-after-body", "16", "0", "16"],
        ])
        let trip = "(SELECT id FROM snapshots WHERE label = 'trip-3-after-invalidate')"
        XCTAssertEqual(try count(db, "SELECT count(*) FROM edges WHERE snapshot_id = \(trip)"), 22)
        XCTAssertEqual(try count(db, "SELECT flags FROM edges WHERE snapshot_id = \(trip) AND src_attribute = 3032"), 8)
        XCTAssertEqual(try count(db, "SELECT count(*) FROM edges WHERE snapshot_id = \(trip) AND src_attribute = 904 AND dst_attribute = 3340"), 2)
        XCTAssertEqual(try db.textRows("SELECT tree_index, parent_tree_index, attribute, is_root FROM trees WHERE snapshot_id = \(trip) ORDER BY tree_index"), [["0", "", "3152", "1"], ["1", "0", "3216", "0"]])
        XCTAssertEqual(try db.textRows("SELECT key, attribute, offset FROM tree_values WHERE snapshot_id = \(trip) ORDER BY tree_index, key"), [["city", "3096", ""], ["favorite", "3124", ""], ["nights", "3032", ""],
                                              ["displayList", "3216", ""], ["layoutComputer", "3256", "8"]])
        XCTAssertEqual(try db.rows("SELECT attribute FROM tree_nodes WHERE snapshot_id = \(trip) ORDER BY tree_index, attribute")
            .map { $0[0].description }, ["800", "3152", "3216", "3256"])
        XCTAssertEqual(try db.rows("SELECT rule FROM node_rules WHERE snapshot_id = \(trip) AND attribute = 3152")[0][0], .text("DynamicBody<ViewBodyAccessor<Trip>>"))
        let planner = "(SELECT id FROM snapshots WHERE label = 'planner-profiled')"
        XCTAssertEqual(try db.textRows("SELECT parent_graph_index, parent_subgraph_id, child_graph_index, child_subgraph_id FROM subgraph_children WHERE snapshot_id = \(planner) ORDER BY 1, 2, 3, 4"), [["0", "11", "0", "12"], ["0", "11", "1", "21"]])
        XCTAssertEqual(try db.textRows("SELECT graph_index, graph_id, update_count, update_total, first_node_id IS NOT NULL FROM graphs WHERE snapshot_id = \(planner) ORDER BY 1"), [["0", "7", "15", "0.0002675", "1"], ["1", "8", "2", "", "1"]])
        XCTAssertEqual(try count(db, "SELECT count(*) FROM types WHERE snapshot_id = \(planner) AND update_count IS NOT NULL"), 5)
        XCTAssertEqual(try count(db, "SELECT counter_max_bytes FROM snapshots WHERE id = \(planner)"), 65536)
    }

    func testRealArchivesMatchTheirREADME() throws {
        let real = URL(fileURLWithPath: try TestPaths.sharedFile("real-archives"))
        let imp = try importer()
        // file: graph id, types, nodes, edges, edges with offset, subgraphs, child links, trees, tree values,
        // tree node refs, dirty nodes, max attribute, update / change / transaction count
        let expected: [String: [Int64]] = [
            "text-window": [1, 48, 55, 41, 4, 2, 1, 14, 14, 29, 14, 5448, 18, 93, 8],
            "gesture-window": [1, 127, 251, 162, 19, 8, 6, 284, 58, 205, 90, 34448, 93, 307, 14],
        ]
        for (name, numbers) in expected {
            let item = imported(try imp.importItem(real.appendingPathComponent("\(name).ag-json").path))
            XCTAssertEqual(item?.label, name)
            let s = "(SELECT id FROM snapshots WHERE label = '\(name)')"
            let db = imp.db
            let got: [Int64] = [
                try count(db, "SELECT graph_id FROM graphs WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM types WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM nodes WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM edges WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM edges WHERE snapshot_id = \(s) AND offset <> 0"),
                try count(db, "SELECT count(*) FROM subgraphs WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM subgraph_children WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM trees WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM tree_values WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM tree_nodes WHERE snapshot_id = \(s)"),
                try count(db, "SELECT count(*) FROM nodes WHERE snapshot_id = \(s) AND flags & 1"),
                try count(db, "SELECT max(attribute) FROM nodes WHERE snapshot_id = \(s)"),
                try count(db, "SELECT update_count FROM graphs WHERE snapshot_id = \(s)"),
                try count(db, "SELECT change_count FROM graphs WHERE snapshot_id = \(s)"),
                try count(db, "SELECT transaction_count FROM graphs WHERE snapshot_id = \(s)"),
            ]
            XCTAssertEqual(got, numbers, name)
            XCTAssertEqual(try count(db, "SELECT format_version FROM snapshots WHERE id = \(s)"), 2)
            XCTAssertEqual(try count(db, "SELECT count(*) FROM nodes WHERE snapshot_id = \(s) AND subgraph_id IS NULL"), 0)
            // Repeated (src, dst) pairs are kept.
            XCTAssertGreaterThan(try count(db, "SELECT count(*) FROM (SELECT 1 FROM edges WHERE snapshot_id = \(s) GROUP BY src_attribute, dst_attribute HAVING count(*) > 1)"), 0)
        }
    }

    func testLabelsDefaultSuffixAndExplicit() throws {
        let json = #"{"version":2,"graphs":[]}"#
        let a = write("window.ag-json", json)
        let b = write("window.json.gz", bytes: gzip(Array((json + " ").utf8)))
        let c = write("other.txt.ag-json", json + "\n")
        let imp = try importer()
        XCTAssertEqual(imported(try imp.importItem(a))?.label, "window")
        // A derived label that is taken is refused like an explicit one, and nothing is stored.
        XCTAssertThrowsError(try imp.importItem(b)) {
            XCTAssertEqual($0 as? LabelTaken, LabelTaken(label: "window", holder: "snapshot 'window'", derived: true, path: b))
        }
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM snapshots"), .integer(1))
        XCTAssertEqual(imported(try imp.importItem(c, options: ImportOptions(label: "mine")))?.label, "mine")
        XCTAssertEqual(Labels.defaultLabel(for: "/x/y/frame-info.lldb.log"), "frame-info")
        XCTAssertEqual(Labels.defaultLabel(for: "graph.ag-gzon"), "graph")
        XCTAssertEqual(Labels.defaultLabel(for: "-"), "stdin")
        XCTAssertEqual(Labels.defaultLabel(for: "a.b.json"), "a.b")
    }

    func testIdenticalBytesAreStoredOnceUnlessReplaced() throws {
        let path = write("trip.ag-json", #"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}]}]}"#)
        let copy = write("copy.ag-json", #"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}]}]}"#)
        let imp = try importer()
        _ = try imp.importItem(path)
        let before = try fingerprint(imp.db)
        XCTAssertEqual(try imp.importItem(copy), .duplicate(path: copy, kind: .archive, existingLabel: "trip"))
        XCTAssertEqual(try fingerprint(imp.db), before)
        // --replace swaps the labelled snapshot for the new import, in one transaction.
        let replaced = imported(try imp.importItem(path, options: ImportOptions(replace: true)))
        XCTAssertEqual(replaced?.label, "trip")
        XCTAssertEqual(replaced?.replaced, true)
        XCTAssertEqual(try count(imp.db, "SELECT count(*) FROM snapshots"), 1)
        XCTAssertEqual(try count(imp.db, "SELECT count(*) FROM nodes"), 1)
    }

    func testRefusedImportsChangeNothing() throws {
        let imp = try importer()
        _ = try imp.importItem(TestPaths.sample("trip-1-before.ag-json"))
        let before = try fingerprint(imp.db)
        let gz = gzip(Array(try String(contentsOfFile: TestPaths.sample("trip-4-after-body.ag-json"), encoding: .utf8).utf8))
        let bad: [(String, [UInt8], String)] = [
            ("empty.ag-json", [], "empty file"),
            ("truncated.ag-gzon", Array(gz.prefix(gz.count / 2)), "truncated gzip"),
            ("corrupt.ag-gzon", Array(gz.prefix(20)) + [UInt8](repeating: 0x55, count: 200), "corrupt gzip"),
            ("truncated.ag-json", Array(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0},"#.utf8), "truncated JSON"),
            ("garbage.bin", [0x00, 0x01, 0xFE, 0x42, 0x00, 0x99], "binary data"),
            ("trailing.ag-json", Array(#"{"graphs":[]} xyz"#.utf8), "after the end"),
            ("shape.ag-json", Array("[1,2]".utf8), "not a JSON object"),
            ("edge.ag-json", Array(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0},{"id":8,"type":0}],"edges":[{"src":0,"dst":9}]}]}"#.utf8), "node index 9"),
            ("deep.ag-json", Array((#"{"graphs":[{"x":"# + String(repeating: "[", count: 300_000)).utf8), "nesting deeper"),
        ]
        for (name, bytes, message) in bad {
            let path = write(name, bytes: bytes)
            XCTAssertThrowsError(try imp.importItem(path), name) { error in
                XCTAssertTrue("\(error)".contains(message), "\(name): \(error)")
                XCTAssertTrue("\(error)".contains(name), "\(name): the error names the file: \(error)")
            }
            XCTAssertEqual(try fingerprint(imp.db), before, name)
        }
    }

    /// More app output than the sniffer's head before the first hit is still a transcript;
    /// a long text with no hit anywhere is no input (and stores nothing).
    func testAppOutputLongerThanTheHeadBeforeTheFirstHit() throws {
        let imp = try importer()
        let before = try fingerprint(imp.db)
        let output = String(repeating: "Planner: loading item 0123456789 of the catalogue\n", count: 2 * InputSniffer.headSize / 40)
        XCTAssertGreaterThan(output.utf8.count, InputSniffer.headSize)
        for (name, hits) in [("console.txt", "AG::Graph::update_attribute 3152\nAG::Graph::update_attribute 3216\nProgram ended with exit code: 0\n"),
                             ("late.lldb.log", RecordingEndTests.hits + "Process 4242 exited with status = 0 (0x00000000)\n")] {
            guard case .imported(let item) = try imp.importItem(write(name, bytes: Array((output + hits).utf8))) else { return XCTFail(name) }
            XCTAssertEqual(item.kind, .transcript, name)
            XCTAssertEqual(item.events, 2, name)
            XCTAssertEqual(item.end, .exited(status: 0), name)
        }
        let imported = try fingerprint(imp.db)
        let path = write("notes.txt", bytes: Array(output.utf8))
        XCTAssertThrowsError(try imp.importItem(path)) { error in
            XCTAssertTrue(Importer.isNotAnInput(error), "\(error)")
            XCTAssertTrue("\(error)".contains("notes.txt: text with no breakpoint hits in a known shape and not JSON"), "\(error)")
            XCTAssertTrue("\(error)".contains("(read to its end)"), "\(error)")
        }
        XCTAssertEqual(try fingerprint(imp.db), imported, "nothing stored")
        XCTAssertNotEqual(imported, before)
    }

    func testDirectoriesExpandRecursivelyInSortedOrderSkippingHiddenFiles() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("b/c"), withIntermediateDirectories: true)
        _ = write("b/c/z.json", "{}")
        _ = write("b/a.json", "{}")
        _ = write("b/.hidden", "{}")
        _ = write("b/m.json", "{}")
        XCTAssertEqual(try Importer.expand(dir.appendingPathComponent("b").path).map { $0.replacingOccurrences(of: dir.path + "/", with: "") },
                       ["b/a.json", "b/c/z.json", "b/m.json"])
        XCTAssertThrowsError(try Importer.expand(dir.appendingPathComponent("nope").path)) { XCTAssertTrue("\($0)".hasSuffix("/nope: no such file or directory"), "\($0)") }
    }
}

/// Transcripts through the importer: runs, events, frames and the run_edges view.
final class TranscriptImportTests: TemporaryDirectoryTestCase {
    func kinds(_ db: Database, _ label: String) throws -> [String: Int64] {
        var out: [String: Int64] = [:]
        for row in try db.rows("SELECT kind, count(*) FROM events WHERE run_id = (SELECT id FROM runs WHERE label = ?1) GROUP BY kind",
                               [.text(label)]) {
            out[row[0].description] = row[1].intValue
        }
        return out
    }

    func testRealTranscriptsMatchTheirREADME() throws {
        let real = URL(fileURLWithPath: try TestPaths.sharedFile("real-logs"))
        let imp = try importer()
        for name in ["frame-info", "interactive-stops"] {
            guard case .imported(let item) = try imp.importItem(real.appendingPathComponent("\(name).lldb.log").path) else {
                return XCTFail("not imported")
            }
            XCTAssertEqual(item.kind, .transcript)
            XCTAssertEqual(item.incompleteHits, 0)
        }
        let db = imp.db
        XCTAssertEqual(try kinds(db, "frame-info"), ["update": 10, "invalidate": 4, "propagate_dirty": 4, "add_input": 16])
        XCTAssertEqual(try kinds(db, "interactive-stops"), ["update": 10, "invalidate": 4, "propagate_dirty": 4])
        for label in ["frame-info", "interactive-stops"] {
            let updates = try db.rows("""
                SELECT attribute, count(*) FROM events WHERE kind = 'update' AND run_id = (SELECT id FROM runs WHERE label = ?1)
                GROUP BY attribute ORDER BY attribute
                """, [.text(label)]).map { "\($0[0])x\($0[1])" }
            XCTAssertEqual(updates, ["712x1", "760x1", "792x3", "1620x1", "1664x1", "1712x1", "1760x2"], label)
            let invalidations = try db.rows("""
                SELECT attribute, count(*) FROM events WHERE kind = 'invalidate' AND run_id = (SELECT id FROM runs WHERE label = ?1)
                GROUP BY attribute ORDER BY attribute
                """, [.text(label)]).map { "\($0[0])x\($0[1])" }
            XCTAssertEqual(invalidations, ["628x1", "656x2", "1592x1"], label)
        }
        let edges = try db.rows("""
            SELECT src_attribute || '->' || dst_attribute FROM run_edges WHERE run_id = (SELECT id FROM runs WHERE label = 'frame-info')
            ORDER BY first_seq
            """).map(\.[0].description)
        XCTAssertEqual(edges, ["536->792", "760->792", "712->760", "628->712", "656->712", "684->712", "536->712", "568->712",
                               "1664->1760", "1592->1664", "1620->1664", "1592->1620", "1560->1620", "1712->1760", "1592->1712",
                               "1620->1712"])
    }

    func testSampleTranscriptsAndTheirCounts() throws {
        let imp = try importer()
        for path in try Importer.expand(TestPaths.sampleArchives.appendingPathComponent("transcripts").path) where !path.hasSuffix(".md") {
            _ = try imp.importItem(path)
        }
        let db = imp.db
        XCTAssertEqual(try kinds(db, "trip-frame-info"), ["update": 8, "invalidate": 4, "propagate_dirty": 4, "add_input": 9])
        XCTAssertEqual(try kinds(db, "trip-log-message"), ["update": 8, "invalidate": 4, "propagate_dirty": 4, "add_input": 9, "state_write": 3])
        XCTAssertEqual(try db.scalar("SELECT incomplete_hits FROM runs WHERE label = 'trip-mixed'")?.intValue, 1)
        // The incomplete hit is kept, with no attribute.
        XCTAssertGreaterThanOrEqual(try db.scalar("SELECT count(*) FROM events WHERE run_id = (SELECT id FROM runs WHERE label = 'trip-mixed') AND attribute IS NULL")?.intValue ?? 0, 1)
        XCTAssertGreaterThan(try db.scalar("SELECT count(*) FROM frames")?.intValue ?? 0, 0)
        // Re-importing the same transcript stores nothing.
        let again = try imp.importItem(TestPaths.sample("transcripts/trip-frame-info.lldb.log"))
        XCTAssertEqual(again, .duplicate(path: TestPaths.sample("transcripts/trip-frame-info.lldb.log"), kind: .transcript, existingLabel: "trip-frame-info"))
    }
}
