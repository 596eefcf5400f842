/// Findings an AttributeGraph trace shows: every evaluation with its changed flag, self time
/// and cause (the write whose dirty marks it followed), and the trace's own cycle reports and
/// log messages. Positions are event seqs.
struct TraceFindings {
    let id: Int64
    let label: String
    let db: Database
    let limits: FindingThresholds

    func findings() throws -> [Finding] {
        let e = try TraceEvaluations(trace: id, in: db, limits: limits)
        return bodies(e) + (try writes(e)) + passes(e) + warnings(e)
            + (try CycleFindings(kind: "trace", owner: id, label: label, positionKind: "seq", db: db).findings())
    }

    private func evidence(_ counts: [FindingCount], cause: String? = nil, seqs: [Int64]) -> FindingEvidence {
        FindingEvidence(input: "trace", label: label, counts: counts, cause: cause, positionKind: "seq", positions: seqs)
    }

    /// Wasted evaluations (changed 0) and slow ones (self time over Instruments' limits), per view.
    private func bodies(_ e: TraceEvaluations) -> [Finding] {
        var found: [Finding] = []
        for (view, v) in e.views.sorted(by: { $0.key < $1.key }) {
            let attributes = v.attributes.sorted()
            if v.unchanged >= limits.wastedRuns, Double(v.unchanged) >= limits.wastedShare * Double(v.evaluations) {
                let seconds = v.unchangedSeconds
                found.append(Finding(kind: .wastedBodyRuns, view: view, attributes: attributes,
                                     message: "\(view)'s body was evaluated \(plural(v.evaluations, "time")), \(v.unchanged) of them producing the same value" + (seconds.map { " (\(spokenSeconds($0)) of self time)" } ?? ""),
                                     evidence: evidence(.of(["evaluations": v.evaluations, "unchanged": v.unchanged]), seqs: v.unchangedSeqs),
                                     cost: FindingCost(seconds: seconds, evaluations: v.unchanged)))
            }
            if v.slow > 0 {
                let sorted = v.durations.sorted()
                // Nearest rank: the ceil(0.95 n)-th shortest.
                let p95 = sorted[max(0, (95 * sorted.count + 99) / 100 - 1)]
                found.append(Finding(kind: .slowBody, severity: v.verySlow > 0 ? .error : .warning, view: view, attributes: attributes,
                                     message: "\(view)'s body took over \(spokenSeconds(limits.slowBodySeconds)) of self time \(plural(v.slow, "time")) (\(v.verySlow) over \(spokenSeconds(limits.verySlowBodySeconds))); longest \(spokenSeconds(v.longest ?? 0)), p95 \(spokenSeconds(p95))",
                                     evidence: evidence(.of(["evaluations": v.evaluations, "slow": v.slow, "very_slow": v.verySlow]), seqs: v.slowSeqs),
                                     cost: FindingCost(seconds: v.selfSeconds, evaluations: v.slow)))
            }
        }
        return found
    }

    struct Write {
        var seq: Int64
        var timestamp: Double?
        var attribute: Int64
    }

