import XCTest
@testable import AGTraceKit

/// Dumps of other processes, labels of another kind, indirect attributes: each is said for
/// what it is rather than read as an answer.
final class NamingAcrossProcessesTests: XCTestCase {
    /// Two different apps: the ids name other nodes, and every comparison of two snapshots
    /// says so, once (diff and diff --details, edge-churn, dirty-walks --from/--to, export html
    /// --compare); two dumps of one process say nothing. The count is one query
    /// (snapshot-pairing), not the comparison's merge.
    func testEveryComparisonOfAnotherProcessWarnsThatIdsNameOtherNodes() throws {
        let f = try ReportFixture()
        let ids = (try LabelLookup.snapshotId("trip-1-before", in: f.db), try LabelLookup.snapshotId("planner-profiled", in: f.db))
        XCTAssertEqual(try SnapshotPairing.count(in: f.db, from: ids.0, to: ids.1),
                       SnapshotPairing(attributesFrom: 16, attributesTo: 9, paired: 1))
        let apart = try SnapshotPairing.warnings(in: f.db, from: "trip-1-before", to: "planner-profiled")
        XCTAssertEqual(apart.count, 1)
        XCTAssertTrue(apart[0].hasPrefix("only 1 of the 16 attributes of 'trip-1-before' and of the 9 of 'planner-profiled' pair up with the same rule: the same ids name other nodes"), apart[0])
        // The commands it points to name the two snapshots, ready to run.
        // trip-1-before has no profile, where those commands would refuse: it says how to get one.
        XCTAssertTrue(apart[0].hasSuffix("compare by rule or view instead, by update counts ('trip-1-before' has none: dump it with "
            + "AGGraphStartProfiling on, or record a trace or an lldb transcript of each app): 'agtrace report updates --snapshot trip-1-before --by rule' "
            + "and '--snapshot planner-profiled --by rule' (or --by view), or 'agtrace baseline --snapshot trip-1-before --key rule "
            + "--output FILE' then 'agtrace check --baseline FILE --snapshot planner-profiled'"), apart[0])
        XCTAssertEqual(try SnapshotPairing.warnings(in: f.db, from: "trip-1-before", to: "trip-4-after-body"), [])
        XCTAssertEqual(try SnapshotPairing.warnings(in: f.db, from: "trip-2-after-write", to: "trip-3-after-invalidate"), [])
        // The reports over two snapshots carry it, once each.
        for name in ["edge-churn", "dirty-walks"] {
            let churn = try ReportRunner.run(ReportRequest(name: name, options: ["from": "trip-1-before", "to": "planner-profiled"]),
                                             in: f.db, writer: RowWriter(format: .csv, out: StringSink()))
            XCTAssertEqual(churn.warnings, apart, name)
            let same = try ReportRunner.run(ReportRequest(name: name, options: ["from": "trip-1-before", "to": "trip-3-after-invalidate"]),
                                            in: f.db, writer: RowWriter(format: .csv, out: StringSink()))
            XCTAssertEqual(same.warnings, [], name)
        }
        // export html --compare shows it once, in its section, and returns it once for stderr.
        let options = HTMLReport.Options(generator: "agtrace test", madeAt: "2026-01-01T00:00:00Z", graphviz: nil)
        let sink = StringSink()
        let warnings = try HTMLReport.write(HTMLReport.Inputs(compare: ("trip-1-before", "planner-profiled")), options: options, in: f.db, to: sink)
        XCTAssertEqual(warnings, apart)
        XCTAssertEqual(sink.text.components(separatedBy: "Warning: only 1 of the 16 attributes of &apos;trip-1-before&apos;").count, 2, "page")
        // Set apart from the notes of rows left out, above the counts it makes doubtful.
        XCTAssertTrue(sink.text.contains("<p class=\"warning\" role=\"alert\">Warning: only 1 of the 16"), "page")
        XCTAssertLessThan(sink.text.range(of: "Warning: only 1")!.lowerBound, sink.text.range(of: "<h4>counts</h4>")!.lowerBound)
        let sameSink = StringSink()
        XCTAssertEqual(try HTMLReport.write(HTMLReport.Inputs(compare: ("trip-1-before", "trip-4-after-body")), options: options,
                                            in: f.db, to: sameSink), [])
        XCTAssertFalse(sameSink.text.contains("Warning:"), "page")
    }

