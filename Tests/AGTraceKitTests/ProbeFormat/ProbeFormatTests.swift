import XCTest
@testable import AGTraceKit

/// A format from outside the library, registered the way the library's own are: imported,
/// listed, named by label lookup, queried, re-imported, replaced and deleted with no code of
/// its own outside its folder.
final class ProbeFormatTests: TemporaryDirectoryTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        InputFormats.register(ProbeFormat())
    }

    override func tearDownWithError() throws {
        InputFormats.unregister(.probe)
        try super.tearDownWithError()
    }

    func testAProbeImportsListsAnswersAndDeletes() throws {
        let imp = try importer()
        let path = write("first.probe", "agtrace-probe\nvalue 3\nvalue 4\nnoise\nvalue 5\n")
        let outcome = try imp.importItem(path)
        let item = try XCTUnwrap(imported(outcome))
        XCTAssertEqual(item.kind, .probe)
        XCTAssertEqual(item.kind.storedNoun, "probe")
        XCTAssertEqual(item.label, "first", "the format's extension leaves the label")
        XCTAssertTrue(outcome.line.hasPrefix("imported first (probe): values 3, skipped lines 1 in "), outcome.line)
        XCTAssertEqual(item.notes, [ImportNote(.probeNoValue, message: "line 4 is no value", position: 4)])
        XCTAssertEqual(try imp.db.textRows("SELECT kind, label, severity, code, message, position FROM import_notes"),
                       [["probe", "first", "warning", "probe-no-value", "line 4 is no value", "4"]])

        // An archive still imports beside it, and both are listed, each kind in its place.
        _ = try XCTUnwrap(imported(try imp.importItem(TestPaths.sample("trip-1-before.ag-json"))))
        let listed = try Catalog.list(imp.db)
        XCTAssertEqual(listed.rows.map { [$0[0].description, $0[1].description, $0[5].description] },
                       [["snapshot", "trip-1-before", ""], ["probe", "first", "3"]])

        // Labels: looked up by kind, taken across kinds, named with the kind's option.
        let id = try XCTUnwrap(try LabelLookup.resolve("first", kind: "probe", in: imp.db))
        XCTAssertEqual(try LabelLookup.id(of: "first", kind: .probe, in: imp.db), id)
        XCTAssertThrowsError(try LabelLookup.snapshotId("first", in: imp.db)) { error in
            XCTAssertEqual("\(error)", "'first' is a probe, not a snapshot: give it with --probe first (see agtrace list)")
        }
        XCTAssertEqual(try Labels.holder(of: "first", in: imp.db), "probe 'first'")
        XCTAssertThrowsError(try imp.importItem(write("other.ag-json", #"{"version": 2, "graphs": []}"#),
                                                options: ImportOptions(label: "first"))) { error in
            XCTAssertTrue("\(error)".contains("is taken by probe 'first'"), "\(error)")
        }

        // A query answers from its rows.
        let sink = StringSink()
        XCTAssertFalse(try QueryRunner.run("SELECT p.label, sum(v.value) AS total FROM probes p JOIN probe_values v ON v.probe_id = p.id",
                                           in: imp.db, writer: RowWriter(format: .csv, out: sink)))
        XCTAssertEqual(sink.text, "label,total\nfirst,12\n")

        // The same bytes again: unchanged, said to be stored as a probe; under --label, an alias.
        let copy = write("copy.probe", "agtrace-probe\nvalue 3\nvalue 4\nnoise\nvalue 5\n")
        guard case .duplicate(_, let kind, "first") = try imp.importItem(copy) else { return XCTFail("not a duplicate") }
        XCTAssertEqual(kind, .probe)
        guard case .aliased(_, _, "first", "again") = try imp.importItem(copy, options: ImportOptions(label: "again")) else {
            return XCTFail("not an alias")
        }
        XCTAssertEqual(try LabelLookup.resolve("again", kind: "probe", in: imp.db), id)

        // --replace keeps the kind and the aliases; its notes are the new import's.
        let replacing = write("second.probe", "agtrace-probe\nvalue 1\n")
        let replaced = try XCTUnwrap(imported(try imp.importItem(replacing, options: ImportOptions(label: "first", replace: true))))
        XCTAssertEqual(replaced.keptAliases, ["again"])
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM import_notes")?.intValue, 0)
        XCTAssertThrowsError(try imp.importItem(replacing, options: ImportOptions(label: "trip-1-before", replace: true))) { error in
            XCTAssertTrue("\(error)".contains("names a snapshot, and this file holds a probe"), "\(error)")
        }

        // delete removes its rows, its aliases and its notes.
        XCTAssertEqual(try Catalog.delete(labels: ["first"], in: imp.db), ["first"])
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM probes")?.intValue, 0)
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM probe_values")?.intValue, 0)
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM aliases")?.intValue, 0)
        XCTAssertEqual(try Catalog.list(imp.db).rows.map { $0[1].description }, ["trip-1-before"])
    }

    /// A database the format never imported into has no tables of its: every reader passes over it.
    func testADatabaseWithoutItsTablesIsReadAsBefore() throws {
        let imp = try importer()
        _ = try imp.importItem(TestPaths.sample("trip-1-before.ag-json"))
        XCTAssertEqual(try Catalog.list(imp.db).rows.count, 1)
        XCTAssertNil(try LabelLookup.resolve("trip-1-before", kind: "probe", in: imp.db))
        XCTAssertThrowsError(try Catalog.delete(labels: ["nothing"], in: imp.db)) { error in
            // Refused for the label, not for a table the format never made ("no such table").
            XCTAssertEqual((error as? UnknownLabel)?.label, "nothing", "\(error)")
        }
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM sqlite_master WHERE name LIKE 'probe%'")?.intValue, 0)
    }
}
