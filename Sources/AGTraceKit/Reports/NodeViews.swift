/// The view names of one snapshot's nodes (`node_views`), read once, for the reports and
/// commands that print a `view` column beside attribute ids or accept `--view NAME`.
public struct NodeViews: Sendable {
    public private(set) var byAttribute: [Int64: String] = [:]

    public init(in db: Database, snapshot: Int64) throws {
        let stmt = try ReportRegistry.query("node-views").prepare(in: db, ["snapshot": .integer(snapshot)])
        while try stmt.step() {
            let a = stmt.int64(0)
            if byAttribute[a] == nil, let view = stmt.string(1) { byAttribute[a] = view }
        }
    }

    public init(_ byAttribute: [Int64: String] = [:]) { self.byAttribute = byAttribute }

    public subscript(_ attribute: Int64) -> String? { byAttribute[attribute] }

    public func value(_ attribute: Int64) -> SQLValue { byAttribute[attribute].map(SQLValue.text) ?? .null }

    /// The attributes `view` names, sorted. None is an error that lists the nearest names.
    public func attributes(of view: String, snapshotLabel: String) throws -> [Int64] {
        let found = byAttribute.filter { $0.value == view }.map(\.key).sorted()
        guard found.isEmpty else { return found }
        let names = Set(byAttribute.values)
        if names.isEmpty {
            throw ReportError("snapshot '\(snapshotLabel)' names no node by view: its rules have no view bodies and it has no debug tree")
        }
        let near = names.sorted { (Suggestion.distance($0, view), $0) < (Suggestion.distance($1, view), $1) }.prefix(3)
        throw ReportError("no node of snapshot '\(snapshotLabel)' is named by the view '\(view)' (nearest: \(near.map { "'\($0)'" }.joined(separator: ", ")))")
    }
}