    /// The query (diff --details, dirty-walks) and the comparison's merge (diff, edge-churn,
    /// the page) count the same pairs, both ways round, for every two samples.
    func testPairingQueryCountsWhatTheMergeCounts() throws {
        let f = try ReportFixture()
        let labels = try f.db.prepare("SELECT label FROM snapshots ORDER BY id").rows { $0.string(0) ?? "" }
        XCTAssertGreaterThan(labels.count, 3)
        for a in labels {
            for b in labels {
                let merged = try SnapshotDiff.compute(in: f.db, from: a, to: b).pairing
                let counted = try SnapshotPairing.count(in: f.db, from: LabelLookup.snapshotId(a, in: f.db), to: LabelLookup.snapshotId(b, in: f.db))
                XCTAssertEqual(counted, merged, "\(a) → \(b)")
            }
        }
    }

    /// Where the warning starts: fewer than half of either side; two empty sides say nothing.
    func testPairingWarnsBelowHalfOfEitherSide() throws {
        XCTAssertTrue(SnapshotPairing(attributesFrom: 10, attributesTo: 4, paired: 1).warning(fromLabel: "a", toLabel: "b")!
            .hasSuffix("compare by rule or view instead: 'agtrace report updates --snapshot a --by rule' and '--snapshot b --by rule' "
                       + "(or --by view), or 'agtrace baseline --snapshot a --key rule --output FILE' then 'agtrace check --baseline FILE --snapshot b'"))
        XCTAssertTrue(SnapshotPairing(attributesFrom: 10, attributesTo: 4, paired: 1).warning(fromLabel: "a", toLabel: "b", unprofiled: ["a", "b"])!
            .contains("by update counts ('a' and 'b' have none: dump them with AGGraphStartProfiling on"))
        XCTAssertNil(SnapshotPairing(attributesFrom: 0, attributesTo: 0, paired: 0).warning(fromLabel: "a", toLabel: "b"))
        // Past SnapshotPairing.sampleSize nodes only a sample is looked up: the estimate decides, and the words say so.
        XCTAssertNil(SnapshotPairing(attributesFrom: 1_000_000, attributesTo: 1_000_000, paired: 9_000, sampled: 10_000)
            .warning(fromLabel: "a", toLabel: "b"))
        XCTAssertTrue(SnapshotPairing(attributesFrom: 1_000_000, attributesTo: 1_000_000, paired: 100, sampled: 10_000)
            .warning(fromLabel: "a", toLabel: "b")!
            .hasPrefix("only about 10000 (100 of a sample of 10000) of the 1000000 nodes of 'a' and of the 1000000 of 'b' pair up"))
        XCTAssertNil(SnapshotPairing(attributesFrom: 10, attributesTo: 4, paired: 5).warning(fromLabel: "a", toLabel: "b"))
        XCTAssertNotNil(SnapshotPairing(attributesFrom: 10, attributesTo: 4, paired: 4).warning(fromLabel: "a", toLabel: "b"))
        XCTAssertNotNil(SnapshotPairing(attributesFrom: 4, attributesTo: 0, paired: 0).warning(fromLabel: "a", toLabel: "b"))
    }

