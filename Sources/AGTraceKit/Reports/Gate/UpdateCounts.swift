/// Update counts per key for one run or one snapshot: what `agtrace baseline` records and
/// `agtrace check` compares. An "update" is one rule run ("updates" = rule runs).
///
/// Where the counts come from (each kind's SQL is in its format's folder: RunCounting,
/// SnapshotCounting, TraceCounting):
///
/// - **run, key `attribute`**: `events` rows with `kind = 'update'`, counted per `attribute`.
///   Hits whose attribute could not be read are counted under the key `(unknown)`.
/// - **run, key `rule`**: the same counts, each attribute named by its rule (the type name) in a
///   naming snapshot (`node_rules`). Attributes that snapshot does not hold are keyed
///   `(attribute N)`.
/// - **snapshot, key `rule`**: the profile data. Per type: the type's own profile
///   (`types.update_count`, which keeps counting after the type's nodes are gone), or, when the
///   type carries none, the sum of its nodes' profiles. Then summed by rule name across graphs.
/// - **snapshot, key `attribute`**: the nodes' profiles (`nodes.update_count`), summed by
///   attribute across graphs.
///
/// Types without a name are keyed `(unnamed type)`. Keys with no update are left out. The
/// total is the sum of the entries. A snapshot without
/// profile data (or a run without update hits) has nothing to count and is refused.
public struct UpdateCounts: Equatable, Sendable {
    public var source: MeasuredSource
    public var key: BaselineKey
    public var entries: [String: UpdateEntry]
    /// What the entries' seconds measure, when some entry has seconds (default: inclusive).
    private var measure: TimeMeasure

    /// What the entries' seconds measure; nil when no entry has any.
    public var time: TimeMeasure? {
        get { entries.values.contains { $0.seconds != nil } ? measure : nil }
        set { measure = newValue ?? .inclusive }
    }

    public init(source: MeasuredSource, key: BaselineKey, entries: [String: UpdateEntry], time: TimeMeasure? = nil) {
        self.source = source
        self.key = key
        self.entries = entries
        self.measure = time ?? .inclusive
    }

    public static func == (a: UpdateCounts, b: UpdateCounts) -> Bool {
        a.source == b.source && a.key == b.key && a.entries == b.entries && a.time == b.time
    }

    /// The sum of the entries. Its seconds: the sum of self times (each evaluation counted
    /// once); nil for inclusive times, whose sum counts every nested run again in its parents.
    public var total: UpdateEntry {
        var updates: Int64 = 0
        var seconds: Double?
        for e in entries.values {
            updates += e.updates
            if let s = e.seconds { seconds = (seconds ?? 0) + s }
        }
        guard time == .selfTime else { return UpdateEntry(updates: updates) }
        return UpdateEntry(updates: updates, seconds: seconds, secondsEach: RepeatedRecordings.totalSecondsEach(entries.values))
    }

    /// The keys in the order baselines and reports list them: attributes numerically, anything
    /// else (rule names, `(unknown)`) after them in UTF-8 byte order, like `LC_ALL=C sort`.
    public var sortedKeys: [String] { UpdateCounts.sorted(Array(entries.keys)) }

    public static func sorted(_ keys: [String]) -> [String] {
        keys.sorted(by: keyPrecedes)
    }

    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        keyPrecedes(a, UInt64(a), b, UInt64(b))
    }

    /// The same, each key's number (nil: none) read by the caller once.
    static func keyPrecedes(_ a: String, _ aNumber: UInt64?, _ b: String, _ bNumber: UInt64?) -> Bool {
        switch (aNumber, bNumber) {
        case let (x?, y?): return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }
}

/// What a baseline counts per.
public enum BaselineKey: String, CaseIterable, Sendable, ArgumentChoice {
    /// Attribute ids: stable only while the build (the view structure) is the same.
    case attribute
    /// Rule (type) names: survive a rebuild; views of one type share a key.
    case rule
    /// View names (`node_views`): survive a rebuild, and read as the app's own code.
    case view

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// Runs keep their attribute ids when the interaction is scripted; snapshots of different
    /// builds do not, but rule names are stable.
    public static func defaultKey(for kind: MeasuredKind) -> BaselineKey { kind.defaultKey }

    /// "attributes" / "rules", for sentences.
    public var plural: String { rawValue + "s" }

