/// `agtrace export perfetto`: a timeline (`TimelineSpool`) as Chrome trace-event JSON
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

    /// Writes a timeline held in memory (a hand-made one): through a spool, the one writer.
    public static func write(_ timeline: Timeline, to out: TextSink) throws {
        try write(try timeline.spool(), to: out)
    }

    /// Writes the spool's timeline, one trace event as each row is read: memory does not grow
    /// with the timeline.
    public static func write(_ timeline: TimelineSpool, to out: TextSink) throws {
        out.write("{\"traceEvents\": [\n")
        // Events are made in one reused string and written in chunks of about 64 KB.
        var chunk = ""
        chunk.reserveCapacity(1 << 16 + 4096)
        var first = true
        func begin() {
            chunk += first ? "  {" : ",\n  {"
            first = false
        }
        func close() {
            chunk += "}"
            if chunk.utf8.count >= 1 << 16 {
                out.write(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        func quoted(_ s: String) { JSONText.appendQuoted(s, to: &chunk) }
        func metadata(_ name: String, tid: Int, args: [(String, SQLValue)]) {
            begin()
            chunk += "\"name\": "
            quoted(name)
            chunk += ", \"ph\": \"M\", \"pid\": \(pid), \"tid\": \(tid), \"args\": {" + TimelineSpool.argsText(args) + "}"
            close()
        }
        metadata("process_name", tid: 0, args: [("name", .text(timeline.process))])
        for (tid, name) in timeline.threads.sorted(by: { $0.key < $1.key }) {
            metadata("thread_name", tid: tid, args: [("name", .text(name))])
            metadata("thread_sort_index", tid: tid, args: [("sort_index", .integer(Int64(tid)))])
        }
        // Time order; at one time, longer (enclosing) slices before the ones they hold; then
        // the flows and instants starting there. Both orders are the spool's cursors'.
        let reader = try timeline.reader()
        var instant = try reader.nextInstant()
        // An instant's or a slice's fields up to its time, which follows.
        func event(_ name: String, _ category: String, phase: String, tid: Int) {
            begin()
            chunk += "\"name\": "
            quoted(name)
            chunk += ", \"cat\": "
            quoted(category)
            chunk += ", \"ph\": " + phase + ", \"pid\": \(pid), \"tid\": \(tid), \"ts\": "
        }
        func instantsUntil(_ time: Double, inclusive: Bool) throws {
            while let i = instant {
                guard i.time < time || (inclusive && i.time == time) else { return }
                event(i.name, i.category, phase: "\"i\", \"s\": \"t\"", tid: i.thread)
                chunk += microseconds(try nanoseconds(i.time, of: i.name, i.args))
                chunk += ", \"args\": {" + i.args + "}"
                close()
                instant = try reader.nextInstant()
            }
        }
        func flow(_ phase: String, id: Int, tid: Int, ts: String) {
            begin()
            chunk += phase
            chunk += String(id)
            chunk += ", \"pid\": \(pid), \"tid\": "
            chunk += String(tid)
            chunk += ", \"ts\": "
            chunk += ts
            close()
        }
        let flowStart = "\"name\": \"caused\", \"cat\": \"cause\", \"ph\": \"s\", \"id\": "
        let flowEnd = "\"name\": \"caused\", \"cat\": \"cause\", \"ph\": \"f\", \"bp\": \"e\", \"id\": "
        var next = try reader.nextSlice()
        while let s = next {
            next = try reader.nextSlice()
            try instantsUntil(s.start, inclusive: false)
            // Start and end rounded to whole nanoseconds first, so that ts + dur is exactly the end
            // and nested slices never stick out of their parents by a rounding.
            let start = try nanoseconds(s.start, of: s.name, s.args), end = try nanoseconds(s.start + s.duration, of: s.name, s.args)
            let ts = microseconds(start)
            event(s.name, s.category, phase: "\"X\"", tid: s.thread)
            chunk += ts
            chunk += ", \"dur\": "
            chunk += microseconds(try duration(start, end, s))
            chunk += ", \"args\": {" + s.args + "}"
            close()
            for id in s.flowsOut { flow(flowStart, id: id, tid: s.thread, ts: ts) }
            for id in s.flowsIn { flow(flowEnd, id: id, tid: s.thread, ts: ts) }
            if (next?.start ?? .infinity) > s.start { try instantsUntil(s.start, inclusive: true) }
        }
        try instantsUntil(.infinity, inclusive: true)
        out.write(chunk)
        out.write("\n],\n\"otherData\": ")
        out.write("{" + TimelineSpool.argsText([("generator", .text("agtrace export perfetto")), ("clock", .text(timeline.clock.rawValue))]) + "}")
        out.write("}\n")
    }

    static func nanoseconds(_ microseconds: Double) -> Int64? { Int64(exactly: (microseconds * 1000).rounded()) }

    /// A time in whole ns, or an error naming the event (its name and its row's fields) when no
    /// 64-bit count of nanoseconds holds it: a start plus a duration of 2^63 - 1 ns was a trap.
    static func nanoseconds(_ microseconds: Double, of name: String, _ args: String) throws -> Int64 {
        guard let ns = nanoseconds(microseconds) else { throw PerfettoTimeError(event: name, args: args, microseconds: microseconds) }
        return ns
    }

    /// `end - start`, checked: two times in range may still be too far apart for one Int64.
    private static func duration(_ start: Int64, _ end: Int64, _ s: TimelineSpool.StoredSlice) throws -> Int64 {
        let (d, overflow) = end.subtractingReportingOverflow(start)
        guard !overflow else { throw PerfettoTimeError(event: s.name, args: s.args, microseconds: s.start + s.duration) }
        return d
    }

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

/// An event whose time (a start, or a start plus its duration) no 64-bit count of nanoseconds
/// holds: stored before agtrace refused such times at import.
public struct PerfettoTimeError: Error, CustomStringConvertible {
    public var event: String
    public var args: String
    public var microseconds: Double
    public var description: String {
        let fields = args.count > 200 ? String(args.prefix(200)) + "…" : args
        return "the event '\(event)' (\(fields)) ends at \(microseconds) µs, beyond what 64-bit nanoseconds hold: its start or duration is no time (re-import the recording: such times are now refused with their row)"
    }
}
