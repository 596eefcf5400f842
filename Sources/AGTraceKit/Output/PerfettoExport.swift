/// `agtrace export perfetto`: a `Timeline` as Chrome trace-event JSON
/// (`{"traceEvents": [...]}`), the format the Perfetto UI and `chrome://tracing` open directly.
///
/// One process (the run or trace), one thread track per thread. `M` events name them; each
/// update or write is a complete slice (`ph: "X"`, `ts`/`dur` in µs); writes also get an
/// instant (`ph: "i"`, thread scope). Cause -> effect arrows are flow events: a `ph: "s"` at
/// the cause's start and a `ph: "f"` with `bp: "e"` at the effect's start, sharing an `id`;
/// each binds to the slice enclosing it. Events are written in time order, a slice before the
/// flow events and instants at its start, so every viewer binds them to that slice.
public enum PerfettoExport {
    static let pid = 1

    public static func write(_ timeline: Timeline, to out: TextSink) {
        out.write("{\"traceEvents\": [\n")
        var first = true
        func event(_ fields: [(String, String)]) {
            out.write(first ? "  {" : ",\n  {")
            first = false
            out.write(fields.map { JSONText.quote($0.0) + ": " + $0.1 }.joined(separator: ", "))
            out.write("}")
        }
        func args(_ pairs: [(String, SQLValue)]) -> String {
            "{" + pairs.map { JSONText.quote($0.0) + ": " + RowWriter.jsonValue($0.1) }.joined(separator: ", ") + "}"
        }
        let q = JSONText.quote
        event([("name", q("process_name")), ("ph", q("M")), ("pid", "\(pid)"), ("tid", "0"),
               ("args", args([("name", .text(timeline.process))]))])
        for (tid, name) in timeline.threads.sorted(by: { $0.key < $1.key }) {
            event([("name", q("thread_name")), ("ph", q("M")), ("pid", "\(pid)"), ("tid", "\(tid)"),
                   ("args", args([("name", .text(name))]))])
            event([("name", q("thread_sort_index")), ("ph", q("M")), ("pid", "\(pid)"), ("tid", "\(tid)"),
                   ("args", args([("sort_index", .integer(Int64(tid)))]))])
        }
        // Time order; at one time, longer (enclosing) slices before the ones they hold; then
        // the flows and instants starting there.
        let slices = timeline.slices.indices.sorted {
            let a = timeline.slices[$0], b = timeline.slices[$1]
            if a.start != b.start { return a.start < b.start }
            if a.duration != b.duration { return a.duration > b.duration }
            return $0 < $1
        }
        let instants = timeline.instants.indices.sorted { timeline.instants[$0].time < timeline.instants[$1].time }
        var k = 0
        func instantsUntil(_ time: Double, inclusive: Bool) {
            while k < instants.count {
                let i = timeline.instants[instants[k]]
                guard i.time < time || (inclusive && i.time == time) else { return }
                event([("name", q(i.name)), ("cat", q(i.category)), ("ph", q("i")), ("s", q("t")),
                       ("pid", "\(pid)"), ("tid", "\(i.thread)"), ("ts", microseconds(nanoseconds(i.time))), ("args", args(i.args))])
                k += 1
            }
        }
        for (n, index) in slices.enumerated() {
            let s = timeline.slices[index]
            instantsUntil(s.start, inclusive: false)
            // Start and end rounded to whole nanoseconds first, so that ts + dur is exactly the end
            // and nested slices never stick out of their parents by a rounding.
            let start = nanoseconds(s.start), end = nanoseconds(s.start + s.duration)
            event([("name", q(s.name)), ("cat", q(s.category)), ("ph", q("X")), ("pid", "\(pid)"), ("tid", "\(s.thread)"),
                   ("ts", microseconds(start)), ("dur", microseconds(end - start)), ("args", args(s.args))])
            for id in s.flowsOut {
                event([("name", q("caused")), ("cat", q("cause")), ("ph", q("s")), ("id", "\(id)"), ("pid", "\(pid)"),
                       ("tid", "\(s.thread)"), ("ts", microseconds(nanoseconds(s.start)))])
            }
            for id in s.flowsIn {
                event([("name", q("caused")), ("cat", q("cause")), ("ph", q("f")), ("bp", q("e")), ("id", "\(id)"),
                       ("pid", "\(pid)"), ("tid", "\(s.thread)"), ("ts", microseconds(nanoseconds(s.start)))])
            }
            let next = n + 1 < slices.count ? timeline.slices[slices[n + 1]].start : Double.infinity
            if next > s.start { instantsUntil(s.start, inclusive: true) }
        }
        instantsUntil(.infinity, inclusive: true)
        out.write("\n],\n\"otherData\": ")
        out.write(args([("generator", .text("agtrace export perfetto")), ("clock", .text(timeline.clock.rawValue))]))
        out.write("}\n")
    }

    static func nanoseconds(_ microseconds: Double) -> Int64 { Int64((microseconds * 1000).rounded()) }

    /// Nanoseconds as exact decimal microseconds: `7`, `28320.312`.
    static func microseconds(_ ns: Int64) -> String {
        let whole = ns / 1000, fraction = abs(ns % 1000)
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return (ns < 0 && whole == 0 ? "-" : "") + "\(whole).\(digits)"
    }
}
