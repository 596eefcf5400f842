/// The rule (and view, where one is known) of attributes in one snapshot, looked up once each:
/// how runs, which only know attribute ids, get names.
public struct NodeNames {
    public struct Name: Equatable, Sendable {
        public var rule: String?
        public var view: String?
    }

    private let db: Database
    private let snapshot: Int64?
    private var cache: [Int64: Name?] = [:]
    private var info: Statement?
    private let views: NodeViews

    /// `snapshot` nil names nothing.
    public init(db: Database, snapshot: Int64?) throws {
        self.db = db
        self.snapshot = snapshot
        views = snapshot.map { NodeViews(in: db, snapshot: $0) } ?? NodeViews()
    }

    /// The node's names in the snapshot (nil rule and view where its graphs disagree), or nil
    /// when the snapshot has no such node (or there is no snapshot).
    public mutating func name(_ attribute: Int64?) throws -> Name? {
        guard let attribute, let snapshot else { return nil }
        if let known = cache[attribute] { return known }
        let query = ReportRegistry.query("node-info")
        let values: [String: SQLValue] = ["snapshot": .integer(snapshot), "attribute": .integer(attribute)]
        if let info {
            try query.bind(info, values)
        } else {
            info = try query.prepare(in: db, values)
        }
        var found: Name?
        // Every graph holding the id: a rule is named only when they agree (an id is unique per
        // graph, not per dump; RunSnapshotMatch says which ids are not).
        var rules: Set<String?> = []
        while try info!.step() { rules.insert(info!.string(2)) }
        if !rules.isEmpty {
            found = Name(rule: rules.count == 1 ? rules.first! : nil, view: views[attribute])
        } else if IndirectAttribute.isIndirect(attribute) {
            // Not a node of any dump, but not unknown either.
            found = Name(rule: IndirectAttribute.rule(source: nil), view: nil)
        }
        cache[attribute] = found
        return found
    }
}