    /// Writes that re-ran many bodies, most unchanged (per written node), and writes of one
    /// node repeated at a steady rate, each re-running bodies (a timer or an animation).
    private func writes(_ e: TraceEvaluations) throws -> [Finding] {
        var rows: [Write] = []
        try ReportRegistry.query("findings-trace-writes").prepare(in: db, ["trace": .integer(id)]).forEachRow { s in
            rows.append(Write(seq: s.int64(0), timestamp: s.isNull(1) ? nil : s.double(1), attribute: s.int64(2)))
        }
        var found: [Finding] = []
        for (attribute, group) in Dictionary(grouping: rows, by: \.attribute).sorted(by: { $0.key < $1.key }) {
            // The written node is a state's signal, not a view: the views it re-ran are named in
            // the message, and the finding has a view only when the written node is a body's.
            let written = e.nodes[attribute]?.view
            let rule = written ?? e.nodes[attribute]?.rule
            let what = "the write of attribute \(attribute)" + (rule.map { " (\($0))" } ?? "")
            let caused = group.map { e.caused[$0.seq] ?? TraceEvaluations.Caused() }
            let broad = zip(group, caused).filter { $0.1.bodies >= limits.broadBodies
                && Double($0.1.unchanged) > limits.broadUnchangedShare * Double($0.1.bodies) }
            if !broad.isEmpty {
                let bodies = broad.reduce(Int64(0)) { $0 + $1.1.bodies }
                let unchanged = broad.reduce(Int64(0)) { $0 + $1.1.unchanged }
                let seconds = broad.allSatisfy { $0.1.unchangedSeconds != nil } ? broad.reduce(0.0) { $0 + ($1.1.unchangedSeconds ?? 0) } : nil
                let views = Set(broad.flatMap { $0.1.views }).sorted()
                found.append(Finding(kind: .broadInvalidation, view: written, attributes: [attribute],
                                     message: "\(what) re-ran \(bodies) bodies (\(views.joined(separator: ", "))) in \(plural(Int64(broad.count), "write")), \(unchanged) of them unchanged",
                                     evidence: evidence(.of(["writes": Int64(broad.count), "bodies": bodies, "unchanged": unchanged]), cause: what,
                                                        seqs: broad.map { $0.0.seq }),
                                     cost: FindingCost(seconds: seconds, evaluations: unchanged),
                                     subject: (e.nodes[attribute]?.rule ?? "") + "→" + views.joined(separator: ",")))
            }
            if let tick = steadyTick(group, caused) {
                let bodies = caused.reduce(Int64(0)) { $0 + $1.bodies }
                let views = Set(caused.flatMap(\.views)).sorted()
                found.append(Finding(kind: .repeatingWrite, view: written, attributes: [attribute],
                                     message: "\(what) came \(group.count) times, every \(spokenSeconds(tick)), re-running \(bodies) bodies (\(views.joined(separator: ", ")))",
                                     evidence: evidence(.of(["writes": Int64(group.count), "bodies": bodies]), cause: what, seqs: group.map(\.seq)),
                                     cost: FindingCost(seconds: nil, evaluations: bodies),
                                     subject: (e.nodes[attribute]?.rule ?? "") + "→" + views.joined(separator: ",")))
            }
        }
        return found
    }

    /// The median interval of a node's writes when they tick: enough of them, each re-running
    /// a body, timed, and every interval within `tickSpread` of the median. Nil otherwise.
    private func steadyTick(_ writes: [Write], _ caused: [TraceEvaluations.Caused]) -> Double? {
        guard writes.count >= limits.repeatingWrites, caused.allSatisfy({ $0.bodies > 0 }) else { return nil }
        let times = writes.compactMap(\.timestamp)
        guard times.count == writes.count else { return nil }
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let median = intervals[intervals.count / 2]
        guard median > 0, intervals.allSatisfy({ abs($0 - median) <= limits.tickSpread * median }) else { return nil }
        return median
    }

    /// Bodies evaluated more than once within one update of the graph, per view.
    private func passes(_ e: TraceEvaluations) -> [Finding] {
        Dictionary(grouping: e.repeats, by: \.view).sorted(by: { $0.key < $1.key }).map { view, group in
            let updates = Set(group.map(\.update))
            let evaluations = group.reduce(Int64(0)) { $0 + $1.evaluations }
            let extra = evaluations - Int64(group.count)
            return Finding(kind: .repeatedBodyInPass, view: view, attributes: Set(group.map(\.attribute)).sorted(),
                           message: "\(view)'s body was evaluated more than once in \(plural(Int64(updates.count), "update")) of the graph (\(evaluations) evaluations, \(extra) more than once each)",
                           evidence: evidence(.of(["updates": Int64(updates.count), "evaluations": evaluations, "extra": extra]), seqs: group.map(\.firstSeq)),
                           cost: FindingCost(seconds: nil, evaluations: extra))
        }
    }

    private func warnings(_ e: TraceEvaluations) -> [Finding] {
        guard let first = e.warnings.first else { return [] }
        let count = Int64(e.warnings.count)
        return [Finding(kind: .stateModifiedDuringUpdate, view: nil,
                        message: "the trace logged SwiftUI's warning of state written during an update \(plural(count, "time"))",
                        evidence: evidence(.of(["warnings": count]), cause: first.text, seqs: e.warnings.map(\.seq)),
                        cost: FindingCost(seconds: nil, evaluations: count), subject: "log")]
    }
}
