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

/// What `compare` found: the keys compared or the writes matched, and what makes the
/// comparison doubtful (also said on stderr).
public struct CompareOutcome {
    public var keys: [KeyDifference]
    public var writes: [WriteDifference]
    /// Writes were matched (`--writes`), not keys.
    public var matchedWrites: Bool
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

    /// The rows' columns and units (per key or per write).
    public var columns: [String] {
        matchedWrites ? CompareRows.writeColumns : CompareRows.keyColumns(by: by, repeated: repeated)
    }
    public var units: [String: ColumnUnit] { matchedWrites ? [:] : CompareRows.keyUnits }

    /// The rows, made whole (the agents' server and the HTML page, which cut them).
    public var rows: ComputedRows {
        var rows: [[SQLValue]] = []
        rows.reserveCapacity(matchedWrites ? writes.count : keys.count)
        forEachRow { rows.append($0) }
        return ComputedRows(columns: columns, rows: rows, units: units)
    }

    /// Each row in turn, made as it is written: a comparison of 60,000 keys held its rows
    /// beside its keys (50 MB more).
    public func forEachRow(_ body: ([SQLValue]) -> Void) {
        if matchedWrites {
            for w in writes { body(CompareRows.write(w)) }
        } else {
            for k in keys { body(CompareRows.key(k, by: by, repeated: repeated)) }
        }
    }

    /// Writes the rows to `writer`, one at a time.
    public func write(to writer: RowWriter) {
        writer.units = units
        writer.begin(columns: columns)
        forEachRow(writer.row)
        writer.end()
    }
}
