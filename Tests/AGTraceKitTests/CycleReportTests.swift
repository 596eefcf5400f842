import Foundation
import XCTest
@testable import AGTraceKit

/// `agtrace cycles` over rows written as the importers write them, named from the sample dumps
/// of SampleArchives/cycles/ (Scripts/make-sample-cycles.py).
final class CycleReportTests: XCTestCase {
    static let samples = TestPaths.sampleArchives.appendingPathComponent("cycles")

    private func fixture(dumps: [String] = []) throws -> (ReportFixture, StoredCycles, Int64) {
        let f = try ReportFixture(samples: false)
        for name in dumps {
            _ = try Importer(database: f.db).importFile(Self.samples.appendingPathComponent("\(name).ag-json").path,
                                                         options: ImportOptions(label: name))
        }
        let rows = StoredCycles(db: f.db)
        let console = try rows.console("sheet-height")
        try rows.sheetHeight(console: console)
        return (f, rows, console)
    }

    private func run(_ f: ReportFixture, _ request: CycleRequest) throws -> (CycleOutcome, [[String: SQLValue]], CommandLog) {
        let log = CommandLog()
        let outcome = try CycleRunner.run(request, in: f.db, log: log)
        let rows = outcome.rows
        return (outcome, rows.rows.map { Dictionary(uniqueKeysWithValues: zip(rows.columns, $0)) }, log)
    }

    func testRepeatsGroupIntoChainsAndTheDumpAtTheCycleNamesEveryFrame() throws {
        let (f, _, _) = try fixture(dumps: ["sheet-height-at-cycle"])
        let (outcome, rows, log) = try run(f, CycleRequest(console: "sheet-height", snapshot: "sheet-height-at-cycle"))
        XCTAssertEqual(outcome.chains.map(\.reportCount), [2, 1])
        XCTAssertEqual(outcome.chains.map(\.loop), [.closed, .closed])
        XCTAssertEqual(rows.count, 8)
        XCTAssertEqual(rows.map { $0["view"]?.stringValue }, [
            "HeightBadge", "SheetContent", "GeometryReader<SizeReader.Content>", "SizeReader", "SheetContent",
            "CounterField", "CounterLabel", "SheetContent",
        ])
        XCTAssertEqual(Set(rows.map { $0["named_by"] }), [.text("snapshot")])
        XCTAssertEqual(rows[1]["rule"], .text("PreferenceCombiner<HeightKey>"))
        // The loop: 2136 (frame 1.0, N) up to the top; frame 0.0 is below it.
        XCTAssertEqual(rows.prefix(5).map { $0["in_loop"] }, [.integer(1), .integer(1), .integer(1), .integer(1), .integer(0)])
        XCTAssertEqual(rows.prefix(5).map { $0["reads"] }, [.integer(2136), .integer(2248), .integer(2200), .integer(2168), .integer(2136)])
        XCTAssertEqual(rows.prefix(5).map { $0["edge"] }, [.integer(1), .integer(1), .integer(1), .integer(1), .integer(1)])
        XCTAssertEqual(rows[0]["frame"], .text("4.0"))
        XCTAssertEqual(rows[0]["index"], .text("0/2"))
        XCTAssertEqual(rows[0]["flags"], .text("PD"))
        XCTAssertEqual(rows[0]["reports"], .integer(2))
        XCTAssertEqual(rows[0]["position"], .integer(3))
        XCTAssertEqual(rows[0]["snapshot_names"], .text("names 5 of 5"))
        XCTAssertEqual(rows[5]["snapshot_names"], .text("names 3 of 3"))
        XCTAssertEqual(log.warnings, [])
        XCTAssertTrue(log.messages.contains(.line("snapshot 'sheet-height-at-cycle' names 5 of 5 frames of chain 1 (it has 5 of those ids at all)")), "\(log.messages)")
    }

    func testWithoutADumpOnlyTheDigraphNamesAndNothingIsMadeUp() throws {
        let (f, _, _) = try fixture()
        let (_, rows, log) = try run(f, CycleRequest())
        // Level 2: no name anywhere: unknown.
        for row in rows.prefix(5) {
            XCTAssertEqual(row["rule"], .null)
            XCTAssertEqual(row["view"], .null)
            XCTAssertEqual(row["named_by"], .null)
            XCTAssertEqual(row["edge"], .null)
        }
        // Level 3: the digraph's labels, cut by the engine: the rule as printed, no view guessed from a cut name.
        XCTAssertEqual(rows[5]["rule"], .text("DynamicBody<ViewBodyAccessor<CounterFiel…"))
        XCTAssertEqual(rows[5]["view"], .null)
        XCTAssertEqual(rows[5]["named_by"], .text("digraph"))
        XCTAssertEqual(rows[7]["rule"], .text("RootDisplayList"))
        XCTAssertEqual(log.warnings, [])
    }