    /// Why `key` cannot be a key of this kind (nil when it can): a baseline keyed by attribute
    /// holds decimal ids, one keyed by rule or view holds names (never a bare number: that is
    /// an attribute baseline's entry pasted into the wrong file).
    public func problem(withKey key: String) -> String? {
        if key == UpdateCounts.unknownAttributeKey || isQuoted(key) { return nil }
        let digits = !key.isEmpty && key.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        switch self {
        case .attribute:
            guard digits, key == "0" || !key.hasPrefix("0"), let value = UInt64(key), value <= UInt64(UInt32.max) else {
                return "an attribute key is a decimal attribute id from 0 to \(UInt32.max) without leading zeros (like \"792\"), or \"\(UpdateCounts.unknownAttributeKey)\""
            }
            return nil
        case .rule, .view:
            if key.isEmpty { return "a \(rawValue) key is a name, not empty" }
            if digits { return "a \(rawValue) key is a name, not a bare number (an attribute id?)" }
            if key.first!.isWhitespace || key.last!.isWhitespace { return "a \(rawValue) key has no blanks at its ends" }
            return nil
        }
    }
}

extension BaselineKey {
    /// The key a counted name is stored and compared under: the name itself when a baseline of
    /// this kind can hold it (`problem(withKey:)`), else quoted, `(rule "123")`, `(view " Trip")`,
    /// `(attribute "4294967296")`, so that `baseline` writes only keys its own `check` reads
    /// (a rule named by a bare number, a name with blanks at its ends, an empty name, an id
    /// past 32 bits). A name that already reads as a quoted key is quoted too, so that no two
    /// names share a key.
    public func storedKey(_ name: String) -> String {
        if !isQuoted(name) && problem(withKey: name) == nil { return name }
        return "(" + rawValue + " " + JSONText.quote(name) + ")"
    }

    /// `(rule "…")` for key kind rule: a name `storedKey` quoted.
    func isQuoted(_ key: String) -> Bool {
        key.hasPrefix("(" + rawValue + " \"") && key.hasSuffix("\")") && key.utf8.count >= rawValue.utf8.count + 5
    }
}

/// What counts were taken from.
public struct MeasuredSource: Equatable, Sendable {
    public var kind: MeasuredKind
    public var label: String
    public var sha256: String?
    public var importedAt: String?
    /// For a rule- or view-keyed run: the snapshot that named its attributes.
    public var namedBy: NamingSnapshot?
    /// How the recording ended (`RecordingEnding`, read from its row; nil for a source read
    /// from a baseline file). Never written to a baseline file.
    public var ending: RecordingEnding?
    /// Repeated recordings counted with this one (`--trace t1 t2 t3`: 2). Never written to a
    /// baseline file (its `"self_seconds_each"` lists say how many).
    public var moreRecordings = 0

    public init(kind: MeasuredKind, label: String, sha256: String? = nil, importedAt: String? = nil,
                namedBy: NamingSnapshot? = nil, ending: RecordingEnding? = nil) {
        self.ending = ending
        self.kind = kind
        self.label = label
        self.sha256 = sha256
        self.importedAt = importedAt
        self.namedBy = namedBy
    }

    /// "run 'tap'" / "snapshot 'planner'".
    public var phrase: String { "\(kind.rawValue) '\(label)'" }
}

public struct NamingSnapshot: Equatable, Sendable {
    public var label: String
    public var sha256: String?
}

public struct UpdateEntry: Equatable, Sendable {
    public var updates: Int64
    /// Seconds of those updates, as `UpdateCounts.time` says: a trace's self time, or a
    /// profiled snapshot's totals.
    public var seconds: Double?
    /// With repeated recordings (`--trace t1 t2 t3`): each recording's seconds, in the order
    /// given (0 in a recording without the key); `seconds` is then their median and `updates`
    /// the median count. Nil for one recording.
    public var secondsEach: [Double]?

    public init(updates: Int64, seconds: Double? = nil, secondsEach: [Double]? = nil) {
        self.updates = updates
        self.seconds = seconds
        self.secondsEach = secondsEach
    }
}

/// What a key's seconds measure.
public enum TimeMeasure: String, Sendable {
    /// A trace's evaluations, each minus the evaluations nested inside it
    /// (`trace_updates.self_duration`): a slower child slows only its own key, and the sum over
    /// the keys is the work done. Baseline field `self_seconds`.
    case selfTime = "self"
    /// Totals that include nested rule runs: a snapshot's profile (a dump records no self
    /// time), or a trace baseline written before self time was recorded. A slower child slows
    /// its parents too, and a sum would count nested time twice, so the total has none.
    /// Baseline field `seconds`.
    case inclusive

