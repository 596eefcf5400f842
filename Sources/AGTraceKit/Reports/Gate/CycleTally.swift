/// `check --max-cycles N`: the AttributeGraph cycle reports the checked recording holds (its
/// console's headers, its trace's LogMessages, its recorder's stops at `print_cycle`), and the
/// views their frames name. A cycle is a bug whatever the counts say: more reports than N fail
/// the check (exit 1).
public struct CycleTally: Equatable, Sendable {
    /// The most reports allowed.
    public var limit: Int
    /// The reports the recording holds.
    public var reports: Int
    /// The views the cycles run through, as far as a source names them (first seen first).
    public var views: [String]

    public init(limit: Int, reports: Int, views: [String]) {
        self.limit = limit
        self.reports = reports
        self.views = views
    }

    public var exceeded: Bool { reports > limit }

    /// "2 cycle reports (through ContentView, SheetContent)"; "no cycle reports".
    public var summary: String {
        if reports == 0 { return "no cycle reports" }
        let noun = reports == 1 ? "1 cycle report" : "\(reports) cycle reports"
        return views.isEmpty ? "\(noun) (no source names their views)" : "\(noun) (through \(views.joined(separator: ", ")))"
    }

    /// The tally of the recording `source` names, in `db`: its reports, and the views of their
    /// chains as `agtrace cycles` names them (CycleCounts).
    static func count(_ source: MeasuredSource, limit: Int, in db: Database) throws -> CycleTally {
        let noun = source.kind.stored.noun
        guard let kind = CycleOwnerKind(rawValue: noun), let owner = try LabelLookup.resolve(source.label, kind: noun, in: db) else {
            return CycleTally(limit: limit, reports: 0, views: [])
        }
        let counted = try CycleCounts.count(in: db, kind: kind, owner: owner)
        return CycleTally(limit: limit, reports: counted.reports, views: counted.views)
    }
}
