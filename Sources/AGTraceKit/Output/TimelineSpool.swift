/// A timeline whose events' text is kept out of memory, so that `export perfetto` of millions
/// of events costs tens of MB, not hundreds: `TraceSlices`, `RunTimeline` and `XctraceSlices`
/// add slices, instants and flows as they read their rows; `PerfettoExport` reads them back in
/// time order.
///
/// Each event's text (its name and category quoted, its args as JSON without the braces) is
/// written once, as one record of a `SpillBuffer` (memory, then a temporary file). What orders
/// the events and links them stays in memory, a few numbers each: a slice's start, duration,
/// seq and record (32 bytes); an instant's time and record (16); a flow's two slices (8); a
/// run's held arrows are on disk (`holdFlows`). An event is written when it is final: a slice
/// still open (`addSlice(open: true)`, a trace's Begin) when its end closes it, an instant
/// waiting for its time when `place` gives it one. Thread ids are kept as 32 bits (a
/// timeline numbers its threads from 1).
public final class TimelineSpool {
    public var process: String
    public var clock: Timeline.Clock
    /// Thread names by the thread ids the slices use (a few: one per thread of the run).
    public var threads: [Int: String] = [:]
    private let records = SpillBuffer()

    /// What a slice keeps in memory (32 bytes): the rest is in its record.
    struct SliceEntry {
        var start: Double, duration: Double
        /// `noSeq` for none.
        var seq: Int64
        /// Where the record is (-1 while the slice is open).
        var record: Int
    }
    private var slices = PagedArray<SliceEntry>()
    private static let noSeq = Int64.min
    /// Slices not closed yet, by index: their text, still growing.
    private var open: [Int: (name: String, category: String, thread: Int, args: String)] = [:]

    /// What an instant keeps in memory (16 bytes).
    struct InstantEntry { var time: Double, record: Int }
    private var instants = PagedArray<InstantEntry>()
    /// Untimed instants waiting for their time (`place`), in the order added.
    private var waiting: [(idx: Int, name: String, category: String, thread: Int, args: String)] = []

    /// Flow `k` (id k + 1) goes from slice `from` to slice `to`.
    private var flows = PagedArray<(from: Int32, to: Int32)>()
    /// A run's arrows, held by the write they leave (`holdFlows`) and numbered by `drawHeldFlows`
    /// without being sorted: per write, a record of the slices it reaches and the arrow's rank
    /// among those into each (8 bytes an arrow, on disk), and per slice the number held into it.
    private var held: Held?
    /// Slices with a seq, by (seq, index), for `addFlow`; made again when slices were added since.
    /// nil when every slice has a seq and they come in seq order (a run's, a trace's): then the
    /// slices themselves are the index.
    private var bySeq: [Int32]?
    private var bySeqCount = -1

    /// The k-th slice in seq order.
    private func seqOrder(_ k: Int) -> Int32 { bySeq?[k] ?? Int32(k) }

    public var sliceCount: Int { slices.count }
    public var instantCount: Int { instants.count }
    public var flowCount: Int { flows.count + heldCount }

    public init(process: String, clock: Timeline.Clock) throws {
        self.process = process
        self.clock = clock
    }

