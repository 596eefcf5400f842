/// What `agtrace compare` is asked: two recordings, or two groups of repeated recordings of
/// the same interaction (labels, or files and folders imported privately), compared per key
/// or per write.
public struct CompareRequest: Equatable, Sendable {
    public var a: [String]
    public var b: [String]
    /// nil: by view where the recordings name their views (traces, dumps, consoles), else the
    /// kind's default (a run: attribute).
    public var by: BaselineKey?
    /// Dumps that name the recordings' attributes, for kinds named so (a run): one for both
    /// sides (`--snapshot S`), or A's then B's (each a dump of its own build). Labels, or files
    /// when A and B are files.
    public var namingSnapshots: [String] = []
    /// Per write instead of per key.
    public var writes = false
    public var sort: CompareSort = .change
    /// At most this many keys or writes (the totals row is kept besides); nil: all.
    public var limit: Int?
    /// The smallest change in self time (a fraction, 0.05 = 5%) called slower or faster.
    public var minEffect = CompareRequest.defaultMinEffect
    /// Seeds the bootstrap, so the same input gives the same interval.
    public var seed = CompareRequest.defaultSeed
    public var database: String

    public static let defaultMinEffect = 0.05
    public static let defaultSeed: UInt64 = 31

    public init(a: [String], b: [String], by: BaselineKey? = nil, database: String) {
        self.a = a
        self.b = b
        self.by = by
        self.database = database
    }
}

/// What `compare` found: the rows (per key or per write), the keys compared (for the
/// markdown comment) and what makes the comparison doubtful (also said on stderr).
public struct CompareOutcome {
    public var rows: ComputedRows
    public var keys: [KeyDifference]
    public var writes: [WriteDifference]
    /// Keys or writes `limit` left out.
    public var leftOut = 0
    public var by: BaselineKey
    public var a: [ComparedRecording]
    public var b: [ComparedRecording]
    /// Both sides time their evaluations.
    public var timed: Bool
    /// Both sides hold two or more recordings (the statistics judge the times).
    public var repeated: Bool
    public var minEffect: Double
    /// Doubts and notes, in the order they were said.
    public var warnings: [String]
    public var notes: [String]
}
