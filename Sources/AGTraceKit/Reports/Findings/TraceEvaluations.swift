/// One pass over a trace's evaluations of bodies, summed the ways the trace's findings need:
/// per view, per write that caused them, per update of the graph. Read in Swift from
/// `trace_update_rows` and the nodes' views (Queries/findings-trace-*.sql) rather than
/// through `trace_updates`, whose per-row join made `findings` cost more than the import.
struct TraceEvaluations {
    struct View {
        var evaluations: Int64 = 0
        var unchanged: Int64 = 0
        /// Self seconds of the unchanged ones; nil once one of them is untimed.
        var unchangedSeconds: Double? = 0
        var selfSeconds: Double? = 0
        var slow: Int64 = 0
        var verySlow: Int64 = 0
        var longest: Double?
        var attributes = Set<Int64>()
        var unchangedSeqs: [Int64] = []
        var slowSeqs: [Int64] = []
        var durations: [Double] = []
    }

    struct Caused {
        var bodies: Int64 = 0
        var unchanged: Int64 = 0
        var unchangedSeconds: Double? = 0
        var views = Set<String>()
    }

    /// A body evaluated more than once in one update of the graph.
    struct Repeat {
        var view: String
        var attribute: Int64
        var update: Int64
        var evaluations: Int64
        var firstSeq: Int64
    }

    var views: [String: View] = [:]
    var caused: [Int64: Caused] = [:]
    var repeats: [Repeat] = []
    /// LogMessages that are SwiftUI's warnings of a state write during an update: seq, text.
    var warnings: [(seq: Int64, text: String)] = []
    /// Each node's rule and view.
    var nodes: [Int64: (rule: String?, view: String?)] = [:]

    init(trace: Int64, in db: Database, limits: FindingThresholds) throws {
        let values: [String: SQLValue] = ["trace": .integer(trace)]
        try ReportRegistry.query("findings-trace-nodes").prepare(in: db, values).forEachRow { s in
            let attribute = s.int64(0)
            if nodes[attribute] == nil { nodes[attribute] = (s.string(1), s.string(2)) }
        }
        // Where each update of the graph begins, and the warnings, in one pass over the events.
        var updates: [Int64] = []
        try ReportRegistry.query("findings-trace-events").prepare(in: db, values).forEachRow { s in
            if s.int64(1) == 9 { updates.append(s.int64(0)) } else { warnings.append((s.int64(0), s.string(2) ?? "")) }
        }
        var nextUpdate = 0
        var update: Int64 = 0
        var inUpdate: [Int64: (count: Int64, first: Int64)] = [:]
        func closeUpdate() {
            for (attribute, seen) in inUpdate where seen.count >= Int64(limits.evaluationsPerPass) {
                repeats.append(Repeat(view: nodes[attribute]?.view ?? "", attribute: attribute, update: update, evaluations: seen.count, firstSeq: seen.first))
            }
            inUpdate.removeAll(keepingCapacity: true)
        }
        try ReportRegistry.query("findings-trace-evaluations").prepare(in: db, values).forEachRow { s in
            let seq = s.int64(0), attribute = s.int64(1)
            guard let view = nodes[attribute]?.view else { return }
            let changed: Int64? = s.isNull(2) ? nil : s.int64(2)
            let seconds: Double? = s.isNull(3) ? nil : s.double(3)
            var v = views[view] ?? View()
            v.evaluations += 1
            v.attributes.insert(attribute)
            if let seconds {
                v.selfSeconds = v.selfSeconds.map { $0 + seconds }
                v.durations.append(seconds)
                v.longest = max(v.longest ?? seconds, seconds)
                if seconds > limits.slowBodySeconds {
                    v.slow += 1
                    if v.slowSeqs.count < FindingEvidence.positionLimit { v.slowSeqs.append(seq) }
                }
                if seconds > limits.verySlowBodySeconds { v.verySlow += 1 }
            } else {
                v.selfSeconds = nil
            }
            if changed == 0 {
                v.unchanged += 1
                v.unchangedSeconds = seconds.flatMap { s in v.unchangedSeconds.map { $0 + s } }
                if v.unchangedSeqs.count < FindingEvidence.positionLimit { v.unchangedSeqs.append(seq) }
            }
            views[view] = v
            if !s.isNull(4) {
                let write = s.int64(4)
                var c = caused[write] ?? Caused()
                c.bodies += 1
                c.views.insert(view)
                if changed == 0 {
                    c.unchanged += 1
                    c.unchangedSeconds = seconds.flatMap { s in c.unchangedSeconds.map { $0 + s } }
                }
                caused[write] = c
            }
            // Evaluations belong to the last BeginGraphUpdate before them; those before any
            // are in no update seen and left out.
            while nextUpdate < updates.count, updates[nextUpdate] < seq {
                closeUpdate()
                update = updates[nextUpdate]
                nextUpdate += 1
            }
            if update > 0 {
                let seen = inUpdate[attribute]
                inUpdate[attribute] = (count: (seen?.count ?? 0) + 1, first: seen?.first ?? seq)
            }
        }
        closeUpdate()
    }
}