    func testADumpOfAnotherMomentIsFlagged() throws {
        let (f, _, _) = try fixture(dumps: ["sheet-height-later"])
        let (_, rows, log) = try run(f, CycleRequest(console: "sheet-height", snapshot: "sheet-height-later"))
        XCTAssertEqual(rows[0]["snapshot_names"], .text("names 3 of 5"))
        XCTAssertEqual(rows[5]["snapshot_names"], .text("names 2 of 3"))
        XCTAssertEqual(rows[0]["named_by"], .null, "2248 is gone in the later dump: unknown")
        XCTAssertEqual(rows[1]["view"], .text("SettingsRow"), "the id is another node now; the warning says so")
        XCTAssertTrue(log.warnings.contains { $0.hasPrefix("snapshot 'sheet-height-later' names 3 of 5 frames of chain 1 (it has 3 of those ids at all): a dump of another moment") }, "\(log.warnings)")
        // 2344's digraph label contradicts the dump's SettingsRow; 2080's agrees.
        XCTAssertTrue(log.warnings.contains("chain 2, frame 2.0 (attribute 2344): snapshot 'sheet-height-later' names it DynamicBody<ViewBodyAccessor<SettingsRow>>, the report's digraph says DynamicBody<ViewBodyAccessor<CounterFiel…: the dump is of another moment"), "\(log.warnings)")
        XCTAssertFalse(log.warnings.contains { $0.contains("attribute 2080") })
        XCTAssertTrue(log.messages.contains { if case .line(let t) = $0 { t.hasPrefix("chain 1: snapshot 'sheet-height-later' holds no input edge 2136 -> 2248, ") && t.hasSuffix("the loop runs through something the dump cannot see") } else { false } }, "\(log.messages)")
    }

    func testAStackWithoutNIsOpenAndHeadersGroupByAttribute() throws {
        let f = try ReportFixture(samples: false)
        let rows = StoredCycles(db: f.db)
        let console = try rows.console("sheet-effect")
        // As ../shared/real-console/sheet-effect.log: no frame is 278848, the last line cut.
        try rows.report(kind: "console", owner: console, position: 1, attribute: 278848, level: 2, complete: false, frames: [
            .init(stack: 3, attribute: 280960), .init(stack: 2, attribute: 280928), .init(stack: 1, attribute: 280896, index: nil, inputs: nil, flags: nil),
        ])
        let toolbar = try rows.console("toolbar")
        for i in 0..<10 {
            try rows.report(kind: "console", owner: toolbar, position: Int64(i + 1), attribute: i % 2 == 0 ? 103752 : 104216, level: 1)
        }
        let (outcome, table, _) = try run(f, CycleRequest())
        XCTAssertEqual(outcome.chains.map(\.loop), [.open, .noFrames, .noFrames])
        XCTAssertEqual(outcome.chains.map(\.reportCount), [1, 5, 5])
        XCTAssertEqual(table[0]["in_loop"], .null, "open: no loop is made up")
        XCTAssertEqual(table[0]["complete"], .integer(0))
        XCTAssertEqual(table[2]["index"], .null)
        XCTAssertEqual(table[2]["flags"], .null)
        XCTAssertEqual(table[3]["through"], .integer(103752))
        XCTAssertEqual(table[3]["frame"], .null)
        let one = try run(f, CycleRequest(console: "toolbar")).0
        XCTAssertEqual(one.chains.map(\.attribute), [103752, 104216])
    }

