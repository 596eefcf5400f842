/// The view names of one snapshot's nodes (the `node_views` view), loaded once, for naming
/// nodes the way a SwiftUI developer knows them.
struct NodeViews {
    private var views: [Int64: String] = [:]

    init(db: Database, snapshot: Int64?) throws {
        guard let snapshot,
              try db.scalar("SELECT 1 FROM sqlite_schema WHERE name = 'node_views'") != nil else { return }
        let stmt = try db.prepare("SELECT attribute, view FROM node_views WHERE snapshot_id = ?1 ORDER BY graph_index DESC")
        stmt.bind(1, snapshot)
        while try stmt.step() {
            if let v = stmt.string(1) { views[stmt.int64(0)] = v }
        }
    }

    func view(_ attribute: Int64) -> String? { views[attribute] }
}
