/// A view's body runs in a console log, counted from its `_printChanges` lines: what
/// `report updates --console C` shows and what a gate on a console compares (keyed by view:
/// the names survive a rebuild).
public struct BodyRunCount: Equatable, Sendable {
    public var view: String
    public var runs: Int
    /// Runs whose line named a change (`… changed.`).
    public var changed: Int
    /// `View: unchanged.`: the body ran, nothing was recorded as changed.
    public var unchanged: Int

    public init(view: String, runs: Int, changed: Int, unchanged: Int) {
        self.view = view
        self.runs = runs
        self.changed = changed
        self.unchanged = unchanged
    }
}

public enum BodyRuns {
    /// Per view, most runs first (then by name), of the console row `console`
    /// (Queries/console-body-runs.sql, the report's own query).
    public static func perView(console: Int64, in db: Database) throws -> [BodyRunCount] {
        try ReportRegistry.query("console-body-runs").rows(in: db, ["console": .integer(console)]).rows.map {
            BodyRunCount(view: $0[0].description, runs: Int($0[1].intValue ?? 0),
                         changed: Int($0[2].intValue ?? 0), unchanged: Int($0[3].intValue ?? 0))
        }
    }

    /// The same for the console labelled `label` (or an alias of it); an unknown label throws.
    public static func perView(consoleLabelled label: String, in db: Database) throws -> [BodyRunCount] {
        try perView(console: LabelLookup.id(of: label, kind: .console, in: db), in: db)
    }
}
