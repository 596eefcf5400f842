import Foundation

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

    /// Writes the spool's timeline, one trace event as each is read: memory does not grow with
    /// the timeline.
    public static func write(_ timeline: TimelineSpool, to out: TextSink) throws {
        out.write("{\"traceEvents\": [\n")
        // Events are made as UTF-8 in one reused buffer and written in chunks of about 64 KB,
        // always at an event's end (never inside a character).
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 16 + 4096)
        var first = true
        func text(_ s: StaticString) { chunk.appendASCII(s) }
        func integer(_ i: Int) { chunk.appendDecimal(Int64(i)) }
        func begin() {
            if first { text("  {") } else { text(",\n  {") }
            first = false
        }
        func close() {
            chunk.append(UInt8(ascii: "}"))
            if chunk.count >= 1 << 16 {
                out.write(String(decoding: chunk, as: UTF8.self))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        func metadata(_ name: String, tid: Int, args: [(String, SQLValue)]) {
            begin()
            text("\"name\": ")
            JSONText.appendQuoted(name, to: &chunk)
            text(", \"ph\": \"M\", \"pid\": ")
            integer(pid)
            text(", \"tid\": ")
            integer(tid)
            text(", \"args\": {")
            TimelineSpool.appendArgs(args, to: &chunk)
            text("}")
            close()
        }
        metadata("process_name", tid: 0, args: [("name", .text(timeline.process))])
        for (tid, name) in timeline.threads.sorted(by: { $0.key < $1.key }) {
            metadata("thread_name", tid: tid, args: [("name", .text(name))])
            metadata("thread_sort_index", tid: tid, args: [("sort_index", .integer(Int64(tid)))])
        }
        // Time order; at one time, longer (enclosing) slices before the ones they hold; then
        // the flows and instants starting there. Both orders are the reader's.
        let reader = try timeline.reader()
        var instant = try reader.nextInstant()
        // An instant's or a slice's fields up to its time, which follows: name and category
        // are already quoted in the record.
        func event(_ bytes: [UInt8], _ name: Range<Int>, _ category: Range<Int>, phase: StaticString, tid: Int) {
            begin()
            text("\"name\": ")
            chunk.append(contentsOf: bytes[name])
            text(", \"cat\": ")
            chunk.append(contentsOf: bytes[category])
            text(", \"ph\": ")
            text(phase)
            text(", \"pid\": ")
            integer(pid)
            text(", \"tid\": ")
            integer(tid)
            text(", \"ts\": ")
        }
        func args(_ bytes: [UInt8], _ range: Range<Int>) {
            text(", \"args\": {")
            chunk.append(contentsOf: bytes[range])
            text("}")
        }
        func instantsUntil(_ time: Double, inclusive: Bool) throws {
            while let i = instant {
                guard i.time < time || (inclusive && i.time == time) else { return }
                let bytes = reader.instantBytes
                event(bytes, i.name, i.category, phase: "\"i\", \"s\": \"t\"", tid: i.thread)
                guard let ns = nanoseconds(i.time) else { throw PerfettoTimeError(bytes, i.name, i.args, microseconds: i.time) }
                appendMicroseconds(ns, to: &chunk)
                args(bytes, i.args)
                close()
                instant = try reader.nextInstant()
            }
        }
        func flow(_ phase: StaticString, id: Int32, tid: Int, start ns: Int64) {
            begin()
            text(phase)
            integer(Int(id))
            text(", \"pid\": ")
            integer(pid)
            text(", \"tid\": ")
            integer(tid)
            text(", \"ts\": ")
            appendMicroseconds(ns, to: &chunk)
            close()
        }
        while let s = try reader.nextSlice() {
            try instantsUntil(s.start, inclusive: false)
            let bytes = reader.sliceBytes
            // Start and end rounded to whole nanoseconds first, so that ts + dur is exactly the end
            // and nested slices never stick out of their parents by a rounding; `end - start` is
            // checked too: two times in range may still be too far apart for one Int64.
            guard let start = nanoseconds(s.start) else { throw PerfettoTimeError(bytes, s.name, s.args, microseconds: s.start) }
            guard let end = nanoseconds(s.start + s.duration), case let (duration, false) = end.subtractingReportingOverflow(start) else {
                throw PerfettoTimeError(bytes, s.name, s.args, microseconds: s.start + s.duration)
            }
            event(bytes, s.name, s.category, phase: "\"X\"", tid: s.thread)
            appendMicroseconds(start, to: &chunk)
            text(", \"dur\": ")
            appendMicroseconds(duration, to: &chunk)
            args(bytes, s.args)
            close()
            for id in s.flowsOut { flow("\"name\": \"caused\", \"cat\": \"cause\", \"ph\": \"s\", \"id\": ", id: id, tid: s.thread, start: start) }
            for id in s.flowsIn { flow("\"name\": \"caused\", \"cat\": \"cause\", \"ph\": \"f\", \"bp\": \"e\", \"id\": ", id: id, tid: s.thread, start: start) }
            if (reader.upcomingStart ?? .infinity) > s.start { try instantsUntil(s.start, inclusive: true) }
        }
        try instantsUntil(.infinity, inclusive: true)
        out.write(String(decoding: chunk, as: UTF8.self))
        out.write("\n],\n\"otherData\": ")
        out.write("{" + TimelineSpool.argsText([("generator", .text("agtrace export perfetto")), ("clock", .text(timeline.clock.rawValue))]) + "}")
        out.write("}\n")
    }

    static func nanoseconds(_ microseconds: Double) -> Int64? { Int64(exactly: (microseconds * 1000).rounded()) }

    /// Nanoseconds as exact decimal microseconds: `7`, `28320.312`.
    static func microseconds(_ ns: Int64) -> String {
        var bytes: [UInt8] = []
        appendMicroseconds(ns, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendMicroseconds(_ ns: Int64, to out: inout [UInt8]) {
        let whole = ns / 1000, fraction = abs(ns % 1000)
        if ns < 0 && whole == 0 && fraction != 0 { out.append(UInt8(ascii: "-")) }
        out.appendDecimal(whole)
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        let digits = [fraction / 100, fraction / 10 % 10, fraction % 10]
        let kept = digits[2] != 0 ? 3 : digits[1] != 0 ? 2 : 1
        for d in digits.prefix(kept) { out.append(UInt8(ascii: "0") + UInt8(d)) }
    }
}

/// An event whose time (a start, or a start plus its duration) no 64-bit count of nanoseconds
/// holds: stored before agtrace refused such times at import.
public struct PerfettoTimeError: Error, CustomStringConvertible {
    public var event: String
    public var args: String
    public var microseconds: Double
    init(event: String, args: String, microseconds: Double) {
        self.event = event
        self.args = args
        self.microseconds = microseconds
    }

    /// From an event's record: its quoted name read back as text.
    init(_ record: [UInt8], _ name: Range<Int>, _ args: Range<Int>, microseconds: Double) {
        let quoted = String(decoding: record[name], as: UTF8.self)
        let unquoted = (try? JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)) as? String
        self.init(event: unquoted ?? quoted, args: String(decoding: record[args], as: UTF8.self), microseconds: microseconds)
    }

    public var description: String {
        let fields = args.count > 200 ? String(args.prefix(200)) + "…" : args
        return "the event '\(event)' (\(fields)) ends at \(microseconds) µs, beyond what 64-bit nanoseconds hold: its start or duration is no time (re-import the recording: such times are now refused with their row)"
    }
}
