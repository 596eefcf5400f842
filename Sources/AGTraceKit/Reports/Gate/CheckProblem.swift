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
/// updates after it, which reads as an improvement. Nor can hits whose attribute could not be
/// read: they would be compared as one key, `(unknown)`, whatever they ran.
public enum RecordingGate {
    /// Throws for a run whose recording crashed, failed or was cut (unless `allowIncomplete`);
    /// returns a note for one whose end is unknown (`no end seen`, or imported before agtrace
    /// recorded ends). Complete: exited 0, or a recorder's file with its `stop` line.
    public static func check(_ source: MeasuredSource, allowIncomplete: Bool) throws -> String? {
        if source.kind == .trace { return try checkTrace(source, allowIncomplete: allowIncomplete) }
        guard source.kind == .run else { return nil }
        guard let end = source.end else {
            return "how the recording of \(source.phrase) ended is unknown (imported by an older agtrace); import it again to know"
        }
        if end.isComplete { return nil }
        switch end {
        case .noEndSeen:
            return "the transcript of \(source.phrase) does not show the process's end (no \"Process N exited\" line): if the recording was cut after a whole hit, its counts are short"
        default:
            if allowIncomplete {
                return "\(source.phrase) did not end normally (\(end.reason)); checked anyway (--allow-incomplete)"
            }
            throw CheckProblem(.notCounted, "\(source.phrase) did not end normally (\(end.reason)): its counts miss whatever the process did not get to, which would pass as an improvement; record it again, or pass --allow-incomplete")
        }
    }

    /// Throws (exit 3) when some of a run's update hits are counted under `(unknown)`: their
    /// attribute was never printed readably (`register read w1` on an x86-64 machine, whose
    /// argument is in esi; an expression that failed). Not a verdict either way: 0 of them
    /// under their real keys would pass as an improvement, all of them as one key proves nothing.
    /// `--allow-incomplete` does not take them: it is about how a recording ended.
    public static func refuseUnknownAttributes(_ counts: UpdateCounts) throws {
        guard counts.source.kind == .run, let unknown = counts.entries[UpdateCounts.unknownAttributeKey] else { return }
        let total = counts.total.updates
        throw CheckProblem(.notCounted, "could not count: \(unknown.updates) of \(total) hits of \(counts.source.phrase) have no attribute (the breakpoint's commands printed none that could be read: on arm64 the attribute is in w1, on x86-64 in esi; 'agtrace import' names the lines)")
    }
}

extension RecordingGate {
    /// A trace without an EndTrace was cut by a crash or a kill: refused like a cut transcript.
    static func checkTrace(_ source: MeasuredSource, allowIncomplete: Bool) throws -> String? {
        guard let reason = source.traceIncomplete else { return nil }
        if allowIncomplete {
            return "\(source.phrase) is incomplete (\(reason)); checked anyway (--allow-incomplete)"
        }
        throw CheckProblem(.notCounted, "\(source.phrase) is incomplete (\(reason): its process crashed or was killed while tracing): its counts miss whatever the app did not get to, which would pass as an improvement; trace it again, or pass --allow-incomplete")
    }
}
