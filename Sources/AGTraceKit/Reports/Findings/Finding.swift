/// One thing to fix: what kind, where (the view and its attributes, a source line when
/// `--source` found the declaration), the evidence it rests on, what it costs and how bad it
/// is. Encoded as `findings --format json` writes it (and the MCP tool returns it).
public struct Finding: Codable, Equatable, Sendable {
    /// The catalogue's rule id (`wasted-body-runs`).
    public var kind: FindingKind
    public var severity: FindingSeverity
    /// The view as SwiftUI names it (`FeedRow`, `CategoryList.Container`); nil when the evidence
    /// names none (a console's cycle report names attributes only).
    public var view: String?
    /// The attribute ids behind it, when the evidence has them (never for a console's lines):
    /// the first `FindingEvidence.positionLimit` (a view of a big dump has thousands).
    public var attributes: [Int64]
    /// One sentence with the numbers: "ContentModel's body ran 6 times, 4 of them unchanged".
    public var message: String
    public var evidence: FindingEvidence
    public var cost: FindingCost
    /// The fix in one sentence, and its entry in docs/findings.md.
    public var fix: String
    public var help: String
    /// Stable across runs of the same app: the kind, the view and the subject (a token, a
    /// written rule), never counts, labels, positions or attribute ids where a name exists.
    public var fingerprint: String
    /// Where the view is declared (`--source`); nil without it, or when the name is declared
    /// nowhere or more than once (`sourceNote` says which).
    public var location: SourceLocation?
    public var sourceNote: String?

    public init(kind: FindingKind, severity: FindingSeverity? = nil, view: String?, attributes: [Int64] = [], message: String,
                evidence: FindingEvidence, cost: FindingCost, subject: String? = nil) {
        self.kind = kind
        self.severity = severity ?? kind.defaultSeverity
        self.view = view
        self.attributes = Array(attributes.prefix(FindingEvidence.positionLimit))
        self.message = message
        self.evidence = evidence
        self.cost = cost
        fix = kind.fix
        help = kind.helpURI
        fingerprint = FindingFingerprint.make(kind: kind, view: view, subject: subject)
    }
}

/// What a finding rests on: the input (its kind and label), the counts, the write or token
/// behind it, and positions in the input (a console's line numbers, a trace's event seqs, an
/// Instruments table's row positions), at most `FindingEvidence.positionLimit` of them.
public struct FindingEvidence: Codable, Equatable, Sendable {
    /// `console`, `trace`, `snapshot`, `run` or `recording` (the stored kind's noun).
    public var input: String
    public var label: String
    /// Named counts (`runs`, `unchanged`, `bodies`, `reports`…), in the order they explain.
    public var counts: [FindingCount]
    /// The write, token or state behind it (`_counter`, `write of attribute 536 (_External<Int>)`).
    public var cause: String?
    /// What `positions` are: `line`, `seq` or `row`.
    public var positionKind: String
    public var positions: [Int64]
    /// The recording's file as it was imported (`source`), for a SARIF location when no
    /// declaration is known; nil when read from standard input.
    public var file: String?

    public static let positionLimit = 20

    public init(input: String, label: String, counts: [FindingCount], cause: String? = nil, positionKind: String, positions: [Int64]) {
        self.input = input
        self.label = label
        self.counts = counts
        self.cause = cause
        self.positionKind = positionKind
        self.positions = Array(positions.sorted().prefix(Self.positionLimit))
    }

    public func count(_ name: String) -> Int64? { counts.first { $0.name == name }?.value }
}

public struct FindingCount: Codable, Equatable, Sendable {
    public var name: String
    public var value: Int64
    public init(_ name: String, _ value: Int64) {
        self.name = name
        self.value = value
    }
}

/// What a finding costs, for ranking: seconds where the evidence is timed (nil otherwise:
/// unknown, never 0), and the evaluations it is about.
public struct FindingCost: Codable, Equatable, Sendable {
    public var seconds: Double?
    public var evaluations: Int64
    public init(seconds: Double?, evaluations: Int64) {
        self.seconds = seconds
        self.evaluations = evaluations
    }
}

/// A view's declaration in the app's sources: a path relative to the `--source` folder, and a
/// line from 1.
public struct SourceLocation: Codable, Equatable, Sendable {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}