    /// The entry field a baseline file holds them in.
    public var field: String { self == .selfTime ? "self_seconds" : "seconds" }

    /// What `check --time` compares, for its reports.
    public var comparedText: String {
        switch self {
        case .selfTime: return "self seconds per key (each evaluation minus those nested in it); the total is their sum"
        case .inclusive: return "profile seconds per key, which include nested rule runs (a dump records no self time); the total's time is not compared"
        }
    }
}

/// Why counts could not be taken: an unknown label, nothing to count. Exit status 1.
public struct UpdateCountsError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension UpdateCounts {
    /// Key used for update hits whose attribute could not be read.
    public static let unknownAttributeKey = "(unknown)"

    /// Key (by view) for the updates of nodes that belong to no view (`node_views` has no row
    /// for them: display lists, environment, the graph's own plumbing). One key for all of
    /// them, so that it survives a rebuild like the view names do.
    public static let noViewKey = "(no view)"

    /// Key (by view) for a run's attributes that the naming dump does not hold: a dump of
    /// another build or process, or nodes created after it was taken.
    public static let notInDumpKey = "(not in the dump)"

    /// Key (by view) for a run's attributes that several graphs of the naming dump hold with
    /// different views: an id is unique per graph, not per dump, so none of them is picked.
    public static let ambiguousKey = "(ambiguous in the dump)"

    static func collect(_ rows: [[SQLValue]], key kind: BaselineKey) -> [String: UpdateEntry] {
        var entries: [String: UpdateEntry] = [:]
        for r in rows { add(key: r[0], updates: r[1], seconds: r.count > 2 ? r[2] : .null, kind: kind, to: &entries) }
        return entries
    }

    /// The same over a statement's rows (key, updates, seconds) as it reads them: a dump's
    /// hundreds of thousands of attributes are not held twice.
    static func collect(in db: Database, _ sql: String, _ values: [SQLValue], key kind: BaselineKey) throws -> [String: UpdateEntry] {
        var entries: [String: UpdateEntry] = [:]
        let stmt = try db.prepare(sql)
        try Database.with(arguments: values) {
            try stmt.bind(values)
            try stmt.forEachRow { r in
                add(key: r.value(0), updates: r.value(1), seconds: r.columnCount > 2 ? r.value(2) : .null, kind: kind, to: &entries)
            }
        }
        return entries
    }

    private static func add(key: SQLValue, updates: SQLValue, seconds: SQLValue, kind: BaselineKey, to entries: inout [String: UpdateEntry]) {
        guard let updates = updates.intValue, updates > 0 else { return }
        let key = kind.storedKey(key.description)
        var entry = entries[key] ?? UpdateEntry(updates: 0)
        entry.updates += updates
        if let seconds = seconds.doubleValue {
            entry.seconds = (entry.seconds ?? 0) + seconds
        }
        entries[key] = entry
    }

    struct Row {
        var id: Int64; var sha256: String?; var importedAt: String?
        /// How the recording ended, as its row says (`RecordingEnding`).
        var ending: RecordingEnding
    }

    /// The stored row of `kind` a label (or an alias) names; an unknown label is an error that
    /// says which other kind holds it, if one does.
    static func lookUp(_ kind: MeasuredKind, _ label: String, in db: Database) throws -> Row {
        if let id = try LabelLookup.resolve(label, kind: kind.rawValue, in: db),
           let r = try db.rows("SELECT id, sha256, imported_at FROM \(kind.stored.table) WHERE id = ?1", [.integer(id)]).first {
            return Row(id: id, sha256: r[1].stringValue, importedAt: r[2].stringValue,
                       ending: try RecordingEnding.read(kind.stored, id: id, in: db))
        }
        for other in MeasuredKind.all where other != kind {
            if try LabelLookup.resolve(label, kind: other.rawValue, in: db) != nil {
                throw UpdateCountsError("no \(kind.rawValue) labelled '\(label)': it is a \(other.rawValue) (use --\(other.stored.option) \(label))")
            }
        }
        throw UpdateCountsError("no \(kind.rawValue) labelled '\(label)' in \(db.path)\(try LabelLookup.suggestion(for: label, kind: kind.stored, in: db)) ('agtrace list' shows the labels)")
    }
}