    /// A label of another kind says what it is and which option takes it, for every kind.
    func testLabelOfAnotherKindNamesItsOption() throws {
        let f = try ReportFixture()
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path)
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("transcripts/trip-frame-info.lldb.log").path)
        func message(_ body: () throws -> Int64) -> String {
            do { _ = try body(); return "" } catch { return "\(error)" }
        }
        XCTAssertEqual(message { try LabelLookup.runId("trip-taps", in: f.db) },
                       "'trip-taps' is a trace, not a run: give it with --trace trip-taps (see agtrace list)")
        XCTAssertEqual(message { try LabelLookup.snapshotId("trip-taps", in: f.db) },
                       "'trip-taps' is a trace, not a snapshot: give it with --trace trip-taps (see agtrace list)")
        XCTAssertEqual(message { try LabelLookup.traceId("trip-frame-info", in: f.db) },
                       "'trip-frame-info' is a run, not a trace: give it with --run trip-frame-info (see agtrace list)")
        XCTAssertEqual(message { try LabelLookup.traceId("trip-1-before", in: f.db) },
                       "'trip-1-before' is a snapshot, not a trace: give it with --snapshot trip-1-before (see agtrace list)")
        XCTAssertEqual(message { try LabelLookup.runId("nope", in: f.db) }, "no run labelled 'nope' (see agtrace list)")
    }

    /// An indirect attribute (low bits 01) is called indirect wherever a rule is named: a
    /// dump never lists it, a run's hits may name it, a trace says its source.
    func testIndirectAttributesAreCalledIndirect() throws {
        let f = try ReportFixture()
        let snapshot = try LabelLookup.snapshotId("trip-1-before", in: f.db)
        XCTAssertThrowsError(try PushWalk.run(in: f.db, snapshot: snapshot, label: "trip-1-before", from: [3033])) { error in
            XCTAssertTrue("\(error)".hasPrefix("no node 3033 in snapshot 'trip-1-before': 3033 is an indirect attribute"), "\(error)")
        }
        XCTAssertThrowsError(try DumpWhy.run(in: f.db, snapshot: snapshot, label: "trip-1-before", from: [3033])) { error in
            XCTAssertTrue("\(error)".contains("is an indirect attribute"), "\(error)")
        }
        // A direct id that is missing stays "no node".
        XCTAssertThrowsError(try PushWalk.run(in: f.db, snapshot: snapshot, label: "trip-1-before", from: [3036])) { error in
            XCTAssertEqual("\(error)", "no node 3036 in snapshot 'trip-1-before'")
        }
        var names = try NodeNames(db: f.db, snapshot: snapshot)
        XCTAssertEqual(try names.name(3033), NodeNames.Name(rule: "indirect", view: nil))
        XCTAssertNil(try names.name(3036))
        XCTAssertEqual(try names.name(3152)?.rule, "DynamicBody<ViewBodyAccessor<Trip>>")
        // A run's hits on an indirect attribute, named through a dump.
        try BaselineFixtures.insertRun(f.db, label: "tap", counts: [3033: 2, 3152: 1])
        let updates = try ReportRunner.rows(ReportRequest(name: "updates", options: ["run": "tap", "snapshot": "trip-1-before"]), in: f.db)
        XCTAssertEqual(updates.rows.map { $0.map(\.description) }, [["3033", "2", "indirect"], ["3152", "1", "DynamicBody<ViewBodyAccessor<Trip>>"]])
        let why = try RunWhy.report(in: f.db, run: try LabelLookup.runId("tap", in: f.db), snapshot: snapshot, attributes: [3033])
        XCTAssertFalse(why.rows.isEmpty)
        XCTAssertTrue(why.rows.allSatisfy { $0[4] == .text("indirect") }, "\(why.rows)")

        // A trace: an indirect node 1049 whose source is 1048, read by 1088.
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path)
        let trace = try LabelLookup.traceId("trip-taps", in: f.db)
        try f.db.execute("INSERT INTO trace_nodes(trace_id, attribute, subgraph_id, type_id) VALUES (\(trace), 1049, 7, NULL), (\(trace), 1053, 7, NULL)")
        try f.db.execute("INSERT INTO trace_indirect_sources(trace_id, attribute, source, set_seq) VALUES (\(trace), 1049, 1048, 1000)")
        try f.db.execute("INSERT INTO trace_edges(trace_id, reader, input, added_seq) VALUES (\(trace), 1049, 1048, 1001), (\(trace), 1088, 1049, 1002)")
        // The walk passes through the indirect node to its reader, as propagate_dirty does; its name says what it is.
        XCTAssertEqual(try TraceNames(in: f.db, trace: trace).node(1049)?.rule, "indirect -> 1048")
        let alone = try TraceWalk.rows(in: f.db, trace: trace, label: "trip-taps", from: .attribute(1053))
        XCTAssertEqual(alone, [])
        XCTAssertEqual(try TraceNames(in: f.db, trace: trace).node(1053)?.rule, "indirect")
    }
}
