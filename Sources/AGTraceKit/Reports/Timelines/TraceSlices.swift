/// A trace (AttributeGraph's own trace file) as a timeline: the engine's Begin/End pairs as
/// slices nested as it nested them (graph update > subgraph update > node update > value
/// update, the rule's run), writes (GraphInvalidation) as slices with an instant, value sets as
/// instants, and arrows from each write to the evaluations it caused (`trace_updates.cause_seq`).
///
/// Time: the engine's timestamps, in µs from the first, when the trace has a clock; a trace
/// whose timestamps are whole seconds (the engine that wrote ../shared/real-traces: all equal)
/// or all equal has none, and then file order is the time axis (one µs per event), said on the
/// timeline itself (the process name, and an instant at its start). An event that carries no
/// time of its own (a value set) is placed between the timed events around it, never at the
/// earlier one's time, and its args say so.
public enum TraceSlices {
    public static func make(in db: Database, trace: Int64, label: String) throws -> TimelineSpool {
        let ids: [String: SQLValue] = ["trace": .integer(trace)]
        let range = try db.rows("SELECT first_timestamp, last_timestamp, clock FROM traces WHERE id = ?1", [.integer(trace)]).first
        let first = range?[0].doubleValue, last = range?[1].doubleValue
        // Whole seconds time nothing (traces imported before `clock` was kept: whole numbers only).
        var wholeSeconds = range?[2].stringValue == "whole seconds"
        if range?[2] == .null {
            wholeSeconds = try db.scalar("""
                SELECT NOT EXISTS (SELECT 1 FROM trace_event_rows WHERE trace_id = ?1 AND timestamp != CAST(timestamp AS INTEGER))
                """, [.integer(trace)])?.intValue == 1
        }
        let clocked = !wholeSeconds && first != nil && last != nil && last! > first!
        let why = wholeSeconds ? "the trace's timestamps are whole seconds, too coarse to time with" : "the trace's timestamps are all equal"
        let timeline = try TimelineSpool(process: "trace \(label)" + (clocked ? " (time: the engine's timestamps)" : " (time: event order, 1 µs per event; \(why))"),
                                clock: clocked ? .engine : .eventOrder)
        timeline.threads[1] = "engine"
        if !clocked {
            try timeline.addInstant(Timeline.Instant(name: "time axis: event order (1 µs per event), not time: \(why)", category: "axis",
                                                     thread: 1, time: 0, args: []))
        }
        var rules: [Int64: String] = [:]
        let ruleRows = try ReportRegistry.query("timeline-trace-rules").prepare(in: db, ids)
        try ruleRows.forEachRow { ruleRows in if let r = ruleRows.string(1) { rules[ruleRows.int64(0)] = r } }

        // Only the slices still open are held (their start, for their end); the rest is in the spool.
        struct Open { var slice: Int; var type: Int; var attribute: Int64?; var start: Double }
        var stack: [Open] = []
        var now = 0.0, nowSeq: Int64 = 0
        /// The latest instant's time (the end of a cut trace's open slices).
        var latestInstant: Double?
        func instantAt(_ t: Double) { latestInstant = max(latestInstant ?? t, t) }
        /// Instants of untimed events since the last timed one (the spool's pending ones):
        /// placed when the next one comes.
        func place(until end: Double?, seq: Int64?) throws {
            let count = timeline.pending
            guard count > 0 else { return }
            // Evenly between the timed events around them (1 ns apart after the last one).
            let step = end.map { ($0 - now) / Double(count + 1) } ?? 0.001
            instantAt(now + step * Double(1))
            instantAt(now + step * Double(count))
            try timeline.place(now: now, step: step, appending: [("time", .text("not in the trace: drawn between seq \(nowSeq) and "
                                                                              + (seq.map { "seq \($0)" } ?? "the end")))])
        }
        func time(_ seq: Int64, _ stamp: Double?) throws -> Double {
            if clocked {
                if let stamp {
                    let t = (stamp - first!) * 1e6
                    try place(until: t, seq: seq)
                    now = t
                    nowSeq = seq
                }
                return now
            }
            return Double(seq)
        }
        // Each attribute's view worked out from its rule once, not at every event.
        var views: [Int64: String?] = [:]
        func names(_ a: Int64?) -> (rule: String?, view: String?) {
            guard let a, let rule = rules[a] else { return (nil, nil) }
            if let view = views[a] { return (rule, view) }
            let view = ViewName.fromRule(rule)
            views[a] = .some(view)
            return (rule, view)
        }
        func close(_ open: Open, at end: Double, endArgs: [(String, SQLValue)]) throws {
            // A slice the engine timed at zero is drawn 1 ns long, so that arrows can bind to it.
            try timeline.close(slice: open.slice, duration: max(end - open.start, clocked ? 0.001 : 1), appending: endArgs)
        }
        let stmt = try ReportRegistry.query("timeline-trace").prepare(in: db, ids)
        while try stmt.step() {
            let seq = stmt.int64(0), type = Int(stmt.int64(1))
            let stamp: Double? = stmt.isNull(2) ? nil : stmt.double(2)
            let t = try time(seq, stamp)
            let p1: Int64? = stmt.isNull(3) ? nil : stmt.int64(3)
            let p2: Int64? = stmt.isNull(4) ? nil : stmt.int64(4)
            if type == 42 {
                let n = names(p1)
                let untimed = clocked && stamp == nil
                if !untimed { instantAt(t) }
                try timeline.addInstant(Timeline.Instant(name: "value set \(p1.map(String.init) ?? "?")", category: "value", thread: 1, time: t,
                                                         args: [("attribute", p1.map(SQLValue.integer) ?? .null), ("rule", n.rule.map(SQLValue.text) ?? .null),
                                                                ("view", n.view.map(SQLValue.text) ?? .null), ("seq", .integer(seq))]),
                                        pending: untimed)
                continue
            }
            if type % 2 == 1 {
                // A begin: graph update (9), subgraph update (3), node update (5), value update (7), write (11).
                let n = names(type == 9 || type == 3 ? nil : p1)
                let name: String, category: String
                var args: [(String, SQLValue)] = [("seq", .integer(seq))]
                switch type {
                case 9: name = "graph update"; category = "graph"; args.append(("context", p1.map(SQLValue.integer) ?? .null))
                case 3: name = "subgraph update \(p1.map(String.init) ?? "?")"; category = "subgraph"; args.append(("subgraph", p1.map(SQLValue.integer) ?? .null))
                case 5: name = "node update " + Timeline.name(attribute: p1, rule: n.rule, view: n.view); category = "node"
                case 11: name = "write \(p1.map(String.init) ?? "?")" + (n.view.map { " (\($0))" } ?? ""); category = "write"
                default: name = Timeline.name(attribute: p1, rule: n.rule, view: n.view); category = "update"
                }
                if type != 9 && type != 3 {
                    args += [("attribute", p1.map(SQLValue.integer) ?? .null), ("rule", n.rule.map(SQLValue.text) ?? .null),
                             ("view", n.view.map(SQLValue.text) ?? .null)]
                }
                if type == 11 {
                    args.append(("context", p2.map(SQLValue.integer) ?? .null))
                    instantAt(t)
                    try timeline.addInstant(Timeline.Instant(name: "invalidate \(p1.map(String.init) ?? "?")", category: "write", thread: 1, time: t, args: args))
                }
                let slice = try timeline.addSlice(Timeline.Slice(name: name, category: category, thread: 1, start: t, duration: 0, args: args), seq: seq, open: true)
                stack.append(Open(slice: slice, type: type, attribute: p1, start: t))
            } else {
                // An end closes its begin, and whatever was left open inside it.
                guard let match = stack.lastIndex(where: { $0.type == type - 1 && (type == 10 || type == 4 || $0.attribute == p1) }) else { continue }
                var endArgs: [(String, SQLValue)] = [("end_seq", .integer(seq))]
                if type == 8 { endArgs.append(("changed", p2.map { .integer($0 == 1 ? 1 : 0) } ?? .integer(0))) }
                if type == 6 { endArgs.append(("status", p2.map(SQLValue.integer) ?? .integer(0))) }
                while stack.count > match + 1 { try close(stack.removeLast(), at: t, endArgs: [("end_seq", .null)]) }
                try close(stack.removeLast(), at: t + (clocked ? 0 : 1), endArgs: endArgs)
            }
        }
        try place(until: nil, seq: nil)
        let end = clocked ? max(now, latestInstant ?? now) : Double(stack.map(\.start).max() ?? 0) + 1
        while let open = stack.popLast() { try close(open, at: end, endArgs: [("end_seq", .null)]) }
        let causes = try ReportRegistry.query("timeline-trace-causes").prepare(in: db, ids)
        try causes.forEachRow { causes in
            try timeline.addFlow(fromSeq: causes.int64(1), toSeq: causes.int64(0))
        }
        return timeline
    }
}
