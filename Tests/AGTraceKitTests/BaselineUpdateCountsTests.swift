import XCTest
@testable import AGTraceKit

final class BaselineUpdateCountsTests: DatabaseTestCase {
    private func updates(_ c: UpdateCounts) -> [String: Int64] { c.entries.mapValues(\.updates) }

    // MARK: Runs

    func testRunCountsUpdateHitsPerAttribute() throws {
        try BaselineFixtures.insertRun(db, label: "tap", counts: BaselineFixtures.realLogCounts.reduce(into: [:]) { $0[$1.key] = $1.value })
        let c = try UpdateCounts.run("tap", key: .attribute, in: db)
        XCTAssertEqual(updates(c), ["792": 3, "760": 1, "712": 1, "1760": 2, "1712": 1, "1664": 1, "1620": 1])
        XCTAssertEqual(c.total, UpdateEntry(updates: 10))
        XCTAssertEqual(c.source, MeasuredSource(kind: .run, label: "tap", sha256: "5eed", importedAt: "2026-05-01T09:30:00Z",
                                                 ending: .unknown(nil)))
        XCTAssertEqual(c.sortedKeys, ["712", "760", "792", "1620", "1664", "1712", "1760"])
        XCTAssertTrue(c.entries.values.allSatisfy { $0.seconds == nil })
    }

    func testRunHitsWithoutAttributeCountUnderUnknown() throws {
        try BaselineFixtures.insertRun(db, label: "tap", counts: [792: 2, nil: 3])
        let c = try UpdateCounts.run("tap", key: .attribute, in: db)
        XCTAssertEqual(updates(c), ["792": 2, "(unknown)": 3])
        XCTAssertEqual(c.sortedKeys, ["792", "(unknown)"])
    }

    private var realLogCountsAndOneUnreadable: [Int64?: Int] {
        var counts: [Int64?: Int] = [nil: 1]
        for (a, n) in BaselineFixtures.realLogCounts { counts[a] = n }
        return counts
    }

    func testRunKeyedByRuleIsNamedThroughTheSnapshot() throws {
        try BaselineFixtures.importSample(db, "planner-profiled.ag-json", label: "planner")
        try BaselineFixtures.insertRun(db, label: "tap", counts: realLogCountsAndOneUnreadable)
        let c = try UpdateCounts.run("tap", key: .rule, namingSnapshot: "planner", in: db)
        XCTAssertEqual(updates(c), [
            "DynamicBody<ViewBodyAccessor<Editor>>": 2,  // 1664 and 1712
            "DynamicBody<ViewBodyAccessor<Planner>>": 1,
            "RootDisplayList": 2,
            "(attribute 792)": 3, "(attribute 760)": 1, "(attribute 712)": 1,  // not in that snapshot
            "(unknown)": 1,
        ])
        XCTAssertEqual(c.source.namedBy?.label, "planner")
        XCTAssertEqual(c.source.namedBy?.sha256?.count, 64)
        XCTAssertEqual(c.key, .rule)
    }

    func testRunKeyedByRuleWithoutSnapshotIsRefused() throws {
        try BaselineFixtures.insertRun(db, label: "tap", counts: [792: 1])
        XCTAssertThrowsError(try UpdateCounts.run("tap", key: .rule, in: db)) { error in
            XCTAssertTrue("\(error)".contains("--snapshot"), "\(error)")
        }
    }

    func testRunWithoutUpdateHitsIsRefused() throws {
        try BaselineFixtures.insertRun(db, label: "quiet", counts: [:])
        XCTAssertThrowsError(try UpdateCounts.run("quiet", key: .attribute, in: db)) { error in
            XCTAssertTrue("\(error)".contains("no update hits"), "\(error)")
            XCTAssertTrue("\(error)".contains("'quiet'"), "\(error)")
        }
    }

