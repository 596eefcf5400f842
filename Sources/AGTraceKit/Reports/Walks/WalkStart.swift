/// Where `walk` and `why` start: one attribute, or every node of a view.
public enum WalkStart: Equatable, Sendable {
    case attribute(Int64)
    case view(String)

    /// The attributes a snapshot's views give the start (a view no node has: a ReportError).
    func attributes(views: NodeViews, snapshotLabel: String) throws -> [Int64] {
        switch self {
        case .attribute(let a): return [a]
        case .view(let name): return try views.attributes(of: name, snapshotLabel: snapshotLabel)
        }
    }

    /// The same start in a trace.
    var inTrace: TraceWalk.Start {
        switch self {
        case .attribute(let a): return .attribute(a)
        case .view(let name): return .view(name)
        }
    }
}
