/// Findings an AttributeGraph trace shows: every evaluation with its changed flag, self time
/// and cause (the write whose dirty marks it followed), and the trace's own cycle reports and
/// log messages. Positions are event seqs.
struct TraceFindings {
    let id: Int64
    let label: String
    let db: Database
    let limits: FindingThresholds

    func findings() throws -> [Finding] {
        try bodies() + writes() + passes() + warnings()
            + CycleFindings(kind: "trace", owner: id, label: label, positionKind: "seq", db: db).findings()
    }

    private func evidence(_ counts: [FindingCount], cause: String? = nil, seqs: [Int64]) -> FindingEvidence {
        FindingEvidence(input: "trace", label: label, counts: counts, cause: cause, positionKind: "seq", positions: seqs)
    }

    /// The first positions of each view's unchanged and slow evaluations, read in one pass
    /// (a query per view read the whole trace once per view).
    private func positions() throws -> [String: [String: [Int64]]] {
        var found: [String: [String: [Int64]]] = [:]
        for row in try FindingRows.query("findings-trace-positions", in: db, ["trace": .integer(id), "slow": .real(limits.slowBodySeconds)]) {
            guard let view = row.text("view"), let which = row.text("which"), let seq = row.int("begin_seq") else { continue }
            found[view, default: [:]][which, default: []].append(seq)
        }
        return found
    }

    /// Wasted evaluations (changed 0) and slow ones (self time over Instruments' limits), per view.
    private func bodies() throws -> [Finding] {
        var found: [Finding] = []
        let rows = try FindingRows.query("findings-trace-bodies", in: db, ["trace": .integer(id), "slow": .real(limits.slowBodySeconds),
                                                                           "very_slow": .real(limits.verySlowBodySeconds)])
        // Positions and percentiles are read only when some view needs them.
        let flagged = rows.contains { ($0.int("slow") ?? 0) > 0 || ($0.int("unchanged") ?? 0) >= limits.wastedRuns }
        let positions = flagged ? try positions() : [:]
        let percentiles = rows.contains { ($0.int("slow") ?? 0) > 0 }
            ? Dictionary(try FindingRows.query("findings-trace-durations", in: db, ["trace": .integer(id)]).compactMap { row in
                row.text("view").flatMap { v in row.double("p95").map { (v, $0) } } }, uniquingKeysWith: { a, _ in a })
            : [:]
        for row in rows {
            guard let view = row.text("view"), let evaluations = row.int("evaluations") else { continue }
            let attributes = row.integers("attributes")
            let unchanged = row.int("unchanged") ?? 0
            if unchanged >= limits.wastedRuns, Double(unchanged) >= limits.wastedShare * Double(evaluations) {
                let seconds = row.double("unchanged_seconds")
                found.append(Finding(kind: .wastedBodyRuns, view: view, attributes: attributes,
                                     message: "\(view)'s body was evaluated \(plural(evaluations, "time")), \(unchanged) of them producing the same value" + (seconds.map { " (\(spokenSeconds($0)) of self time)" } ?? ""),
                                     evidence: evidence(.of(["evaluations": evaluations, "unchanged": unchanged]), seqs: positions[view]?["unchanged"] ?? []),
                                     cost: FindingCost(seconds: seconds, evaluations: unchanged)))
            }
            let slow = row.int("slow") ?? 0
            if slow > 0 {
                let veryslow = row.int("very_slow") ?? 0
                let p95 = percentiles[view]
                let longest = row.double("longest") ?? 0
                found.append(Finding(kind: .slowBody, severity: veryslow > 0 ? .error : .warning, view: view, attributes: attributes,
                                     message: "\(view)'s body took over \(spokenSeconds(limits.slowBodySeconds)) of self time \(plural(slow, "time")) (\(veryslow) over \(spokenSeconds(limits.verySlowBodySeconds))); longest \(spokenSeconds(longest))" + (p95.map { ", p95 \(spokenSeconds($0))" } ?? ""),
                                     evidence: evidence(.of(["evaluations": evaluations, "slow": slow, "very_slow": veryslow]), seqs: positions[view]?["slow"] ?? []),
                                     cost: FindingCost(seconds: row.double("self_seconds"), evaluations: slow)))
            }
        }
        return found
    }

