import Foundation
import XCTest
@testable import AGTraceKit

/// Databases for the baseline tests: runs are built by inserting `runs`/`events` rows (the
/// transcript reader is not needed), snapshots by importing the project's SampleArchives or by
/// inserting rows.
enum BaselineFixtures {
    static func database(in dir: URL) throws -> Database {
        try DatabaseOpener.open(dir.appendingPathComponent("test.db").path, mode: .write)
    }

    /// The update counts of the real Trip + Planner transcript (shared/real-logs/README.md).
    static let realLogCounts: [Int64: Int] = [792: 3, 760: 1, 712: 1, 1760: 2, 1712: 1, 1664: 1, 1620: 1]

    /// Inserts a run with `counts[attribute]` update hits per attribute (nil: unreadable
    /// attribute), interleaved, with invalidate and add_input hits in between that must not count.
    @discardableResult
    static func insertRun(_ db: Database, label: String, counts: [Int64?: Int], multiplier: Int = 1,
                          sha256: String? = "5eed", importedAt: String? = "2026-05-01T09:30:00Z") throws -> Int64 {
        try db.prepare("INSERT INTO runs(label, source, sha256, imported_at) VALUES (?1, 'test', ?2, ?3)")
            .bindAndRun([.text(label), sha256.map { .text($0) } ?? .null, importedAt.map { .text($0) } ?? .null])
        let runId = try db.scalar("SELECT id FROM runs WHERE label = ?1", [.text(label)])!.intValue!
        let insert = try db.prepare("""
            INSERT INTO events(run_id, seq, kind, symbol, attribute, input_attribute) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        var remaining = counts.mapValues { $0 * multiplier }
        let order = counts.keys.sorted { ($0 ?? -1) < ($1 ?? -1) }
        var seq: Int64 = 0
        func add(_ kind: String, _ attribute: Int64?, _ input: Int64? = nil) throws {
            seq += 1
            try insert.bind([.integer(runId), .integer(seq), .text(kind), .text("AG::Graph::\(kind)"),
                         attribute.map { .integer($0) } ?? .null, input.map { .integer($0) } ?? .null])
            try insert.run()
        }
        try add("invalidate", 628)
        while remaining.values.contains(where: { $0 > 0 }) {
            for a in order where remaining[a]! > 0 {
                try add("update", a)
                remaining[a]! -= 1
            }
            try add("add_input", 712, 628)
        }
        // A run's events are the id range its row records.
        try db.execute("UPDATE runs SET first_event_id = (SELECT min(id) FROM events WHERE run_id = runs.id), last_event_id = (SELECT max(id) FROM events WHERE run_id = runs.id) WHERE id = \(runId)")
        return runId
    }

    static func importSample(_ db: Database, _ name: String, label: String) throws {
        _ = try Importer(database: db).importFile(TestPaths.sample(name), options: ImportOptions(label: label))
    }

    /// A snapshot whose types carry no profile but whose nodes do, in two graphs that share a
    /// rule name; one type has a name with characters that need escaping everywhere.
    static func insertNodeProfiledSnapshot(_ db: Database, label: String) throws {
        try db.prepare("INSERT INTO snapshots(label, sha256, imported_at) VALUES (?1, 'feed', '2026-05-02T10:00:00Z')")
            .bindAndRun([.text(label)])
        let id = try db.scalar("SELECT id FROM snapshots WHERE label = ?1", [.text(label)])!.intValue!
        let types: [(Int64, Int64, String)] = [
            (0, 0, "DynamicBody<ViewBodyAccessor<Row>>"),
            (0, 1, "External<()>"),
            (1, 0, "DynamicBody<ViewBodyAccessor<Row>>"),
            (1, 1, "Odd<\"A&B\"|'C'>\u{1}\n"),
        ]
        for (g, t, name) in types {
            try db.prepare("INSERT INTO types(snapshot_id, graph_index, type_index, name) VALUES (?1, ?2, ?3, ?4)")
                .bindAndRun([.integer(id), .integer(g), .integer(t), .text(name)])
        }
        let nodes: [(Int64, Int64, Int64, Int64?, Double?)] = [  // graph, attribute, type, updates, seconds
            (0, 100, 0, 3, 0.5), (0, 104, 0, 2, 0.25), (0, 108, 1, nil, nil),
            (1, 200, 0, 4, nil), (1, 204, 1, 1, 0.125),
        ]
        for (i, (g, a, t, u, s)) in nodes.enumerated() {
            try db.prepare("""
                INSERT INTO node_rows(snapshot_id, graph_index, node_index, attribute, type_index, update_count, update_total)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """).bindAndRun([.integer(id), .integer(g), .integer(Int64(i)), .integer(a), .integer(t),
                                 u.map { .integer($0) } ?? .null, s.map { .real($0) } ?? .null])
        }
    }

    static func counts(_ kind: MeasuredKind, _ label: String, key: BaselineKey? = nil,
                       _ entries: [String: Int64]) -> UpdateCounts {
        UpdateCounts(source: MeasuredSource(kind: kind, label: label, sha256: "abc", importedAt: "2026-05-01T09:30:00Z"),
                     key: key ?? BaselineKey.defaultKey(for: kind),
                     entries: entries.mapValues { UpdateEntry(updates: $0) })
    }

    static func baseline(_ entries: [String: Int64], kind: MeasuredKind = .run, key: BaselineKey? = nil) -> Baseline {
        Baseline(counts: counts(kind, "before", key: key, entries))
    }
}

/// Parses baseline text as the file `path`.
func parseBaseline(_ text: String, path: String = "b.json") throws -> Baseline {
    try Baseline.parse(Data(text.utf8), path: path)
}

/// The reader refuses `text` (read as `path`) with a BaselineError naming the file and whose
/// problem contains `fragment`.
func assertBaselineRefused(_ text: String, _ fragment: String, path: String = "b.json",
                           file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try parseBaseline(text, path: path), file: file, line: line) { error in
        guard let e = error as? BaselineError else { return XCTFail("not a BaselineError: \(error)", file: file, line: line) }
        XCTAssertEqual(e.path, path, file: file, line: line)
        XCTAssertTrue(e.description.hasPrefix("\(path): "), e.description, file: file, line: line)
        XCTAssertTrue(e.problem.contains(fragment), "'\(e.problem)' lacks '\(fragment)'", file: file, line: line)
    }
}

/// Renders the check report of `c` in `format` (as for the baseline "b.json") and asserts that
/// it starts with `prefix` (when given), holds every one of `contains` and none of `lacks`;
/// returns the text for further looks.
@discardableResult
func assertCheckReport(_ c: BaselineComparison, _ format: CheckFormat, prefix: String? = nil,
                       contains: [String] = [], lacks: [String] = [],
                       file: StaticString = #filePath, line: UInt = #line) -> String {
    let text = CheckReportFormatter.render(c, format: format, baselinePath: "b.json")
    if let prefix { XCTAssertTrue(text.hasPrefix(prefix), text, file: file, line: line) }
    for fragment in contains { XCTAssertTrue(text.contains(fragment), text, file: file, line: line) }
    for fragment in lacks { XCTAssertFalse(text.contains(fragment), text, file: file, line: line) }
    return text
}
