/// A run (breakpoint transcript) as a timeline. A run recorded by `agtrace record` has a clock
/// (`events.time_ns`, the debugger's monotonic clock at each hit): a hit is at its time, in µs
/// from the run's first hit, and is drawn 1 µs long (a breakpoint sees a function's entry, not
/// its end). The other transcript shapes have no clock, so hit order is the time axis: the hit
/// with seq N is at N µs and lasts 1 µs. Each `update` hit is a slice named
/// by its view, else its rule (both from `snapshot`), else `update <attribute>`; each
/// `invalidate` hit is a `write` slice with an instant on it; arrows go from each write to
/// every update it caused (`RunCauses`: the update's node is the root or in the write's marked
/// set, and it had not run since the write).
public enum RunTimeline {
    public static func make(in db: Database, run: Int64, label: String, snapshot: Int64? = nil) throws -> TimelineSpool {
        let timeline = try TimelineSpool(process: "run \(label) (time: breakpoint hit order, 1 µs per hit)", clock: .hitOrder)
        var clocked: Bool?
        var names = try NodeNames(db: db, snapshot: snapshot)
        var tids: [Int64?: Int] = [:]
        let stmt = try ReportRegistry.query("timeline-run").prepare(in: db, ["run": .integer(run)])
        try stmt.forEachRow { stmt in
            let seq = stmt.int64(0)
            let thread: Int64? = stmt.isNull(3) ? nil : stmt.int64(3)
            let attribute: Int64? = stmt.isNull(4) ? nil : stmt.int64(4)
            // The query gives every row a time, or none.
            if clocked == nil {
                clocked = !stmt.isNull(5)
                if clocked == true {
                    timeline.process = "run \(label) (time: the lldb recorder's clock, µs from the first hit; 1 µs per hit drawn)"
                    timeline.clock = .recorder
                }
            }
            let time = clocked == true ? stmt.double(5) : Double(seq)
            let tid: Int
            if let known = tids[thread] {
                tid = known
            } else {
                tid = tids.count + 1
                tids[thread] = tid
                timeline.threads[tid] = thread.map { "thread \($0)" } ?? "thread (not printed by the breakpoints)"
            }
            let name = try names.name(attribute)
            let write = stmt.string(2) == "invalidate"
            var args: [(String, SQLValue)] = [
                ("attribute", attribute.map(SQLValue.integer) ?? .null),
                ("rule", name?.rule.map(SQLValue.text) ?? .null),
                ("view", name?.view.map(SQLValue.text) ?? .null),
                ("seq", .integer(seq)),
                ("line", stmt.value(1)),
            ]
            if let thread { args.append(("thread", .integer(thread))) }
            // A write's rule is its signal's (External<()>): the attribute and view say more.
            let title = write ? "write \(attribute.map(String.init) ?? "?")" + (name?.view.map { " (\($0))" } ?? "")
                : Timeline.name(attribute: attribute, rule: name?.rule, view: name?.view)
            try timeline.addSlice(Timeline.Slice(name: title, category: write ? "write" : "update", thread: tid,
                                                 start: time, duration: 1, args: args), seq: seq)
            if write {
                try timeline.addInstant(Timeline.Instant(name: "invalidate \(attribute.map(String.init) ?? "?")",
                                                          category: "write", thread: tid, time: time, args: args))
            }
        }
        // Cause -> effect: an arrow from each write to every update it caused.
        // Replayed without keeping the run's causes: a write's arrows go to the spool when its
        // walk is done (the walks come in hit order), and are numbered in the order of the
        // updates they reach.
        var replay = try RunCauses.Replay(in: db, run: run, snapshot: snapshot)
        var write: Int64?, reached: [Int64] = []
        try replay.run(onInvalidation: { _ in }, onCause: { cause in
            if cause.invalidationSeq != write {
                if let write { try timeline.holdFlows(fromSeq: write, toSeqs: reached) }
                write = cause.invalidationSeq
                reached.removeAll(keepingCapacity: true)
            }
            reached.append(cause.updateSeq)
        })
        if let write { try timeline.holdFlows(fromSeq: write, toSeqs: reached) }
        try timeline.drawHeldFlows()
        return timeline
    }
}
