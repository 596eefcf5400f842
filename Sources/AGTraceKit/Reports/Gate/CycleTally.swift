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

    /// The tally of the recording `source` names, in `db`.
    static func count(_ source: MeasuredSource, limit: Int, in db: Database) throws -> CycleTally {
        let noun = source.kind.stored.noun
        guard let owner = try LabelLookup.resolve(source.label, kind: noun, in: db) else {
            return CycleTally(limit: limit, reports: 0, views: [])
        }
        let reports = try db.scalar("SELECT count(*) FROM cycles WHERE kind = ?1 AND owner_id = ?2",
                                    [.text(noun), .integer(owner)])?.intValue ?? 0
        return CycleTally(limit: limit, reports: Int(reports), views: try CycleTally.views(kind: noun, owner: owner, in: db))
    }
}

extension CycleTally {
    /// The views the owner's cycle frames are named by, first seen first. (Interim: the names
    /// the reports themselves give; `agtrace cycles` names them from dumps and traces too.)
    static func views(kind: String, owner: Int64, in db: Database) throws -> [String] {
        try db.rows("""
            SELECT f.name FROM cycles c JOIN cycle_frames f ON f.cycle_id = c.id
            WHERE c.kind = ?1 AND c.owner_id = ?2 AND f.name IS NOT NULL
            GROUP BY f.name ORDER BY min(c.id * 100000 + f.ordinal)
            """, [.text(kind), .integer(owner)]).compactMap { $0[0].stringValue }
    }
}