    func testAHeaderAloneIsNamedByItsAttribute() throws {
        let f = try ReportFixture(samples: false)
        _ = try Importer(database: f.db).importFile(Self.samples.appendingPathComponent("sheet-height-at-cycle.ag-json").path,
                                                     options: ImportOptions(label: "at-cycle"))
        let rows = StoredCycles(db: f.db)
        let console = try rows.console("headers")
        try rows.report(kind: "console", owner: console, position: 1, attribute: 2136, level: 1)
        try rows.report(kind: "console", owner: console, position: 2, attribute: 2136, level: 1)
        try rows.report(kind: "console", owner: console, position: 3, attribute: 7, level: 1)
        let (outcome, table, log) = try run(f, CycleRequest(snapshot: "at-cycle"))
        XCTAssertEqual(outcome.chains.map(\.reportCount), [2, 1])
        XCTAssertEqual(table.map { $0["attribute"] }, [.integer(2136), .integer(7)])
        XCTAssertEqual(table.map { $0["view"] }, [.text("SizeReader"), .null], "7 is no node of the dump: unknown")
        XCTAssertEqual(table.map { $0["named_by"] }, [.text("snapshot"), .null])
        XCTAssertEqual(table[0]["frame"], .null)
        XCTAssertEqual(table[0]["snapshot_names"], .null)
        XCTAssertEqual(log.warnings, [])
        let dump = try LabelLookup.snapshotId("at-cycle", in: f.db)
        XCTAssertEqual(try CycleCounts.count(in: f.db, kind: .console, owner: console, snapshot: dump).views, ["SizeReader"])
        XCTAssertEqual(try CycleCounts.count(in: f.db, kind: .console, owner: console).views, [])
    }

    func testATraceNamesItsCyclesByItsOwnTypesAndTheRecorderByItsNames() throws {
        let f = try ReportFixture(samples: false)
        let trace = TestPaths.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path
        _ = try Importer(database: f.db).importFile(trace, options: ImportOptions(label: "trip-taps"))
        let traceId = try LabelLookup.traceId("trip-taps", in: f.db)
        let rows = StoredCycles(db: f.db)
        try rows.report(kind: "trace", owner: traceId, position: 60, attribute: 1048, level: nil, form: "trace", frames: [
            .init(stack: nil, attribute: 1088, count: nil, index: nil, inputs: nil, flags: nil),
            .init(stack: nil, attribute: 1048, count: nil, index: nil, inputs: nil, flags: nil),
            .init(stack: nil, attribute: 99_999, count: nil, index: nil, inputs: nil, flags: nil),
        ])
        let runId = try f.run("tap", [])
        try rows.report(kind: "run", owner: runId, position: 1, attribute: 40, level: nil, form: "recorder", frames: [
            .init(stack: nil, attribute: 40, name: "DynamicBody<ViewBodyAccessor<Sheet>>"),
        ])
        let (_, table, _) = try run(f, CycleRequest(trace: "trip-taps"))
        XCTAssertEqual(table.map { $0["named_by"] }, [.text("trace"), .text("trace"), .null])
        XCTAssertEqual(table[1]["view"], .text("TripView"))
        XCTAssertEqual(table[0]["rule"], .text("TextRule"))
        XCTAssertEqual(table[2]["rule"], .null, "an id the trace does not know stays unknown")
        XCTAssertEqual(table[0]["frame"], .null)
        let recorded = try run(f, CycleRequest(run: "tap")).1
        XCTAssertEqual(recorded.map { $0["view"] }, [.text("Sheet")])
        XCTAssertEqual(recorded.map { $0["named_by"] }, [.text("recorder")])
        XCTAssertEqual(recorded[0]["in_loop"], .integer(1), "N is the top frame: it read itself")
        XCTAssertEqual(recorded[0]["reads"], .integer(40))
    }

    func testNamingOrder() {
        var names = CycleFrameNames()
        names.digraphLabel = "DynamicBody<ViewBodyAccessor<A>>"
        XCTAssertEqual(CycleNaming.name(names), CycleName(rule: "DynamicBody<ViewBodyAccessor<A>>", view: "A", source: .digraph))
        names.recorderName = "DynamicBody<ViewBodyAccessor<B>>"
        XCTAssertEqual(CycleNaming.name(names).source, .recorder)
        names.traceRule = "DynamicBody<ViewBodyAccessor<C>>"
        names.traceView = "C"
        XCTAssertEqual(CycleNaming.name(names).view, "C")
        names.inSnapshot = true
        XCTAssertEqual(CycleNaming.name(names).source, .trace, "a dump that has the id but names nothing does not win")
        names.snapshotRule = "DynamicBody<ViewBodyAccessor<D>>"
        names.snapshotView = "D"
        XCTAssertEqual(CycleNaming.name(names), CycleName(rule: "DynamicBody<ViewBodyAccessor<D>>", view: "D", source: .snapshot))
        XCTAssertEqual(CycleNaming.disagreement(names), "DynamicBody<ViewBodyAccessor<B>>")
        XCTAssertEqual(CycleNaming.name(CycleFrameNames()), .unknown)
    }

