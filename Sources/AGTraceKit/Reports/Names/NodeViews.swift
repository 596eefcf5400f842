/// The view names of one snapshot's nodes (`node_views`), for the reports and commands that
/// print a `view` column beside attribute ids or accept `--view NAME`. Small answers ask for
/// each attribute; past a threshold (a hundredth of the snapshot's nodes, at least 256
/// lookups: about where reading all names costs as much as the lookups) the snapshot's names
/// are read at once, so a report of ten rows does not pay for a million-node snapshot, nor
/// one of a million rows for a million lookups.
public final class NodeViews: @unchecked Sendable {
    private var bulkThreshold: Int?

    private let db: Database?
    private let snapshot: Int64
    private var known: [Int64: String?] = [:]
    private var complete = false
    private var lookups = 0
    private var lookup: Statement?
    /// Ids several graphs hold with different views (read once, for dumps of several graphs):
    /// no name is picked for them.
    private var ambiguous: Set<Int64>?

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
        if let db, ambiguous == nil { ambiguous = Self.ambiguousIds(db, snapshot: snapshot) }
        if ambiguous?.contains(attribute) == true { return nil }
        if let hit = known[attribute] { return hit }
        if complete { return nil }
        guard let db else { return nil }
        lookups += 1
        if bulkThreshold == nil {
            let nodes = (try? db.scalar("SELECT coalesce(sum(node_count), 0) FROM graphs WHERE snapshot_id = ?1",
                                        [.integer(snapshot)]))??.intValue ?? 0
            bulkThreshold = max(256, Int(nodes / 100))
        }
        if lookups > bulkThreshold! {
            readAll(db)
            return known[attribute] ?? nil
        }
        // One statement, prepared once, bound per attribute.
        let query = ReportRegistry.query("node-view")
        let values: [String: SQLValue] = ["snapshot": .integer(snapshot), "attribute": .integer(attribute)]
        var view: String?
        if let stmt = lookup {
            try? query.bind(stmt, values)
        } else {
            lookup = try? query.prepare(in: db, values)
        }
        if let stmt = lookup, (try? stmt.step()) == true { view = stmt.string(0) }
        known[attribute] = .some(view)
        return view
    }

    public func value(_ attribute: Int64) -> SQLValue { self[attribute].map(SQLValue.text) ?? .null }

    /// The ids of a dump of several graphs that its graphs name differently (none for one graph).
    /// Errors count as none.
    static func ambiguousIds(_ db: Database, snapshot: Int64) -> Set<Int64> {
        let graphs = (try? db.scalar("SELECT count(*) FROM graphs WHERE snapshot_id = ?1", [.integer(snapshot)]))??.intValue ?? 0
        guard graphs > 1 else { return [] }
        var ids: Set<Int64> = []
        try? ReportRegistry.query("snapshot-ambiguous-views").prepare(in: db, ["snapshot": .integer(snapshot)]).forEachRow { r in
            ids.insert(r.int64(0))
        }
        return ids
    }

    /// Every name of the snapshot at once: the body names from the types that have a view and
    /// one scan of the snapshot's node rows, then the debug tree's; per attribute, its lowest
    /// graph's name, a body name before a tree name in the same graph (as `node_views` lists
    /// them). Joining node_rows with types row by row through `node_views` took a second on a
    /// million-node snapshot, most of a `walk` from a hub. Errors count as no name.
    private func readAll(_ db: Database) {
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        var all: [Int64: (graph: Int64, view: String?)] = [:]
        do {
            var viewOfType: [Int64: String] = [:]
            try ReportRegistry.query("snapshot-type-views").prepare(in: db, ids).forEachRow { r in
                if let v = r.string(2) { viewOfType[r.int64(0) << 32 | r.int64(1)] = v }
            }
            if !viewOfType.isEmpty {
                try ReportRegistry.query("walk-nodes").prepare(in: db, ids).forEachRow { r in
                    guard let v = viewOfType[r.int64(1) << 32 | r.int64(2)] else { return }
                    let a = r.int64(0), g = r.int64(1)
                    if let held = all[a], held.graph <= g { return }
                    all[a] = (g, v)
                }
            }
            try ReportRegistry.query("tree-views").prepare(in: db, ids).forEachRow { r in
                let a = r.int64(0), g = r.int64(2)
                if let held = all[a], held.graph <= g { return }
                all[a] = (g, r.string(1))
            }
        } catch {}
        known = all.mapValues(\.view)
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
