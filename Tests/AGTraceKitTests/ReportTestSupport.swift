import Foundation
import XCTest
@testable import AGTraceKit

/// A scratch database for report tests: SampleArchives imported, runs and extra archives added
/// on demand. Each fixture lives in its own temporary directory, removed at deinit.
final class ReportFixture {
    let directory: URL
    let db: Database

    static let sampleArchives = TestPaths.sampleArchives

    init(samples: Bool = true) throws {
        directory = makeTemporaryDirectory("agtrace-report-tests")
        db = try DatabaseOpener.open(directory.appendingPathComponent("t.db").path, mode: .write)
        if samples {
            let importer = Importer(database: db)
            for path in Self.sampleArchiveFiles() {
                _ = try importer.importFile(path)
            }
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The database copied into memory: a connection with no file, which reports that read on a
    /// second connection meanwhile (BackgroundRead) cannot have, so they read on this one.
    func memoryCopy() throws -> Database {
        let memory = try Database(rawPath: ":memory:", readOnly: false, create: true)
        try memory.execute("ATTACH DATABASE '\(db.path)' AS source")
        let objects = try memory.rows("""
            SELECT type, name, sql FROM source.sqlite_master
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid
            """)
        for o in objects {
            try memory.execute(o[2].stringValue!)
            if o[0] == .text("table") { try memory.execute("INSERT INTO main.\"\(o[1].stringValue!)\" SELECT * FROM source.\"\(o[1].stringValue!)\"") }
        }
        try memory.execute("DETACH DATABASE source")
        return memory
    }

    /// The five archives (the Trip dumped four times, the profiled Planner): only the archive
    /// files at the top of SampleArchives/, whatever else lives beside them.
    static func sampleArchiveFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sampleArchives.path)) ?? []
        return names.filter { $0.hasSuffix(".ag-json") || $0.hasSuffix(".ag-gzon") }.sorted()
            .map { sampleArchives.appendingPathComponent($0).path }
    }

    /// Imports an archive given as JSON text under `label`.
    func archive(_ label: String, _ json: String) throws {
        let url = directory.appendingPathComponent("\(label).ag-json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        _ = try Importer(database: db).importFile(url.path, options: ImportOptions(label: label))
    }

    /// Stores a run's events as the transcript reader would (seq and line from the order).
    @discardableResult
    func run(_ label: String, _ hits: [(EventKind, UInt32?, UInt32?)]) throws -> Int64 {
        try db.prepare("INSERT INTO runs(label, event_count) VALUES (?1, ?2)")
            .bindAndRun([.text(label), .integer(Int64(hits.count))])
        let runId = try db.scalar("SELECT id FROM runs WHERE label = ?1", [.text(label)])!.intValue!
        let store = try RunStore(db: db, runId: runId)
        for (i, hit) in hits.enumerated() {
            try store.event(BreakpointEvent(seq: i + 1, line: 10 + 2 * i, kind: hit.0, symbol: "sym",
                                            attribute: hit.1, inputAttribute: hit.2))
        }
        try store.finish()
        try db.prepare("UPDATE runs SET first_event_id = ?2, last_event_id = ?3 WHERE id = ?1")
            .bindAndRun([.integer(runId), store.eventIds.map { .integer($0.lowerBound) } ?? .null,
                         store.eventIds.map { .integer($0.upperBound) } ?? .null])
        return runId
    }

    /// A fixture holding the samples (unless `samples` is false) and `frameInfoHits` as run "tap".
    static func withFrameInfoRun(samples: Bool = true) throws -> ReportFixture {
        let f = try ReportFixture(samples: samples)
        try f.run("tap", frameInfoHits)
        return f
    }

    func report(_ name: String, _ options: [String: String], by: String? = nil, limit: Int? = nil) throws
        -> (columns: [String], rows: [[SQLValue]]) {
        try ReportRunner.rows(ReportRequest(name: name, options: options, by: by, limit: limit), in: db)
    }

    func text(_ name: String, _ options: [String: String], by: String? = nil, format: OutputFormat) throws -> String {
        let sink = StringSink()
        try ReportRunner.run(ReportRequest(name: name, options: options, by: by), in: db,
                             writer: RowWriter(format: format, out: sink))
        return sink.text
    }

    /// The hits of ../shared/real-logs/frame-info.lldb.log, in order (its README lists them):
    /// the Trip graph built, nights written once, city twice; the Planner built, written once.
    static let frameInfoHits: [(EventKind, UInt32?, UInt32?)] = [
        (.update, 792, nil), (.addInput, 792, 536), (.addInput, 792, 760), (.update, 760, nil),
        (.addInput, 760, 712), (.update, 712, nil), (.addInput, 712, 628), (.addInput, 712, 656),
        (.addInput, 712, 684), (.addInput, 712, 536), (.addInput, 712, 568),
        (.invalidate, 628, nil), (.propagateDirty, 628, nil), (.update, 792, nil),
        (.invalidate, 656, nil), (.propagateDirty, 656, nil), (.invalidate, 656, nil), (.propagateDirty, 656, nil),
        (.update, 792, nil),
        (.update, 1760, nil), (.addInput, 1760, 1664), (.update, 1664, nil), (.addInput, 1664, 1592),
        (.addInput, 1664, 1620), (.update, 1620, nil), (.addInput, 1620, 1592), (.addInput, 1620, 1560),
        (.addInput, 1760, 1712), (.update, 1712, nil), (.addInput, 1712, 1592), (.addInput, 1712, 1620),
        (.invalidate, 1592, nil), (.propagateDirty, 1592, nil), (.update, 1760, nil),
    ]
}