    func testTheGateCountsReportsAndNamesTheLoopsViews() throws {
        let (f, rows, console) = try fixture(dumps: ["sheet-height-at-cycle"])
        let other = try rows.console("clean")
        let count = try CycleCounts.count(in: f.db, kind: .console, owner: console)
        XCTAssertEqual(count.reports, 3)
        XCTAssertEqual(count.chains.map(\.reports), [2, 1])
        XCTAssertEqual(count.views, [], "the console alone names no view here (the digraph labels are cut)")
        XCTAssertEqual(try CycleCounts.count(in: f.db, kind: .console, owner: other).reports, 0)
        let dump = try LabelLookup.snapshotId("sheet-height-at-cycle", in: f.db)
        XCTAssertEqual(try CycleCounts.count(in: f.db, kind: .console, owner: console, snapshot: dump).views,
                       ["HeightBadge", "SheetContent", "GeometryReader<SizeReader.Content>", "SizeReader", "CounterField", "CounterLabel"],
                       "the loops' views (2080, below both loops, is not counted)")
        let runId = try f.run("tap", [])
        try rows.report(kind: "run", owner: runId, position: 1, attribute: 40, level: nil, form: "recorder", frames: [
            .init(stack: nil, attribute: 44, name: "DynamicBody<ViewBodyAccessor<Badge>>"),
            .init(stack: nil, attribute: 40, name: "DynamicBody<ViewBodyAccessor<Sheet>>"),
            .init(stack: nil, attribute: 8, name: "DynamicBody<ViewBodyAccessor<Root>>"),
        ])
        let recorded = try CycleCounts.count(in: f.db, kind: .run, owner: runId)
        XCTAssertEqual(recorded.reports, 1)
        XCTAssertEqual(recorded.views, ["Badge", "Sheet"], "the loop's views: Root is below it")
    }

    func testDotDrawsTheLoopInputToReader() throws {
        let (f, _, _) = try fixture(dumps: ["sheet-height-at-cycle", "sheet-height-later"])
        let sink = StringSink()
        CycleDot.write(try run(f, CycleRequest(console: "sheet-height", snapshot: "sheet-height-at-cycle")).0, to: sink)
        let dot = sink.text
        XCTAssertTrue(dot.hasPrefix("digraph cycles {"))
        for edge in ["c1_2136 -> c1_2248;", "c1_2248 -> c1_2200;", "c1_2200 -> c1_2168;", "c1_2168 -> c1_2136;", "c2_2312 -> c2_2344;", "c2_2344 -> c2_2312;"] {
            XCTAssertTrue(dot.contains(edge), edge + "\n" + dot)
        }
        XCTAssertFalse(dot.contains("c1_2080"), "frame 0.0 is below the loop")
        XCTAssertTrue(dot.contains("label=\"SizeReader\\nDynamicBody&lt;ViewBodyAccessor&lt;SizeReader&gt;&gt;\\n#2136\\nPDV\""), dot)
        let later = StringSink()
        CycleDot.write(try run(f, CycleRequest(console: "sheet-height", snapshot: "sheet-height-later")).0, to: later)
        XCTAssertTrue(later.text.contains("c1_2136 -> c1_2248 [style=dashed, label=\"no edge in the dump\"];"), later.text)
        XCTAssertTrue(later.text.contains("label=\"unknown\\n#2248"), later.text)
    }

    /// The page's pictures: each chain its own graph (Graphviz lays out many small graphs far
    /// faster than one of many clusters), the same clusters `write` puts in one, at most `limit`.
    func testEachChainIsAGraphOfItsOwn() throws {
        let (f, _, _) = try fixture(dumps: ["sheet-height-at-cycle"])
        let outcome = try run(f, CycleRequest(console: "sheet-height", snapshot: "sheet-height-at-cycle")).0
        let whole = StringSink()
        CycleDot.write(outcome, to: whole)
        let graphs = CycleDot.graphs(outcome, limit: 10)
        XCTAssertEqual(graphs.count, 2)
        let header = "digraph cycles {\n  rankdir=BT;\n  node [shape=box, fontname=\"Helvetica\"];\n"
        for (i, graph) in graphs.enumerated() {
            XCTAssertTrue(graph.hasPrefix(header + "  subgraph cluster_\(i + 1) {"), graph)
            XCTAssertTrue(graph.hasSuffix("  }\n}\n"), graph)
            XCTAssertEqual(graph.components(separatedBy: "subgraph").count, 2, graph)
        }
        XCTAssertEqual(header + graphs.map { $0.dropFirst(header.count).dropLast(2) }.joined() + "}\n", whole.text)
        XCTAssertEqual(CycleDot.graphs(outcome, limit: 1), [graphs[0]])
    }

