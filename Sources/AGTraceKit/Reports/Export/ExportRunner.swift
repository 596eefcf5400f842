/// What `agtrace export` draws, resolved from labels to what the Output writers take: the ids
/// behind the labels, the timeline made, the Graphviz found. Usage problems: a ReportUsageError.
public enum ExportRunner {
    /// `export dot`: the snapshot's database and id.
    public static func dot(snapshot label: String, openDatabase: () throws -> Database) throws -> (db: Database, snapshot: Int64) {
        let db = try openDatabase()
        return (db, try LabelLookup.snapshotId(label, in: db))
    }

    /// `export html`: the database (the page resolves its inputs as it is written) and the
    /// Graphviz that lays out its pictures; `log` says when there is none.
    public static func html(openDatabase: () throws -> Database, log: CommandLog) throws -> (db: Database, graphviz: Graphviz?) {
        let db = try openDatabase()
        let graphviz = Graphviz.find()
        if graphviz == nil {
            log.say(.line("Graphviz (dot) is not on the PATH: the page shows lists instead of pictures (install graphviz for them)"))
        }
        return (db, graphviz)
    }

    /// The kinds `export perfetto` lays out (`KindHooks.timeline`), in the registry's order.
    public static var timelineKinds: [StoredKind] { InputFormats.storedKinds.filter { $0.hooks.timeline != nil } }

    /// The kinds `export html` shows (`KindHooks.html`), in the registry's order.
    public static var pageKinds: [StoredKind] { InputFormats.storedKinds.filter { $0.hooks.html != nil } }

    /// `export perfetto`: one row of a kind with a timeline (`labels`: option -> label), with
    /// the row that names its nodes when the kind takes one (a run's `--snapshot`, which `log`
    /// warns about when it is a dump of another process).
    public static func timeline(labels: [String: String], openDatabase: () throws -> Database, log: CommandLog) throws -> TimelineSpool {
        let kinds = timelineKinds
        func usage(_ kind: StoredKind) -> String { "--\(kind.option) \(kind.options[0].placeholder)" }
        let given = kinds.filter { labels[$0.option] != nil }
        if let alone = given.first(where: { $0.hooks.timeline?.alone != nil }), labels.count > 1, let why = alone.hooks.timeline?.alone {
            throw ReportUsageError("give \(usage(alone)) alone (\(why))")
        }
        guard let kind = given.first, let hook = kind.hooks.timeline else {
            throw ReportUsageError("\(kinds.map(usage).listed("or")) is required (what to lay out in time)")
        }
        guard given.count == 1 else { throw ReportUsageError("give \(given.map(usage).listed("or")), not both") }
        for option in labels.keys.sorted() where option != kind.option && option != hook.namedBy {
            let named = kinds.first { $0.hooks.timeline?.namedBy == option }?.noun ?? "another kind"
            throw ReportUsageError("--\(option) names a \(named)'s nodes; a \(kind.noun) names its own (drop --\(option))")
        }
        let db = try openDatabase()
        let label = labels[kind.option]!
        let id = try LabelLookup.id(of: label, kind: kind, in: db)
        var naming: (label: String, id: Int64)?
        if let option = hook.namedBy, let namingLabel = labels[option], let namingKind = InputFormats.storedKind(option: option) {
            naming = (namingLabel, try LabelLookup.id(of: namingLabel, kind: namingKind, in: db))
        }
        return try hook.make(TimelineInput(label: label, id: id, naming: naming, db: db, log: log))
    }
}
