/// The view names of one snapshot's nodes (`node_views`), loaded once, for naming nodes the
/// way a SwiftUI developer knows them. An attribute in several graphs takes its lowest graph's.
struct NodeViews {
    private var views: [Int64: String] = [:]

    init(db: Database, snapshot: Int64?) throws {
        guard let snapshot else { return }
        let stmt = try ReportRegistry.query("node-views").prepare(in: db, ["snapshot": .integer(snapshot)])
        while try stmt.step() {
            if let v = stmt.string(1) { views[stmt.int64(0)] = v }
        }
    }

    func view(_ attribute: Int64) -> String? { views[attribute] }
}
