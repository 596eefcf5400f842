/// What `agtrace findings` is asked (and the MCP tool's arguments): the recordings, by kind
/// (`--snapshot`, `--run`, `--trace`, `--console`, `--xctrace` labels) or as `inputs`: labels of
/// any kind, or files and folders imported into a private temporary database for this request
/// alone (not both). Nothing given: every recording the database holds.
public struct FindingsRequest: Codable, Equatable, Sendable {
    public var snapshots: [String] = []
    public var runs: [String] = []
    public var traces: [String] = []
    public var consoles: [String] = []
    /// Instruments recordings (`--xctrace R`).
    public var recordings: [String] = []
    /// Labels of any kind, or files and folders (all one or the other).
    public var inputs: [String] = []
    /// The app's Swift sources: each view mapped to the `file:line` of its declaration.
    public var sourceDirectory: String?
    public var thresholds = FindingThresholds()

    public init(snapshots: [String] = [], runs: [String] = [], traces: [String] = [], consoles: [String] = [], recordings: [String] = [],
                inputs: [String] = [], sourceDirectory: String? = nil) {
        self.snapshots = snapshots
        self.runs = runs
        self.traces = traces
        self.consoles = consoles
        self.recordings = recordings
        self.inputs = inputs
        self.sourceDirectory = sourceDirectory
    }

    /// Every key may be left out (a tool's arguments name only what they use).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        snapshots = try c.decodeIfPresent([String].self, forKey: .snapshots) ?? []
        runs = try c.decodeIfPresent([String].self, forKey: .runs) ?? []
        traces = try c.decodeIfPresent([String].self, forKey: .traces) ?? []
        consoles = try c.decodeIfPresent([String].self, forKey: .consoles) ?? []
        recordings = try c.decodeIfPresent([String].self, forKey: .recordings) ?? []
        inputs = try c.decodeIfPresent([String].self, forKey: .inputs) ?? []
        sourceDirectory = try c.decodeIfPresent(String.self, forKey: .sourceDirectory)
        thresholds = try c.decodeIfPresent(FindingThresholds.self, forKey: .thresholds) ?? FindingThresholds()
    }

    /// Each kind's field, by its stored kind's noun.
    static var fields: [(noun: String, field: WritableKeyPath<FindingsRequest, [String]>)] {
        [("snapshot", \.snapshots), ("run", \.runs), ("trace", \.traces), ("console", \.consoles), ("recording", \.recordings)]
    }

    var labelsByKind: [(noun: String, labels: [String])] { Self.fields.map { ($0.noun, self[keyPath: $0.field]) } }

    /// Adds a label of the stored kind `noun` (one findings reads nothing of is left out).
    mutating func add(_ label: String, noun: String) {
        if let field = Self.fields.first(where: { $0.noun == noun })?.field { self[keyPath: field].append(label) }
    }
}

/// What `agtrace findings` answers: the findings, costliest first, the recordings read, and
/// what qualifies the answer (a dump without profile data, a log that shows a crash).
public struct FindingsResult: Codable, Equatable, Sendable {
    public var findings: [Finding]
    public var inputs: [FindingsInput]
    public var notes: [String]
    public var thresholds: FindingThresholds

    public init(findings: [Finding], inputs: [FindingsInput], notes: [String], thresholds: FindingThresholds) {
        self.findings = findings
        self.inputs = inputs
        self.notes = notes
        self.thresholds = thresholds
    }
}

/// One recording read: its stored kind, its label, and what the user gave (a label or a path).
public struct FindingsInput: Codable, Equatable, Sendable {
    public var kind: String
    public var label: String
    public var given: String
}