    func testUnknownLabelsAreNamed() throws {
        try BaselineFixtures.importSample(db, "planner-profiled.ag-json", label: "planner")
        try BaselineFixtures.insertRun(db, label: "tap", counts: [792: 1])
        XCTAssertThrowsError(try UpdateCounts.run("nope", key: .attribute, in: db)) { error in
            XCTAssertTrue("\(error)".contains("no run labelled 'nope'"), "\(error)")
        }
        XCTAssertThrowsError(try UpdateCounts.run("planner", key: .attribute, in: db)) { error in
            XCTAssertTrue("\(error)".contains("it is a snapshot"), "\(error)")
        }
        XCTAssertThrowsError(try UpdateCounts.snapshot("tap", key: .rule, in: db)) { error in
            XCTAssertTrue("\(error)".contains("it is a run"), "\(error)")
        }
        XCTAssertThrowsError(try UpdateCounts.run("tap", key: .rule, namingSnapshot: "nope", in: db)) { error in
            XCTAssertTrue("\(error)".contains("no snapshot labelled 'nope'"), "\(error)")
        }
    }

    // MARK: Snapshots

    func testProfiledSnapshotByRuleSumsTypeProfilesAcrossGraphs() throws {
        try BaselineFixtures.importSample(db, "planner-profiled.ag-json", label: "planner")
        let c = try UpdateCounts.snapshot("planner", key: .rule, in: db)
        XCTAssertEqual(updates(c), [
            "DynamicBody<ViewBodyAccessor<Planner>>": 2,
            "DynamicBody<ViewBodyAccessor<Editor>>": 6,
            "RootDisplayList": 4,
            // Profiled type whose nodes are gone: still counted.
            "StaticBody<ViewBodyAccessor<Editor.Label>, Text>": 2,
            // The second graph.
            "DynamicBody<ViewBodyAccessor<Inspector>>": 2,
        ])
        XCTAssertEqual(c.total.updates, 16)
        XCTAssertEqual(c.entries["DynamicBody<ViewBodyAccessor<Editor>>"]?.seconds ?? 0, 2.75e-05, accuracy: 1e-12)
        // Profile seconds include nested rule runs: the total has none rather than a sum that counts them twice.
        XCTAssertEqual(c.time, .inclusive)
        XCTAssertNil(c.total.seconds)
        XCTAssertEqual(c.source.sha256?.count, 64)
        XCTAssertNotNil(c.source.importedAt)
    }

    func testProfiledSnapshotByAttributeUsesNodeProfiles() throws {
        try BaselineFixtures.importSample(db, "planner-profiled.ag-json", label: "planner")
        let c = try UpdateCounts.snapshot("planner", key: .attribute, in: db)
        XCTAssertEqual(updates(c), ["1620": 2, "1664": 3, "1712": 3, "1760": 4, "4052": 2])
        XCTAssertEqual(c.total.updates, 14)
    }

    func testSnapshotFallsBackToNodeProfilesWhenTypesCarryNone() throws {
        try BaselineFixtures.insertNodeProfiledSnapshot(db, label: "rows")
        let byRule = try UpdateCounts.snapshot("rows", key: .rule, in: db)
        // A name that ends in a blank (the newline) is stored quoted: a baseline key has none at its ends.
        XCTAssertEqual(updates(byRule), ["DynamicBody<ViewBodyAccessor<Row>>": 9, "(rule \"Odd<\\\"A&B\\\"|'C'>\\u0001\\n\")": 1])
        XCTAssertEqual(byRule.entries["DynamicBody<ViewBodyAccessor<Row>>"]?.seconds, 0.75)
        let byAttribute = try UpdateCounts.snapshot("rows", key: .attribute, in: db)
        XCTAssertEqual(updates(byAttribute), ["100": 3, "104": 2, "200": 4, "204": 1])
    }

    func testSnapshotWithoutProfileIsRefused() throws {
        try BaselineFixtures.importSample(db, "trip-1-before.ag-json", label: "trip")
        for key in BaselineKey.allCases {
            XCTAssertThrowsError(try UpdateCounts.snapshot("trip", key: key, in: db)) { error in
                XCTAssertTrue("\(error)".contains("no profile data"), "\(error)")
                XCTAssertTrue("\(error)".contains("'trip'"), "\(error)")
            }
        }
    }
}
