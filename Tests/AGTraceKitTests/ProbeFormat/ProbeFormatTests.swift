import XCTest
@testable import AGTraceKit

/// A format from outside the library, registered the way the library's own are: imported,
/// listed with its own columns, named by label lookup, queried, reported on, laid out in time,
/// shown on the HTML page, counted by `check` and `compare`, re-imported, replaced and deleted
/// with no code of its own outside its folder.
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
        let values = try XCTUnwrap(listed.columns.firstIndex(of: "values"), "its own column: \(listed.columns)")
        XCTAssertEqual(listed.columns.prefix(5), ["kind", "label", "graphs", "nodes", "edges"])
        XCTAssertEqual(listed.rows.map { [$0[0].description, $0[1].description, $0[2].description, $0[values].description] },
                       [["snapshot", "trip-1-before", "1", ""], ["probe", "first", "", "3"]])

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

    /// Its report (its own SQL), its notes, its timeline and its part of the HTML page, read
    /// by the library's runners.
    func testAProbeReportsAndExports() throws {
        let imp = try importer()
        _ = try imp.importItem(write("first.probe", "agtrace-probe\nvalue 3\nvalue 4\nnoise\nvalue 3\n"))
        _ = try imp.importItem(TestPaths.sample("trip-1-before.ag-json"))
        XCTAssertTrue(ReportRunner.parameterOptions.contains("probe"))
        let sink = RowCollector()
        let outcome = try ReportRunner.run(ReportRequest(name: "values", options: ["probe": "first"]), in: imp.db, writer: sink)
        XCTAssertEqual(sink.columns, ["value", "lines"])
        XCTAssertEqual(sink.rows.map { $0.map(\.description) }, [["3", "2"], ["4", "1"]])
        XCTAssertEqual(outcome.notes, ["probe 'first' skipped 1 line that held no value"])
        XCTAssertThrowsError(try ReportRunner.run(ReportRequest(name: "values", options: ["probe": "trip-1-before"]), in: imp.db,
                                                  writer: RowCollector())) { error in
            XCTAssertEqual("\(error)", "'trip-1-before' is a snapshot, not a probe: give it with --snapshot trip-1-before (see agtrace list)")
        }

        XCTAssertTrue(ExportRunner.timelineKinds.contains(.probe))
        let timeline = try ExportRunner.timeline(labels: ["probe": "first"], openDatabase: { imp.db }, log: CommandLog())
        XCTAssertEqual(timeline.sliceCount, 3)
        let json = StringSink()
        try PerfettoExport.write(timeline, to: json)
        XCTAssertTrue(json.text.contains("\"name\": \"value 4\"") || json.text.contains("\"name\":\"value 4\""), json.text)
        XCTAssertThrowsError(try ExportRunner.timeline(labels: ["probe": "first", "snapshot": "trip-1-before"], openDatabase: { imp.db },
                                                       log: CommandLog())) { error in
            XCTAssertEqual(error as? ReportUsageError, ReportUsageError("--snapshot names a run's nodes; a probe names its own (drop --snapshot)"))
        }

        let page = StringSink()
        let options = HTMLReport.Options(generator: "agtrace test", madeAt: "now", graphviz: nil)
        try HTMLReport.write(HTMLReport.Inputs(["probe": "first", "snapshot": "trip-1-before"]), options: options, in: imp.db, to: page)
        XCTAssertTrue(page.text.contains("<title>agtrace: trip-1-before, first</title>"), "the title names both")
        XCTAssertTrue(page.text.contains("<h3>probe first</h3>"), "its facts")
        XCTAssertTrue(page.text.contains("<h3>Values in the probe</h3>"), "its block of the work")
        XCTAssertTrue(page.text.contains("<a href=\"#probe\">Probe</a>") && page.text.contains("<section id=\"probe\">"), "its own section")
        let work = try XCTUnwrap(page.text.range(of: "Where the work went</h2>")), probe = try XCTUnwrap(page.text.range(of: "Values in the probe"))
        let snapshot = try XCTUnwrap(page.text.range(of: "<h3>Snapshot trip-1-before</h3>"))
        XCTAssertTrue(work.upperBound < snapshot.lowerBound && snapshot.upperBound < probe.lowerBound, "after the snapshot's work (its rank)")
        XCTAssertThrowsError(try HTMLReport.write(HTMLReport.Inputs(), options: options, in: imp.db, to: StringSink())) { error in
            XCTAssertTrue("\(error)".hasSuffix("--xctrace R, --probe P and/or --compare A B"), "\(error)")
        }
    }

    /// `check` counts it against a baseline and `compare` compares two, from files imported
    /// privately, through its `MeasuredKind`.
    func testAProbeIsCountedByCheckAndCompare() throws {
        let database = dir.appendingPathComponent("none.db").path
        let before = write("before.probe", "agtrace-probe\nvalue 1\nvalue 2\n")
        let after = write("after.probe", "agtrace-probe\nvalue 1\nvalue 2\nvalue 2\nvalue 2\n")
        XCTAssertTrue(GateSources.options.contains("probe"))
        let baseline = dir.appendingPathComponent("probe.json").path
        let taken = try BaselineGate.run(BaselineRequest(sources: try GateSources(values: ["probe": before]), output: baseline, database: database),
                                         openDatabase: { throw CheckProblem(.notCounted, "no database") }, log: CommandLog())
        XCTAssertEqual(taken.status, 0)
        XCTAssertTrue(try String(contentsOfFile: baseline, encoding: .utf8).contains("\"kind\": \"probe\""))
        func check(_ path: String) throws -> CheckOutcome {
            CheckGate.run(CheckRequest(baselinePath: baseline, sources: try GateSources(values: ["probe": path]), database: database),
                          openDatabase: { throw CheckProblem(.notCounted, "no database") }, log: CommandLog())
        }
        XCTAssertEqual(try check(before).status, 0)
        let regressed = try check(after)
        XCTAssertEqual(regressed.status, 1)
        XCTAssertEqual(regressed.comparison?.regressions.map(\.key), ["value 2"])

        let imp = try importer()
        let compared = try CompareRunner.run(CompareRequest(a: [before], b: [after], database: imp.db.path), openDatabase: { imp.db },
                                             log: CommandLog())
        XCTAssertEqual(compared.by, .view)
        XCTAssertEqual(compared.keys.map { [$0.key, "\(Int($0.a))", "\(Int($0.b))"] }, [["value 2", "1", "3"], ["value 1", "1", "1"], ["(total)", "2", "4"]])
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
