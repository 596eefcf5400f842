/// The view names of one snapshot's nodes (`node_views`), for the reports and commands that
/// print a `view` column beside attribute ids or accept `--view NAME`. Small answers ask for
/// each attribute; past `bulkThreshold` lookups the snapshot's names are read at once, so a
/// report of ten rows does not pay for a million-node snapshot.
public final class NodeViews: @unchecked Sendable {
    public static let bulkThreshold = 4096

    private let db: Database?
    private let snapshot: Int64
    private var known: [Int64: String?] = [:]
    private var complete = false
    private var lookups = 0

    public init(in db: Database, snapshot: Int64) {
        self.db = db
        self.snapshot = snapshot
    }

    /// Fixed names, no database (tests, or no snapshot to name from).
    public init(_ names: [Int64: String] = [:]) {
        db = nil
        snapshot = 0
        known = names.mapValues { Optional($0) }
        complete = true
    }

    /// The view that names `attribute`, or nil. Errors reading the database count as no name.
    public subscript(_ attribute: Int64) -> String? {
        if let hit = known[attribute] { return hit }
        if complete { return nil }
        guard let db else { return nil }
        lookups += 1
        if lookups > Self.bulkThreshold {
            readAll(db)
            return known[attribute] ?? nil
        }
        let view = try? ReportRegistry.query("node-view")
            .rows(in: db, ["snapshot": .integer(snapshot), "attribute": .integer(attribute)]).rows.first?.first?.stringValue
        known[attribute] = .some(view)
        return view
    }

    public func value(_ attribute: Int64) -> SQLValue { self[attribute].map(SQLValue.text) ?? .null }

    private func readAll(_ db: Database) {
        guard let stmt = try? ReportRegistry.query("node-views").prepare(in: db, ["snapshot": .integer(snapshot)]) else { return }
        var all: [Int64: String?] = [:]
        while (try? stmt.step()) == true {
            let a = stmt.int64(0)
            if all[a] == nil { all[a] = .some(stmt.string(1)) }
        }
        known = all
        complete = true
    }

    /// The attributes `view` names, sorted. None is an error that lists the nearest names.
    public func attributes(of view: String, snapshotLabel: String) throws -> [Int64] {
        guard let db else {
            let found = known.filter { $0.value == view }.map(\.key).sorted()
            if found.isEmpty { throw ReportError("no node is named by the view '\(view)'") }
            return found
        }
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        let found = try ReportRegistry.query("view-nodes").rows(in: db, ids.merging(["view": .text(view)]) { $1 }).rows
            .compactMap { $0.first?.intValue }
        guard found.isEmpty else { return found }
        let names = try ReportRegistry.query("view-names").rows(in: db, ids).rows.compactMap { $0.first?.stringValue }
        if names.isEmpty {
            throw ReportError("snapshot '\(snapshotLabel)' names no node by view: its rules have no view bodies and it has no debug tree")
        }
        let near = names.sorted { (Suggestion.distance($0, view), $0) < (Suggestion.distance($1, view), $1) }.prefix(3)
        throw ReportError("no node of snapshot '\(snapshotLabel)' is named by the view '\(view)' (nearest: \(near.map { "'\($0)'" }.joined(separator: ", ")))")
    }
}
