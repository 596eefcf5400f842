/// `findings --baseline F [--update-baseline]`: the gate over a run's findings, decided here
/// (the exit status, what to say) so a test reaches it without the command line, which prints
/// the lines on stderr after the findings.
public enum FindingsGate {
    public struct Outcome: Equatable, Sendable {
        /// 0: nothing new, or the baseline was written; 1: a finding the baseline does not hold.
        public var status: Int32
        /// What to say, in order, each a line without the command's prefix.
        public var lines: [String]
    }

    /// Refuses, before any work, a gate that cannot run: `--update-baseline` writes the file
    /// `--baseline` names.
    public static func check(baseline: String?, update: Bool) throws {
        if update, baseline == nil { throw ReportUsageError("--update-baseline writes the file given by --baseline FILE: give it") }
    }

    /// `findings` against the accepted ones at `path` (nil: no gate, status 0), or written
    /// there (`update`). A baseline that cannot be read is a usage error (exit 2), as a bad
    /// option is: the gate cannot say whether anything is new.
    public static func run(_ findings: [Finding], baseline path: String?, update: Bool) throws -> Outcome {
        try check(baseline: path, update: update)
        guard let path else { return Outcome(status: 0, lines: []) }
        if update {
            let previous = try? FindingsBaseline.read(path)
            let next = FindingsBaseline(findings)
            try next.write(to: path)
            let (added, gone) = previous.map { $0.compare(findings) } ?? (findings, [])
            return Outcome(status: 0, lines: ["wrote \(path): \(next.findings.count) accepted (\(Set(added.map(\.fingerprint)).count) new, \(gone.count) gone)"])
        }
        let accepted: FindingsBaseline
        do { accepted = try FindingsBaseline.read(path) } catch let e as FindingsBaselineError { throw ReportUsageError(e.description) }
        let (added, gone) = accepted.compare(findings)
        var lines: [String] = []
        if !gone.isEmpty {
            lines.append("\(gone.count) accepted finding\(gone.count == 1 ? " is" : "s are") gone (run with --update-baseline to drop \(gone.count == 1 ? "it" : "them"))")
        }
        guard !added.isEmpty else { return Outcome(status: 0, lines: lines) }
        for f in added {
            lines.append("new: \(f.kind.rawValue) \(f.view ?? "") — \(f.message) [\(f.fingerprint.prefix(12))]")
        }
        lines.append("\(added.count) finding\(added.count == 1 ? "" : "s") not in \(path): fix \(added.count == 1 ? "it" : "them"), or accept with --update-baseline")
        return Outcome(status: 1, lines: lines)
    }
}