    /// The findings' cycle query: one finding per attribute in the order of its first report,
    /// its reports' positions, and the attributes of all their frames, each once (NULL is an
    /// attribute too; another recording's reports are not counted).
    func testCycleFindingsGatherEachAttributesReports() throws {
        let f = try ReportFixture(samples: false)
        let rows = StoredCycles(db: f.db)
        let console = try rows.console("loops")
        _ = try rows.console("other")
        let other = try rows.console("other-2")
        try rows.report(kind: "console", owner: other, position: 1, attribute: 7, level: 2, frames: [.init(stack: 0, attribute: 99)])
        try rows.report(kind: "console", owner: console, position: 5, attribute: 7, level: 2,
                        frames: [.init(stack: 1, attribute: 30), .init(stack: 0, attribute: 7)])
        try rows.report(kind: "console", owner: console, position: 9, attribute: nil, level: 2, frames: [.init(stack: 0, attribute: 50)])
        try rows.report(kind: "console", owner: console, position: 12, attribute: 7, level: 2,
                        frames: [.init(stack: 2, attribute: 20), .init(stack: 1, attribute: nil), .init(stack: 0, attribute: 30)])
        try rows.report(kind: "console", owner: console, position: 20, attribute: 8, level: 1)
        try rows.report(kind: "console", owner: console, position: 21, attribute: nil, level: 1)
        let found = try CycleFindings(kind: "console", owner: console, label: "loops", positionKind: "line", db: f.db).findings()
        XCTAssertEqual(found.map(\.attributes), [[7, 20, 30], [50], [8]])
        XCTAssertEqual(found.map(\.evidence.positions), [[5, 12], [9, 21], [20]])
        XCTAssertEqual(found.map { $0.evidence.count("reports") }, [2, 2, 1])
        XCTAssertEqual(found.map { $0.evidence.count("frames") }, [3, 1, 0])
    }

    func testWhichReportsAndLabelsAreRefused() throws {
        let (f, _, _) = try fixture()
        XCTAssertThrowsError(try run(f, CycleRequest(console: "nope"))) { XCTAssertEqual("\($0)", "no console labelled 'nope' (see agtrace list)") }
        XCTAssertThrowsError(try run(f, CycleRequest(console: "sheet-height", trace: "x"))) {
            XCTAssertTrue($0 is ReportUsageError)
        }
        let log = CommandLog()
        let empty = try ReportFixture(samples: false)
        XCTAssertEqual(try CycleRunner.run(CycleRequest(), in: empty.db, log: log).chains.count, 0)
        XCTAssertEqual(log.messages, [.line("the database holds no cycle report")])
    }

    /// An open chain (no printed frame is N) shows its stack, not a loop: neither the DOT's
    /// cluster nor a missing edge's line calls it one.
    func testAnOpenChainIsNotCalledALoop() throws {
        let (f, rows, _) = try fixture(dumps: ["sheet-height-later"])
        let other = try rows.console("cut")
        try rows.report(kind: "console", owner: other, position: 1, attribute: 9999, level: 2,
                        frames: [.init(stack: 1, attribute: 2248), .init(stack: 0, attribute: 2136)])
        let log = CommandLog()
        let outcome = try CycleRunner.run(CycleRequest(console: "cut", snapshot: "sheet-height-later"), in: f.db, log: log)
        XCTAssertEqual(outcome.chains.map(\.loop), [.open])
        let said = log.messages.compactMap { if case .line(let t) = $0, t.contains("holds no input edge") { t } else { nil } }
        XCTAssertEqual(said.count, 1, "\(log.messages)")
        XCTAssertTrue(said.first?.hasSuffix("the stack (open: no loop is known) runs through something the dump cannot see") == true, "\(said)")
        let dot = StringSink()
        CycleDot.write(outcome, to: dot)
        XCTAssertTrue(dot.text.contains("through 9999 (open: the printed stack, no loop known)"), dot.text)
        XCTAssertFalse(dot.text.contains("loop\""), dot.text)
    }
}

