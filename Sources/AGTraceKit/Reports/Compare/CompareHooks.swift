/// One key (a view, a rule, an attribute) of one recording, as `compare` reads it.
public struct KeyMeasure: Equatable, Sendable {
    public var evaluations: Int64
    /// Evaluations whose value changed (the rest re-ran for the same value: wasted work); nil
    /// when the kind cannot tell.
    public var changed: Int64?
    /// The evaluations' own seconds, without the evaluations nested in them; nil when untimed.
    public var selfSeconds: Double?
    /// Their seconds with the nested ones (not summable across keys); nil when untimed.
    public var totalSeconds: Double?
    /// The view the key's rule or attribute belongs to, when it has one (by rule or attribute).
    public var view: String?
    /// Evaluations a cut left unfinished (no end: no time); counted, not timed.
    public var unfinished: Int64 = 0

    public init(evaluations: Int64, changed: Int64? = nil, selfSeconds: Double? = nil, totalSeconds: Double? = nil,
                view: String? = nil, unfinished: Int64 = 0) {
        self.unfinished = unfinished
        self.evaluations = evaluations
        self.changed = changed
        self.selfSeconds = selfSeconds
        self.totalSeconds = totalSeconds
        self.view = view
    }
}

/// One write of a recording (a signal or state set from outside the graph), in order, with
/// the evaluations it caused.
public struct RecordedWrite: Equatable, Sendable {
    /// Where it is in its recording (a trace's event seq).
    public var position: Int64
    public var attribute: Int64?
    /// What writes are matched by: the written attribute's rule (its id, by attribute).
    public var key: String
    public var view: String?
    /// Evaluations it caused, and how many of them changed their value (nil: cannot tell).
    public var reran: Int64
    public var changed: Int64?
    /// The views whose rules it re-ran, by name.
    public var views: [String]

    public init(position: Int64, attribute: Int64?, key: String, view: String?, reran: Int64, changed: Int64?, views: [String]) {
        self.position = position
        self.attribute = attribute
        self.key = key
        self.view = view
        self.reran = reran
        self.changed = changed
        self.views = views
    }
}

/// What `compare` reads of a stored kind, declared by the kind's format folder
/// (`MeasuredKind.compare`): another recorder's kind plugs in by declaring the same hooks.
public struct CompareHooks: Sendable {
    /// Per key of one recording: its measures.
    public let keys: @Sendable (_ recording: ComparedRecording, _ by: BaselineKey, _ db: Database) throws -> [String: KeyMeasure]
    /// Its writes in order; nil when the kind records none `compare` can match.
    public let writes: (@Sendable (_ recording: ComparedRecording, _ by: BaselineKey, _ db: Database) throws -> [RecordedWrite])?

    public init(keys: @escaping @Sendable (_ recording: ComparedRecording, _ by: BaselineKey, _ db: Database) throws -> [String: KeyMeasure],
                writes: (@Sendable (_ recording: ComparedRecording, _ by: BaselineKey, _ db: Database) throws -> [RecordedWrite])? = nil) {
        self.keys = keys
        self.writes = writes
    }

    /// For a kind that declares none: the gate's counts (`MeasuredKind.count`), with its
    /// seconds when it has them (a profiled dump's, which include nested runs), named through
    /// the recording's naming dump when the kind is named so (a run); whether a value changed
    /// is unknown.
    static func counted(_ kind: MeasuredKind) -> CompareHooks {
        CompareHooks(keys: { recording, by, db in
            var input = CountInput(kind: kind, label: recording.label, key: by, namingSnapshot: recording.namingSnapshot)
            input.withSeconds = kind.time != nil
            let counts: UpdateCounts
            do {
                counts = try kind.count(input, db)
            } catch where input.withSeconds {
                input.withSeconds = false
                counts = try kind.count(input, db)
            }
            // Asked once: `time` looks through every entry.
            let time = counts.time
            return counts.entries.mapValues { entry in
                KeyMeasure(evaluations: entry.updates,
                           selfSeconds: time == .selfTime ? entry.seconds : nil,
                           totalSeconds: time == .inclusive ? entry.seconds : nil)
            }
        })
    }
}

extension MeasuredKind {
    /// What `compare` reads of this kind: its own hooks, else its counts.
    var compareHooks: CompareHooks { compare ?? .counted(self) }
}
