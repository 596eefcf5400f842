import Foundation

/// Counts of a generated trace, printed to stderr and kept beside it.
struct TraceCounts: CountsFile {
    var events = 0
    var evaluations = 0
    var writes = 0
    var bytes = 0
    var seconds = 0.0

    var listed: [(key: String, value: Int)] { [("events", events), ("evaluations", evaluations), ("writes", writes)] }
}

/// Writes an AttributeGraph trace in the wire format of docs/formats.md (fixed64 double timestamps,
/// as Apple's engine writes them) shaped like an app at work: a graph of views built once
/// (NodeAdded, edges added by the first evaluations), then frame after frame a write to a signal
/// (NodeSetValue, the invalidation, NodeSetDirty of its readers) and an update re-running them,
/// each body nested in its reader's, with edge-pending events; the types and one subgraph record
/// per view at the end. About 13 bytes per event.
enum TraceGenerator {
    /// `rows`: the app's rows (each a signal, a body, a text and a display list). Every row is
    /// built before the first write, so a trace of few events is mostly its build.
    static func run(events target: Int, seed: UInt64, output: String, rows: Int = 512) throws -> TraceCounts {
        let started = Date()
        var counts = TraceCounts()
        var rng = SeededRandom(keys: seed, 0x7E)
        var w = WireWriter()
        let sink = try FileSink(path: output)
        var clock = 1000.0
        func tick(_ r: inout SeededRandom) -> Double { clock += Double(r.within(1...40)) * 1e-6; return clock }
        func event(_ type: UInt64, _ p1: UInt64 = 0, _ p2: UInt64 = 0, _ p3: UInt64 = 0, time: Double? = nil) {
            w.event(type: type, time: time, p1, p2, p3)
            counts.events += 1
        }
        // A list of rows: each row a chain signal -> body -> text -> display list (4 nodes).
        let typeCount = 24
        func signal(_ r: Int) -> UInt64 { UInt64(1024 + r * 64) }
        func node(_ r: Int, _ k: Int) -> UInt64 { signal(r) + UInt64(16 * k) }
        event(32, 4)
        event(1, time: tick(&rng))
        event(35, 7, 4)
        for r in 0..<rows {
            event(39, signal(r), 7, 1)
            for k in 1...3 { event(39, node(r, k), 7, UInt64(2 + (r + k) % (typeCount - 1))) }
        }
        var built = Set<Int>()
        func evaluate(_ r: Int, depth k: Int, _ r2: inout SeededRandom) {
            event(7, node(r, k), time: tick(&r2))
            counts.evaluations += 1
            let input = k == 1 ? signal(r) : node(r, k - 1)
            if !built.contains(r * 4 + k) { event(47, node(r, k), input); built.insert(r * 4 + k) }
            event(49, node(r, k), input, 1)
            if k > 1 { evaluate(r, depth: k - 1, &r2) }
            event(42, node(r, k))
            event(8, node(r, k), 1, time: tick(&r2))
            event(49, node(r, k), input)
            event(40, node(r, k))
        }
        while counts.events < target {
            // A frame: write one signal (or, at first, build every row), then update.
            let r = rng.below(rows)
            if built.count >= rows * 3 {
                event(42, signal(r))
                event(11, signal(r), 4, time: tick(&rng))
                event(12, signal(r), 4, time: tick(&rng))
                for k in 1...3 { event(40, node(r, k), 1) }
                counts.writes += 1
            }
            event(9, 4, time: tick(&rng))
            event(3, 7, 1, time: tick(&rng))
            event(5, node(r, 3), 1, time: tick(&rng))
            evaluate(r, depth: 3, &rng)
            event(6, node(r, 3), 1, time: tick(&rng))
            event(4, 7, time: tick(&rng))
            event(10, 4, time: tick(&rng))
            if w.count > 1 << 20 { try w.flush(to: sink) }
        }
        event(2, time: tick(&rng))
        var sub = WireWriter.varintField(1, 7) + WireWriter.varintField(2, 4)
        for r in 0..<rows {
            for k in 0...3 {
                let a = k == 0 ? signal(r) : node(r, k)
                var n = WireWriter.varintField(1, k == 0 ? 1 : UInt64(2 + (r + k) % (typeCount - 1)))
                if k > 0 { n += WireWriter.bytesField(3, WireWriter.varintField(1, k == 1 ? signal(r) : node(r, k - 1))) }
                sub += WireWriter.bytesField(6, WireWriter.varintField(1, a) + WireWriter.bytesField(2, n))
            }
        }
        w.record(2, sub)
        for t in 1...typeCount {
            let rule = t == 1 ? "_External" : "StaticBody<ViewBodyAccessor<Row\(t)View>, MainThreadFlags>"
            w.record(3, WireWriter.varintField(1, UInt64(t)) + WireWriter.bytesField(2, Array(rule.utf8))
                        + WireWriter.bytesField(3, Array("String".utf8)) + WireWriter.varintField(6, t == 1 ? 19 : 10))
        }
        try w.flush(to: sink)
        counts.bytes = try sink.close()
        counts.seconds = Date().timeIntervalSince(started)
        return counts
    }
}

/// Protobuf wire-format encoding into a growing buffer.
struct WireWriter {
    private(set) var bytes: [UInt8] = []
    var count: Int { bytes.count }

    init() { bytes.reserveCapacity(1 << 21) }

    static func varint(_ v: UInt64, into out: inout [UInt8]) {
        var n = v
        while n >= 0x80 { out.append(UInt8(n & 0x7F) | 0x80); n >>= 7 }
        out.append(UInt8(n))
    }

    static func varintField(_ field: UInt64, _ v: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        varint(field << 3, into: &out)
        varint(v, into: &out)
        return out
    }

    static func bytesField(_ field: UInt64, _ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        varint(field << 3 | 2, into: &out)
        varint(UInt64(b.count), into: &out)
        return out + b
    }

    mutating func record(_ field: UInt64, _ body: [UInt8]) { bytes += Self.bytesField(field, body) }

    /// One event record; zero payloads are left out, as the engine does.
    mutating func event(type: UInt64, time: Double?, _ p1: UInt64, _ p2: UInt64, _ p3: UInt64) {
        var body: [UInt8] = []
        body.reserveCapacity(24)
        Self.varint(1 << 3, into: &body); Self.varint(type, into: &body)
        if let time {
            body.append(2 << 3 | 1)
            withUnsafeBytes(of: time.bitPattern.littleEndian) { body.append(contentsOf: $0) }
        }
        for (field, v) in [(UInt64(3), p1), (4, p2), (5, p3)] where v != 0 {
            Self.varint(field << 3, into: &body); Self.varint(v, into: &body)
        }
        bytes.append(0x0A)
        Self.varint(UInt64(body.count), into: &bytes)
        bytes += body
    }

    mutating func flush(to sink: ByteSink) throws {
        try bytes.withUnsafeBytes { try sink.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