    /// Writes that re-ran many bodies, most unchanged (per written node), and writes of one
    /// node repeated at a steady rate, each re-running bodies (a timer or an animation).
    private func writes() throws -> [Finding] {
        let rows = try FindingRows.query("findings-trace-writes", in: db, ["trace": .integer(id)])
        var found: [Finding] = []
        for (attribute, group) in Dictionary(grouping: rows, by: { $0.int("attribute") ?? -1 }).sorted(by: { $0.key < $1.key }) {
            // The written node is a state's signal, not a view: the views it re-ran are named in
            // the message, and the finding has a view only when the written node is a body's.
            let written = group[0].text("view")
            let rule = group[0].text("view") ?? group[0].text("rule")
            let what = "the write of attribute \(attribute)" + (rule.map { " (\($0))" } ?? "")
            let broad = group.filter { ($0.int("bodies") ?? 0) >= limits.broadBodies
                && Double($0.int("unchanged") ?? 0) > limits.broadUnchangedShare * Double($0.int("bodies") ?? 0) }
            if !broad.isEmpty {
                let bodies = broad.reduce(Int64(0)) { $0 + ($1.int("bodies") ?? 0) }
                let unchanged = broad.reduce(Int64(0)) { $0 + ($1.int("unchanged") ?? 0) }
                let seconds = broad.allSatisfy { $0.double("unchanged_seconds") != nil } ? broad.reduce(0.0) { $0 + ($1.double("unchanged_seconds") ?? 0) } : nil
                let views = Array(Set(broad.flatMap { $0.names("views") })).sorted()
                found.append(Finding(kind: .broadInvalidation, view: written, attributes: [attribute],
                                     message: "\(what) re-ran \(bodies) bodies (\(views.joined(separator: ", "))) in \(plural(Int64(broad.count), "write")), \(unchanged) of them unchanged",
                                     evidence: evidence(.of(["writes": Int64(broad.count), "bodies": bodies, "unchanged": unchanged]), cause: what,
                                                        seqs: broad.compactMap { $0.int("seq") }),
                                     cost: FindingCost(seconds: seconds, evaluations: unchanged),
                                     subject: (group[0].text("rule") ?? "") + "→" + views.joined(separator: ",")))
            }
            if let tick = steadyTick(group) {
                let bodies = group.reduce(Int64(0)) { $0 + ($1.int("bodies") ?? 0) }
                let views = Array(Set(group.flatMap { $0.names("views") })).sorted()
                found.append(Finding(kind: .repeatingWrite, view: written, attributes: [attribute],
                                     message: "\(what) came \(group.count) times, every \(spokenSeconds(tick)), re-running \(bodies) bodies (\(views.joined(separator: ", ")))",
                                     evidence: evidence(.of(["writes": Int64(group.count), "bodies": bodies]), cause: what, seqs: group.compactMap { $0.int("seq") }),
                                     cost: FindingCost(seconds: nil, evaluations: bodies),
                                     subject: (group[0].text("rule") ?? "") + "→" + views.joined(separator: ",")))
            }
        }
        return found
    }

    /// The median interval of a node's writes when they tick: enough of them, each re-running
    /// a body, timed, and every interval within `tickSpread` of the median. Nil otherwise.
    private func steadyTick(_ writes: [FindingRows.Row]) -> Double? {
        guard writes.count >= limits.repeatingWrites, writes.allSatisfy({ ($0.int("bodies") ?? 0) > 0 }) else { return nil }
        let times = writes.compactMap { $0.double("timestamp") }
        guard times.count == writes.count else { return nil }
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let median = intervals[intervals.count / 2]
        guard median > 0, intervals.allSatisfy({ abs($0 - median) <= limits.tickSpread * median }) else { return nil }
        return median
    }

    /// Bodies evaluated more than once within one update of the graph, per view.
    private func passes() throws -> [Finding] {
        let rows = try FindingRows.query("findings-trace-passes", in: db, ["trace": .integer(id), "per_pass": .integer(Int64(limits.evaluationsPerPass))])
        return Dictionary(grouping: rows, by: { $0.text("view") ?? "" }).sorted(by: { $0.key < $1.key }).map { view, group in
            let passes = Set(group.compactMap { $0.int("pass") })
            let evaluations = group.reduce(Int64(0)) { $0 + ($1.int("evaluations") ?? 0) }
            let extra = evaluations - Int64(group.count)
            return Finding(kind: .repeatedBodyInPass, view: view, attributes: Array(Set(group.compactMap { $0.int("attribute") })).sorted(),
                           message: "\(view)'s body was evaluated more than once in \(plural(Int64(passes.count), "update")) of the graph (\(evaluations) evaluations, \(extra) more than once each)",
                           evidence: evidence(.of(["updates": Int64(passes.count), "evaluations": evaluations, "extra": extra]), seqs: group.compactMap { $0.int("first_seq") }),
                           cost: FindingCost(seconds: nil, evaluations: extra))
        }
    }

    private func warnings() throws -> [Finding] {
        let rows = try FindingRows.query("findings-trace-warnings", in: db, ["trace": .integer(id)])
        guard !rows.isEmpty else { return [] }
        let count = Int64(rows.count)
        return [Finding(kind: .stateModifiedDuringUpdate, view: nil,
                        message: "the trace logged SwiftUI's warning of state written during an update \(plural(count, "time"))",
                        evidence: evidence(.of(["warnings": count]), cause: rows[0].text("data"), seqs: rows.compactMap { $0.int("seq") }),
                        cost: FindingCost(seconds: nil, evaluations: count), subject: "log")]
    }
}