/// The HTML report's cycles section: there when the page's own recordings (its run, its trace,
/// the recordings it compares) hold cycle reports; another recording's are not the page's.
final class HTMLCyclesTests: XCTestCase {
    private func page(_ f: ReportFixture, _ inputs: HTMLReport.Inputs) throws -> String {
        let sink = StringSink()
        try HTMLReport.write(inputs, options: HTMLReport.Options(generator: "t", madeAt: "now", graphviz: nil), in: f.db, to: sink)
        return sink.text
    }

    /// A picture a chain, at most `cyclePictures` of them; the page says when some are left out.
    func testEachChainIsAPictureUpToTheBound() throws {
        let f = try ReportFixture(samples: false)
        let rows = StoredCycles(db: f.db)
        let console = try rows.console("sheet-height")
        try rows.sheetHeight(console: console)
        var options = HTMLReport.Options(generator: "t", madeAt: "now", graphviz: Graphviz(executable: "/no/dot"))
        let all = HTMLPage()
        try HTMLCycles.section(all, db: f.db, owners: [(.console, console)], snapshot: nil, options: options)
        XCTAssertEqual(all.pictures.count, 2)
        XCTAssertFalse(all.body.contains("Pictures of the first"))
        options.cyclePictures = 1
        let one = HTMLPage()
        try HTMLCycles.section(one, db: f.db, owners: [(.console, console)], snapshot: nil, options: options)
        XCTAssertEqual(one.pictures.count, 1)
        XCTAssertTrue(one.body.contains("Pictures of the first 1 of the 2 chains: agtrace cycles --format dot draws every one."), one.body)
    }

    func testTheSectionListsThePagesRecordingsChainsNamedByItsSnapshot() throws {
        let f = try ReportFixture(samples: false)
        _ = try Importer(database: f.db).importFile(CycleReportTests.samples.appendingPathComponent("sheet-height-at-cycle.ag-json").path,
                                                     options: ImportOptions(label: "at-cycle"))
        XCTAssertFalse(try page(f, HTMLReport.Inputs(["snapshot": "at-cycle"])).contains("id=\"cycles\""), "no cycle stored: no section")
        // A console's cycles: not a recording of a page of the snapshot alone.
        let rows = StoredCycles(db: f.db)
        try rows.sheetHeight(console: try rows.console("sheet-height"))
        let alone = try page(f, HTMLReport.Inputs(["snapshot": "at-cycle"]))
        XCTAssertFalse(alone.contains("id=\"cycles\""), "another recording's cycles")
        XCTAssertFalse(alone.contains("names 5 of 5"))
        // The same stacks as a trace's, on a page of that trace: its section, named by the page's dump.
        _ = try Importer(database: f.db).importFile(TestPaths.sample("traces/trip-taps.ag-trace"), options: ImportOptions(label: "taps"))
        let trace = try XCTUnwrap(try f.db.scalar("SELECT id FROM traces WHERE label = 'taps'")?.intValue)
        try f.db.execute("""
            INSERT INTO cycles(kind, owner_id, position, attribute, level, form)
                SELECT 'trace', \(trace), position, attribute, level, 'trace' FROM cycles WHERE id = (SELECT min(id) FROM cycles);
            INSERT INTO cycle_frames(cycle_id, ordinal, stack_index, frame_index, attribute, count, input_index, input_count, flags)
                SELECT (SELECT max(id) FROM cycles), ordinal, stack_index, frame_index, attribute, count, input_index, input_count, flags
                FROM cycle_frames WHERE cycle_id = (SELECT min(id) FROM cycles);
            """)
        let html = try page(f, HTMLReport.Inputs(["snapshot": "at-cycle", "trace": "taps"]))
        XCTAssertTrue(html.contains("<a href=\"#cycles\">Cycles</a>"))
        XCTAssertTrue(html.contains("<section id=\"cycles\"><h2>Cycles</h2>"))
        XCTAssertTrue(html.contains("<p class=\"note\">snapshot &apos;at-cycle&apos; names 5 of 5 frames of chain 1"))
        XCTAssertFalse(html.contains("of chain 2"), "the console's chains are not the page's")
        XCTAssertTrue(html.contains("\"HeightBadge\""), "the table's data names the views")
    }
}