/// A minimal archive writer for identity and multiset cases: graphs of (attribute, rule,
/// flags, value) nodes and (src, dst, offset, flags) edges, by attribute.
struct ArchiveJSON {
    struct Graph {
        var id: Int
        var types: [String]
        var nodes: [(attribute: Int, rule: String, flags: Int, value: String?)]
        var edges: [(src: Int, dst: Int, offset: Int?, flags: Int)]
        var counters: [String: Int] = [:]
        var typeProfiles: [String: (updates: Int, changes: Int, seconds: Double)] = [:]
        var nodeProfiles: [Int: (updates: Int, changes: Int, seconds: Double)] = [:]
    }

    static func document(_ graphs: [Graph]) -> String {
        func q(_ s: String) -> String { JSONText.quote(s) }
        func profile(_ p: (updates: Int, changes: Int, seconds: Double)) -> String {
            "\"profile\": {\"update_count\": \(p.updates), \"change_count\": \(p.changes), \"update_total\": \(p.seconds)}"
        }
        let parts = graphs.map { g -> String in
            let index = Dictionary(g.nodes.enumerated().map { ($0.element.attribute, $0.offset) }) { a, _ in a }
            let types = g.types.enumerated().map { i, name in
                "{\"id\": \(i + 1), \"name\": \(q(name)), \"value\": \"V\"" + (g.typeProfiles[name].map { ", " + profile($0) } ?? "") + "}"
            }
            // Node flags always (0 too): a dump that leaves them out leaves the dirty bit unknown.
            let nodes = g.nodes.map { n in
                "{\"id\": \(n.attribute), \"type\": \(g.types.firstIndex(of: n.rule)!)" + ", \"flags\": \(n.flags)"
                    + (n.value.map { ", \"value\": \(q($0))" } ?? "")
                    + (g.nodeProfiles[n.attribute].map { ", " + profile($0) } ?? "") + "}"
            }
            let edges = g.edges.map { e in
                "{\"src\": \(index[e.src]!), \"dst\": \(index[e.dst]!)" + (e.offset.map { ", \"offset\": \($0)" } ?? "")
                    + (e.flags != 0 ? ", \"flags\": \(e.flags)" : "") + "}"
            }
            let counters = g.counters.sorted { $0.key < $1.key }.map { ", \(q($0.key)): \($0.value)" }.joined()
            return "{\"id\": \(g.id)\(counters), \"types\": [\(types.joined(separator: ", "))], \"nodes\": [\(nodes.joined(separator: ", "))], \"edges\": [\(edges.joined(separator: ", "))], \"subgraphs\": []}"
        }
        return "{\"version\": 2, \"graphs\": [\(parts.joined(separator: ", "))]}"
    }
}

/// Row comparison: integers and text exactly, reals to 1e-12 relative.
func assertRows(_ got: [[SQLValue]], _ want: [[SQLValue]], file: StaticString = #filePath, line: UInt = #line) {
    guard got.count == want.count else {
        XCTFail("\(got.count) rows, expected \(want.count):\n\(render(got))\nexpected:\n\(render(want))", file: file, line: line)
        return
    }
    for (i, (g, w)) in zip(got, want).enumerated() {
        guard g.count == w.count, zip(g, w).allSatisfy(sameValue) else {
            XCTFail("row \(i): \(render([g])) expected \(render([w]))", file: file, line: line)
            return
        }
    }
}

private func sameValue(_ a: SQLValue, _ b: SQLValue) -> Bool {
    if case .real(let x) = a, case .real(let y) = b {
        return x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y))
    }
    return a == b
}

private func render(_ rows: [[SQLValue]]) -> String {
    rows.map { "[" + $0.map { v -> String in if case .text(let s) = v { return "\"\(s)\"" }; return v == .null ? "nil" : v.description }.joined(separator: ", ") + "]" }
        .joined(separator: "\n")
}

/// Shorthands for expected rows: `[.i(3152), .t("RootDisplayList"), .r(2.0e-4), .null]`.
extension SQLValue {
    static func i(_ v: Int64) -> SQLValue { .integer(v) }
    static func t(_ v: String) -> SQLValue { .text(v) }
    static func r(_ v: Double) -> SQLValue { .real(v) }
}
