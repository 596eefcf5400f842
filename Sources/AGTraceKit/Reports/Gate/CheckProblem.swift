/// Why `agtrace check` gave no verdict, and the exit status that says so:
///
/// - 2 `usage`: the command line is wrong (an unknown option, a bad `--tolerance`);
/// - 2 `baseline`: the baseline file cannot be used (missing, not a baseline, a duplicated or
///   malformed key, a total that is not the sum, a count outside 0 ... 2^53, another kind);
/// - 3 `notCounted`: the current counts could not be taken (no database, no such run, snapshot
///   or file, no update hits, no profile data, a recording that crashed or was cut).
///
/// (0 is a pass, 1 a regression or a suspicious drop.) Every format still writes a report
/// for these: CI shows why rather than an empty file.
public struct CheckProblem: Error, CustomStringConvertible, Equatable {
    public enum Kind: String, Sendable {
        case usage
        case baseline
        case notCounted = "not_counted"
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var exitStatus: Int32 { kind == .notCounted ? 3 : 2 }
    public var description: String { message }
}

/// A recording that did not end normally cannot be checked: a crash or a cut loses the
/// updates after it, which reads as an improvement, and an impossible duration makes its times
/// wrong. One rule for every kind, read from the one answer every kind stores
/// (`RecordingEnding`). Nor can hits whose attribute could not be read: they would be compared
/// as one key, `(unknown)`, whatever they ran (`MeasuredKind.refuseCounts`, per kind).
public enum RecordingGate {
    /// Throws for a recording that crashed, failed, was cut or is doubtful (unless
    /// `allowIncomplete`); returns a note for one whose end is unknown; nil for a complete one.
    public static func check(_ source: MeasuredSource, allowIncomplete: Bool) throws -> String? {
        guard let ending = source.ending else { return nil }
        switch ending.complete {
        case true?:
            return nil
        case false?:
            let reason = ending.reason ?? "unknown"
            if allowIncomplete {
                return "\(source.phrase) did not end normally (\(reason)); checked anyway (--allow-incomplete)"
            }
            throw CheckProblem(.notCounted, "\(source.phrase) did not end normally (\(reason)): its counts miss whatever the app did not get to, or its times cannot be right, which would pass as an improvement; take the \(source.kind.thing) again, or pass --allow-incomplete")
        case nil:
            guard source.kind.showsItsEnd else { return nil }
            guard let reason = ending.reason else {
                return "how \(source.phrase) ended is unknown (imported by an older agtrace); import it again to know"
            }
            return "\(source.phrase) does not show the process's end (\(reason)): if the recording was cut, its counts are short"
        }
    }

    /// The same judgement before anything is counted (so a refusal names the end, not a count
    /// that the doubtful rows broke): every label of `kind` given.
    static func check(_ kind: MeasuredKind, labels: [String], allowIncomplete: Bool, in db: Database) throws -> [String] {
        try labels.compactMap { label in
            let row = try UpdateCounts.lookUp(kind, label, in: db)
            return try check(MeasuredSource(kind: kind, label: label, ending: row.ending), allowIncomplete: allowIncomplete)
        }
    }

    /// Throws (exit 3) for counts that cannot be compared: a run's hits whose attribute was
    /// not read, counted under `(unknown)`; seconds below zero, of any kind (a recording whose
    /// clock went backwards, or evaluations that end before they begin): compared, they would
    /// read as time saved, and a baseline holding them could not be read back.
    public static func refuseUnknownAttributes(_ counts: UpdateCounts) throws {
        try counts.source.kind.refuseCounts(counts)
        let negative = counts.entries.filter { _, e in (e.seconds ?? 0) < 0 || (e.secondsEach ?? []).contains { $0 < 0 } }
        if let key = negative.keys.sorted().first {
            throw CheckProblem(.notCounted, "could not count: \(counts.source.phrase) gives \(negative.count == 1 ? "" : "\(negative.count) keys, first ")\(JSONText.quote(key)) negative seconds: its clock went backwards (or its evaluations end before they begin), so its time cannot be compared; record it again")
        }
    }
}