    /// `{…}` args as JSON text without the braces.
    static func argsText(_ pairs: [(String, SQLValue)]) -> String {
        var bytes: [UInt8] = []
        appendArgs(pairs, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendArgs(_ pairs: [(String, SQLValue)], to out: inout [UInt8]) {
        for (i, pair) in pairs.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")); out.append(UInt8(ascii: " ")) }
            JSONText.appendQuoted(pair.0, to: &out)
            out.append(UInt8(ascii: ":")); out.append(UInt8(ascii: " "))
            RowWriter.appendJSONValue(pair.1, to: &out)
        }
    }

    /// Writes one event's record: its length, its thread and the lengths of its quoted name and
    /// category (4 bytes each), then the bytes of those two and of its args.
    private func write(name: String, category: String, thread: Int, args: (inout [UInt8]) -> Void) throws -> Int {
        try records.append { out in
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: Self.header))
            JSONText.appendQuoted(name, to: &out)
            let nameEnd = out.count
            JSONText.appendQuoted(category, to: &out)
            let categoryEnd = out.count
            args(&out)
            Self.store(UInt32(out.count - start), at: start, in: &out)
            Self.store(UInt32(truncatingIfNeeded: thread), at: start + 4, in: &out)
            Self.store(UInt32(nameEnd - start - Self.header), at: start + 8, in: &out)
            Self.store(UInt32(categoryEnd - nameEnd), at: start + 12, in: &out)
        }
    }

    static let header = 16

    private static func store(_ value: UInt32, at i: Int, in out: inout [UInt8]) {
        out[i] = UInt8(truncatingIfNeeded: value)
        out[i + 1] = UInt8(truncatingIfNeeded: value >> 8)
        out[i + 2] = UInt8(truncatingIfNeeded: value >> 16)
        out[i + 3] = UInt8(truncatingIfNeeded: value >> 24)
    }

    /// Adds a slice (flows name it by `seq`); returns its index. `open`: its end is not known
    /// yet, and `close` will append to its args; it is written then.
    @discardableResult
    public func addSlice(_ s: Timeline.Slice, seq: Int64?, open isOpen: Bool = false) throws -> Int {
        let idx = sliceCount
        var record = -1
        if isOpen {
            open[idx] = (s.name, s.category, s.thread, Self.argsText(s.args))
        } else {
            record = try write(name: s.name, category: s.category, thread: s.thread) { Self.appendArgs(s.args, to: &$0) }
        }
        slices.append(SliceEntry(start: s.start, duration: s.duration, seq: seq ?? Self.noSeq, record: record))
        return idx
    }

    /// Sets an open slice's duration, appends `args` to its args (what its end says) and writes it.
    public func close(slice idx: Int, duration: Double, appending args: [(String, SQLValue)]) throws {
        guard let text = open[idx] else { preconditionFailure("slice \(idx) was not added open, or was closed already") }
        let more = Self.argsText(args)
        try finish(slice: idx, duration: duration, args: text.args.isEmpty ? more : text.args + ", " + more)
    }

    private func finish(slice idx: Int, duration: Double, args all: String) throws {
        let text = open.removeValue(forKey: idx)!
        slices[idx].duration = duration
        slices[idx].record = try write(name: text.name, category: text.category, thread: text.thread) { $0.append(contentsOf: all.utf8) }
    }

    /// Adds an instant. `pending`: its time is not known yet; `place` sets it.
    public func addInstant(_ i: Timeline.Instant, pending: Bool = false) throws {
        let idx = instantCount
        var record = -1
        if pending {
            waiting.append((idx, i.name, i.category, i.thread, Self.argsText(i.args)))
        } else {
            record = try write(name: i.name, category: i.category, thread: i.thread) { Self.appendArgs(i.args, to: &$0) }
        }
        instants.append(InstantEntry(time: i.time, record: record))
    }

    /// Number of instants waiting for `place`.
    public var pending: Int { waiting.count }

    /// Gives the k-th pending instant (from 1, in the order added) the time `now + step * k`
    /// and appends `args` to its args.
    public func place(now: Double, step: Double, appending args: [(String, SQLValue)]) throws {
        guard !waiting.isEmpty else { return }
        let more = Self.argsText(args)
        for (k, w) in waiting.enumerated() {
            instants[w.idx].time = now + step * Double(k + 1)
            try writeInstant(w, args: w.args.isEmpty ? more : w.args + ", " + more)
        }
        waiting.removeAll()
    }

    private func writeInstant(_ w: (idx: Int, name: String, category: String, thread: Int, args: String), args: String) throws {
        instants[w.idx].record = try write(name: w.name, category: w.category, thread: w.thread) { $0.append(contentsOf: args.utf8) }
    }

    /// The first slice added with `seq`, if any.
    private func slice(seq: Int64) -> Int32? {
        if bySeqCount != sliceCount {
            bySeqCount = sliceCount
            if (0..<sliceCount).allSatisfy({ slices[$0].seq != Self.noSeq && ($0 == 0 || slices[$0 - 1].seq <= slices[$0].seq) }) {
                bySeq = nil
            } else {
                var index = (0..<Int32(sliceCount)).filter { slices[Int($0)].seq != Self.noSeq }
                if !zip(index, index.dropFirst()).allSatisfy({ slices[Int($0)].seq <= slices[Int($1)].seq }) {
                    index.sort { (slices[Int($0)].seq, $0) < (slices[Int($1)].seq, $1) }
                }
                bySeq = index
            }
        }
        let count = bySeq?.count ?? sliceCount
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if slices[Int(seqOrder(mid))].seq < seq { low = mid + 1 } else { high = mid }
        }
        return seq != Self.noSeq && low < count && slices[Int(seqOrder(low))].seq == seq ? seqOrder(low) : nil
    }

    /// An arrow from the slice of seq `from` to the slice of seq `to`; none when either has no
    /// slice. Ids are 1, 2, … in the order drawn.
    public func addFlow(fromSeq from: Int64, toSeq to: Int64) throws {
        precondition(heldCount == 0, "an arrow drawn after held ones were numbered")
        guard let f = slice(seq: from), let t = slice(seq: to) else { return }
        flows.append((f, t))
    }

    final class Held {
        let records = SpillBuffer()
        /// Per write with arrows, in the order held: its slice and its record.
        var writes: [(slice: Int32, record: Int)] = []
        /// Per slice: the arrows held into it (while holding, the rank of the next one).
        var into: [Int32]
        var lastSeq = Int64.min
        /// Set by `drawHeldFlows`: the ids before the held ones, and per slice the held arrows
        /// into the slices before it in seq order.
        var firstId: Int32?
        var before: [Int32] = []
        init(slices: Int) { into = [Int32](repeating: 0, count: slices) }
    }

    /// Arrows found before their order is known (a run's causes come from each write's walk,
    /// the arrows are numbered in the order of the updates they reach): every arrow from the
    /// slice of seq `from`, to the slices of `to` (an arrow to or from a seq without a slice is
    /// none). Called in increasing order of `from`, after the last slice is added; the arrows
    /// are numbered by `drawHeldFlows`.
    public func holdFlows(fromSeq from: Int64, toSeqs to: [Int64]) throws {
        let h = held ?? Held(slices: sliceCount)
        held = h
        precondition(h.firstId == nil && h.into.count == sliceCount, "arrows held after drawHeldFlows, or before the last slice")
        guard from > h.lastSeq else { throw TimelineOrderError(from: from, after: h.lastSeq) }
        h.lastSeq = from
        guard let f = slice(seq: from) else { return }
        var arrows: [(slice: Int32, rank: Int32)] = []
        arrows.reserveCapacity(to.count)
        for seq in to {
            guard let t = slice(seq: seq) else { continue }
            arrows.append((t, h.into[Int(t)]))
            h.into[Int(t)] += 1
        }
        guard !arrows.isEmpty else { return }
        // In the order of their ids: by the seq of the slice reached, then rank.
        arrows.sort { (slices[Int($0.slice)].seq, $0.slice, $0.rank) < (slices[Int($1.slice)].seq, $1.slice, $1.rank) }
        let record = try h.records.append { out in
            Self.appendUInt32(UInt32(arrows.count), to: &out)
            for a in arrows {
                Self.appendUInt32(UInt32(bitPattern: a.slice), to: &out)
                Self.appendUInt32(UInt32(bitPattern: a.rank), to: &out)
            }
        }
        h.writes.append((f, record))
    }

    private static func appendUInt32(_ v: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    /// Numbers the held arrows as `addFlow` would have drawn them in the order of their (to,
    /// from) seqs: ids go on from the last one drawn. Once, after the last `holdFlows`.
    public func drawHeldFlows() throws {
        guard let h = held, h.firstId == nil else { return }
        _ = slice(seq: 0)  // the seq index, made now if slices came since
        h.firstId = Int32(flows.count)
        h.before = [Int32](repeating: 0, count: sliceCount)
        var total: Int32 = 0
        for k in 0..<(bySeq?.count ?? sliceCount) {
            let t = seqOrder(k)
            h.before[Int(t)] = total
            total += h.into[Int(t)]
        }
        heldCount = Int(total)
    }

    /// Arrows numbered by `drawHeldFlows`.
    private var heldCount = 0

    /// Draws an arrow between two slices by index (a hand-made `Timeline`).
    func addFlow(fromIndex from: Int, toIndex to: Int) throws {
        precondition(heldCount == 0, "an arrow drawn after held ones were numbered")
        flows.append((Int32(from), Int32(to)))
    }

    /// A slice as read back, in time order. Its text is in the reader's `sliceBytes`.
    public struct StoredSlice {
        public var thread: Int, start: Double, duration: Double
        /// The quoted name, the quoted category and the args (JSON without the braces).
        public var name: Range<Int>, category: Range<Int>, args: Range<Int>
        /// Ids of the flows this slice starts and ends, in order.
        public var flowsOut: [Int32], flowsIn: [Int32]
    }

    /// An instant as read back, in time order. Its text is in the reader's `instantBytes`.
    public struct StoredInstant {
        public var thread: Int, time: Double
        public var name: Range<Int>, category: Range<Int>, args: Range<Int>
    }

    /// The events in time order: slices by start, at one time longer (enclosing) slices first,
    /// then the order added; instants by time, then the order added. Events added in that
    /// order (most are) are read as they are; the others through one sort of their indices.
    public final class Reader {
        private let spool: TimelineSpool
        private let sliceOrder: [Int32]?, instantOrder: [Int32]?
        /// Flow ids by the slice they leave (`outIds[outStart[i]..<outStart[i + 1]]`) and enter.
        private let outStart: [Int32], outIds: [Int32], inStart: [Int32], inIds: [Int32]
        /// The held arrows' writes by slice (`holdFlows`), when they were numbered.
        private let held: Held?, heldWrites: [(slice: Int32, record: Int)]
        private var nextSlicePosition = 0, nextInstantPosition = 0
        /// The text of the slice and the instant read last.
        public private(set) var sliceBytes: [UInt8] = [], instantBytes: [UInt8] = []

        init(_ spool: TimelineSpool) throws {
            self.spool = spool
            let slices = spool.slices
            func sliceBefore(_ a: Int, _ b: Int) -> Bool {
                let x = slices[a], y = slices[b]
                return x.start != y.start ? x.start < y.start : x.duration != y.duration ? x.duration > y.duration : a < b
            }
            let n = slices.count
            sliceOrder = (1..<max(n, 1)).allSatisfy { sliceBefore($0 - 1, $0) } ? nil
                : (0..<Int32(n)).sorted { sliceBefore(Int($0), Int($1)) }
            let instants = spool.instants
            let m = instants.count
            instantOrder = (1..<max(m, 1)).allSatisfy { instants[$0 - 1].time <= instants[$0].time } ? nil
                : (0..<Int32(m)).sorted { (instants[Int($0)].time, $0) < (instants[Int($1)].time, $1) }
            let flows = spool.flows
            (outStart, outIds) = Self.byslice((0..<flows.count).lazy.map { flows[$0].from }, slices: n)
            (inStart, inIds) = Self.byslice((0..<flows.count).lazy.map { flows[$0].to }, slices: n)
            held = spool.held?.firstId == nil ? nil : spool.held
            let writes = held?.writes ?? []
            heldWrites = zip(writes, writes.dropFirst()).allSatisfy({ $0.slice < $1.slice }) ? writes : writes.sorted { $0.slice < $1.slice }
        }

        /// Flow ids grouped by slice (a counting sort: ids stay in order within a slice).
        private static func byslice<Ends: Collection>(_ ends: Ends, slices n: Int) -> ([Int32], [Int32]) where Ends.Element == Int32 {
            guard !ends.isEmpty else { return ([], []) }
            var start = [Int32](repeating: 0, count: n + 1)
            // A hand-made timeline's flow may lack an end: its id is used, and it is drawn nowhere.
            for s in ends where s >= 0 { start[Int(s) + 1] += 1 }
            for i in 0..<n { start[i + 1] += start[i] }
            var fill = start
            var ids = [Int32](repeating: 0, count: ends.count)
            for (k, s) in ends.enumerated() where s >= 0 {
                ids[Int(fill[Int(s)])] = Int32(k + 1)
                fill[Int(s)] += 1
            }
            return (start, ids)
        }

        /// The ids of the arrows drawn by `addFlow` (`ids` by slice), then of the held ones.
        private func flows(_ start: [Int32], _ ids: [Int32], of idx: Int, out: Bool) throws -> [Int32] {
            var all = start.isEmpty ? [] : Array(ids[Int(start[idx])..<Int(start[idx + 1])])
            guard let held, let first = held.firstId else { return all }
            if !out {
                let from = first + held.before[idx]
                all.append(contentsOf: (from + 1)..<(from + 1 + held.into[idx]))
                return all
            }
            var low = 0, high = heldWrites.count
            while low < high {
                let mid = (low + high) / 2
                if heldWrites[mid].slice < Int32(idx) { low = mid + 1 } else { high = mid }
            }
            guard low < heldWrites.count, heldWrites[low].slice == Int32(idx) else { return all }
            let offset = heldWrites[low].record
            let count = try held.records.read(offset, 4) { Int($0.loadUnaligned(as: UInt32.self).littleEndian) }
            try held.records.read(offset + 4, 8 * count) { pairs in
                for k in 0..<count {
                    let t = Int(Int32(bitPattern: pairs.loadUnaligned(fromByteOffset: 8 * k, as: UInt32.self).littleEndian))
                    let rank = Int32(bitPattern: pairs.loadUnaligned(fromByteOffset: 8 * k + 4, as: UInt32.self).littleEndian)
                    all.append(first + held.before[t] + rank + 1)
                }
            }
            return all
        }

        /// Copies a record into `bytes`; its thread and the ranges of its three parts.
        private func load(_ offset: Int, into bytes: inout [UInt8]) throws -> (thread: Int, Range<Int>, Range<Int>, Range<Int>) {
            let length = try spool.records.read(offset, 4) { Int($0.loadUnaligned(as: UInt32.self).littleEndian) }
            try spool.records.read(offset, length) { record in
                bytes.removeAll(keepingCapacity: true)
                bytes.append(contentsOf: record)
            }
            func field(_ i: Int) -> UInt32 {
                bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian }
            }
            let nameEnd = header + Int(field(8)), categoryEnd = nameEnd + Int(field(12))
            return (Int(Int32(bitPattern: field(4))), header..<nameEnd, nameEnd..<categoryEnd, categoryEnd..<bytes.count)
        }

        /// The start of the slice `nextSlice` gives next.
        public var upcomingStart: Double? {
            guard nextSlicePosition < spool.sliceCount else { return nil }
            return spool.slices[Int(sliceOrder?[nextSlicePosition] ?? Int32(nextSlicePosition))].start
        }

        public func nextSlice() throws -> StoredSlice? {
            guard nextSlicePosition < spool.sliceCount else { return nil }
            let idx = Int(sliceOrder?[nextSlicePosition] ?? Int32(nextSlicePosition))
            nextSlicePosition += 1
            let entry = spool.slices[idx]
            let (thread, name, category, args) = try load(entry.record, into: &sliceBytes)
            return StoredSlice(thread: thread, start: entry.start, duration: entry.duration,
                               name: name, category: category, args: args,
                               flowsOut: try flows(outStart, outIds, of: idx, out: true), flowsIn: try flows(inStart, inIds, of: idx, out: false))
        }

        public func nextInstant() throws -> StoredInstant? {
            guard nextInstantPosition < spool.instantCount else { return nil }
            let idx = Int(instantOrder?[nextInstantPosition] ?? Int32(nextInstantPosition))
            nextInstantPosition += 1
            let entry = spool.instants[idx]
            let (thread, name, category, args) = try load(entry.record, into: &instantBytes)
            return StoredInstant(thread: thread, time: entry.time, name: name, category: category, args: args)
        }
    }

    /// Reads the timeline back (after the last add). A slice never closed is read as it was
    /// added, an instant never placed at the time it was given.
    public func reader() throws -> Reader {
        for idx in open.keys.sorted() { try finish(slice: idx, duration: slices[idx].duration, args: open[idx]!.args) }
        for w in waiting { try writeInstant(w, args: w.args) }
        waiting.removeAll()
        return try Reader(self)
    }

    /// The slices' starts in the order added (tests).
    func starts() throws -> [Double] { (0..<sliceCount).map { slices[$0].start } }
}

/// Arrows held out of order: `holdFlows` numbers them by counting, which needs each write's
/// arrows at once and the writes in seq order.
public struct TimelineOrderError: Error, CustomStringConvertible {
    public var from: Int64, after: Int64
    public var description: String { "the arrows from seq \(from) were held after those from seq \(after): a timeline holds each write's arrows at once, in seq order" }
}
