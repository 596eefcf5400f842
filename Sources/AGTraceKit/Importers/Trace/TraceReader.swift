import Foundation

/// Reads an AttributeGraph trace (`.ag-trace`, `.iag-trace`): a concatenation of top-level
/// protobuf fields, each a length-delimited message (docs/formats.md, Traces). Streaming: one buffer,
/// refilled from the source, holds the record being decoded; memory is bounded by the largest
/// record (capped at `maxRecordSize`).
///
/// Unknown fields are skipped by wire type at every level; unknown event types are delivered
/// with their number. A file that ends inside a record, or whose bytes are not the wire
/// format, is refused with the byte offset (`TraceFormatError`).
public struct TraceReader {
    public let path: String
    public var compressed = false
    private let source: ByteSource
    private let chunkSize: Int
    public static let maxRecordSize = 64 << 20

    public init(source: ByteSource, path: String, compressed: Bool = false, chunkSize: Int = 256 * 1024) {
        self.source = source
        self.path = path
        self.compressed = compressed
        self.chunkSize = chunkSize
    }

    public func read<S: TraceSink>(into sink: inout S) throws -> TraceSummary {
        var buffer = StreamBuffer(source: source, capacity: chunkSize)
        defer { buffer.release() }
        var summary = TraceSummary()
        do {
            while try buffer.fill(atLeast: 1) > 0 {
                let recordOffset = buffer.offset
                // A tag and a length: at most 20 bytes.
                let available = try buffer.fill(atLeast: 20)
                var header = WireCursor(buffer.current, count: min(available, 20), offset: recordOffset)
                let field: UInt64, wire: WireCursor.WireType, length: UInt64, lengthOffset: Int
                do {
                    (field, wire) = try header.tag()
                    lengthOffset = header.offset
                    length = wire == .lengthDelimited ? try header.varint() : 0
                } catch let m as WireCursor.Malformed where available < 20 {
                    throw WireCursor.Malformed(offset: m.offset, message: "truncated: the file ends inside a record's header (\(m.message))")
                }
                guard wire == .lengthDelimited else {
                    // Top-level records are messages; a scalar here is an unknown field of a newer engine.
                    try skipScalar(wire, &buffer, &summary)
                    continue
                }
                let headerSize = header.offset - recordOffset
                guard length <= UInt64(Self.maxRecordSize) else {
                    throw WireCursor.Malformed(offset: lengthOffset, message: "a record of \(length) bytes: more than any trace record (\(Self.maxRecordSize >> 20) MB); not a trace, or corrupt")
                }
                let total = headerSize + Int(length)
                guard (1...6).contains(field) else {
                    summary.unknownFields += 1
                    try buffer.skip(total, recordOffset: recordOffset)
                    continue
                }
                guard try buffer.fill(atLeast: total) >= total else {
                    throw WireCursor.Malformed(offset: recordOffset, message: "truncated: a record of \(length) bytes starts here, but the file ends at byte \(buffer.streamEnd)")
                }
                var body = WireCursor(buffer.current + headerSize, count: Int(length), offset: recordOffset + headerSize)
                switch field {
                case 1:
                    summary.events += 1
                    var data: String?
                    var e = try Self.event(&body, seq: summary.events, summary: &summary, data: &data)
                    e.offset = recordOffset
                    // EndTrace: the file was finished, not cut at a record boundary.
                    // (A BeginTrace after it starts another trace, concatenated: that one must end too.)
                    if e.type == TraceEventTypes.endTrace { summary.ended = true }
                    if e.type == TraceEventTypes.beginTrace {
                        summary.ended = false
                        summary.beginTraceSeqs.append(e.seq)
                    }
                    if let data {
                        try sink.eventData(seq: e.seq, data)
                        // Only events with a text pay for this: a cycle's LogMessage is rare.
                        if e.type == TraceEventTypes.logMessage, let attribute = TraceCycleText.attribute(data) {
                            try sink.cycle(seq: e.seq, attribute: attribute)
                        }
                    }
                    try sink.event(e)
                case 2:
                    summary.subgraphRecords += 1
                    try sink.subgraph(Self.subgraph(&body, summary: &summary))
                case 3:
                    summary.typeRecords += 1
                    try sink.type(Self.type(&body, summary: &summary))
                case 5:
                    summary.otherRecords += 1
                    try sink.updateStack(afterSeq: summary.events, Self.updateStack(&body, summary: &summary))
                default:
                    summary.otherRecords += 1
                    try Self.check(&body, summary: &summary)
                }
                buffer.consume(total)
            }
        } catch let m as WireCursor.Malformed {
            throw TraceFormatError(path: path, offset: m.offset, message: m.message, compressed: compressed)
        }
        return summary
    }

    private func skipScalar(_ wire: WireCursor.WireType, _ buffer: inout StreamBuffer, _ summary: inout TraceSummary) throws {
        let at = buffer.offset
        let available = try buffer.fill(atLeast: 20)
        var c = WireCursor(buffer.current, count: min(available, 20), offset: at)
        _ = try c.tag()
        do { try c.skip(wire) } catch let m as WireCursor.Malformed {
            throw WireCursor.Malformed(offset: m.offset, message: "truncated: " + m.message)
        }
        summary.unknownFields += 1
        buffer.consume(c.offset - at)
    }

    static func event(_ c: inout WireCursor, seq: Int, summary: inout TraceSummary, data: inout String?) throws -> TraceEvent {
        var e = TraceEvent(seq: seq, type: 0)
        var p1: Int64?, p2: Int64?, p3: Int64?
        while !c.isAtEnd {
            let (field, wire) = try c.tag()
            switch field {
            case 1:
                let at = c.offset
                guard let t = try c.integer(wire), t >= 0, t <= Int64(Int32.max) else {
                    throw c.malformed("event type is not a small number", at: at)
                }
                e.type = Int(t)
            case 2:
                switch wire {
                case .fixed64:
                    e.timestamp = Double(bitPattern: try c.fixed64())
                    summary.doubleTimestamps += 1
                case .varint:
                    e.timestamp = Double(try c.varint())
                    e.wholeSeconds = true
                    summary.integerTimestamps += 1
                case .fixed32:
                    e.timestamp = Double(Float(bitPattern: try c.fixed32()))
                    summary.doubleTimestamps += 1
                case .lengthDelimited:
                    try c.skip(wire)
                    summary.unknownFields += 1
                }
            case 3: p1 = try c.integer(wire)
            case 4: p2 = try c.integer(wire)
            case 5: p3 = try c.integer(wire)
            case 9:
                data = try c.text(wire)
            case 6, 7, 8, 10:
                try c.skip(wire)  // more named-event arguments, backtrace frames, named-event id
            default:
                try c.skip(wire)
                summary.unknownFields += 1
            }
        }
        let defined = TraceEventTypes.payloads(e.type)
        e.p1 = p1 ?? (defined >= 1 ? 0 : nil)
        e.p2 = p2 ?? (defined >= 2 ? 0 : nil)
        e.p3 = p3 ?? (defined >= 3 ? 0 : nil)
        if e.timestamp == nil && TraceEventTypes.isTimed(e.type) { e.timestamp = 0 }
        if let t = e.timestamp {
            if summary.firstTimestamp == nil { summary.firstTimestamp = t }
            summary.lastTimestamp = t
        }
        return e
    }

    static func type(_ c: inout WireCursor, summary: inout TraceSummary) throws -> TraceTypeRecord {
        var t = TraceTypeRecord(typeId: 0, rule: nil, valueType: nil, bodySize: 0, valueSize: 0, flags: 0)
        while !c.isAtEnd {
            let (field, wire) = try c.tag()
            switch field {
            case 1: t.typeId = try c.integer(wire) ?? 0
            case 2: t.rule = try c.text(wire)
            case 3: t.valueType = try c.text(wire)
            case 4: t.bodySize = try c.integer(wire) ?? 0
            case 5: t.valueSize = try c.integer(wire) ?? 0
            case 6: t.flags = try c.integer(wire) ?? 0
            default:
                try c.skip(wire)
                summary.unknownFields += 1
            }
        }
        return t
    }

    static func subgraph(_ c: inout WireCursor, summary: inout TraceSummary) throws -> TraceSubgraphRecord {
        var s = TraceSubgraphRecord(subgraphId: 0, contextId: 0, parents: [], invalid: false, nodes: [])
        while !c.isAtEnd {
            let (field, wire) = try c.tag()
            switch field {
            case 1: s.subgraphId = try c.integer(wire) ?? 0
            case 2: s.contextId = try c.integer(wire) ?? 0
            case 3: if let v = try c.integer(wire) { s.parents.append(v) }
            case 5: s.invalid = (try c.integer(wire) ?? 0) != 0
            case 6 where wire == .lengthDelimited:
                var entry = try c.message()
                if let node = try attributeEntry(&entry, summary: &summary) { s.nodes.append(node) }
            case 4, 7:
                try c.skip(wire)  // child ids, tree elements
            default:
                try c.skip(wire)
                summary.unknownFields += 1
            }
        }
        return s
    }

    /// {1 attribute, 2 node {1 type id, 3 input edge {1 attribute, ...}, ...}, 3 indirect node {1 source, ...}}.
    private static func attributeEntry(_ c: inout WireCursor, summary: inout TraceSummary) throws -> TraceSubgraphRecord.Node? {
        var attribute: Int64 = 0
        var typeId: Int64?
        var inputs: [Int64] = []
        var source: Int64?
        var seen = false
        while !c.isAtEnd {
            let (field, wire) = try c.tag()
            switch field {
            case 1: attribute = try c.integer(wire) ?? 0
            case 2 where wire == .lengthDelimited:
                seen = true
                var node = try c.message()
                typeId = 0
                while !node.isAtEnd {
                    let (f, w) = try node.tag()
                    if f == 1 {
                        typeId = try node.integer(w) ?? 0
                    } else if f == 3 && w == .lengthDelimited {
                        var edge = try node.message()
                        var input: Int64 = 0
                        while !edge.isAtEnd {
                            let (ef, ew) = try edge.tag()
                            if ef == 1 { input = try edge.integer(ew) ?? 0 } else { try edge.skip(ew) }
                        }
                        inputs.append(input)
                    } else {
                        try node.skip(w)
                    }
                }
            case 3 where wire == .lengthDelimited:
                seen = true
                var indirect = try c.message()
                while !indirect.isAtEnd {
                    let (f, w) = try indirect.tag()
                    if f == 1 { source = try indirect.integer(w) } else { try indirect.skip(w) }
                }
            default:
                try c.skip(wire)
            }
        }
        return seen ? TraceSubgraphRecord.Node(attribute: attribute, typeId: typeId, inputs: inputs, source: source) : nil
    }

    /// An update stack: repeated 1 {1 attribute, 2 pending, 3 cyclic}, top first.
    static func updateStack(_ c: inout WireCursor, summary: inout TraceSummary) throws -> [TraceStackFrame] {
        var frames: [TraceStackFrame] = []
        while !c.isAtEnd {
            let (field, wire) = try c.tag()
            guard field == 1, wire == .lengthDelimited else {
                try c.skip(wire)
                summary.unknownFields += 1
                continue
            }
            var entry = try c.message()
            var frame = TraceStackFrame(attribute: 0, pending: false, cyclic: false)
            while !entry.isAtEnd {
                let (f, w) = try entry.tag()
                switch f {
                case 1: frame.attribute = try entry.integer(w) ?? 0
                case 2: frame.pending = (try entry.integer(w) ?? 0) != 0
                case 3: frame.cyclic = (try entry.integer(w) ?? 0) != 0
                default:
                    try entry.skip(w)
                    summary.unknownFields += 1
                }
            }
            frames.append(frame)
        }
        return frames
    }

    /// Walks a record agtrace does not store, so that a corrupt one is still refused.
    private static func check(_ c: inout WireCursor, summary: inout TraceSummary) throws {
        while !c.isAtEnd {
            let (_, wire) = try c.tag()
            try c.skip(wire)
        }
    }

    /// Whether the first bytes of a (decompressed) file are a trace: records (top-level fields
    /// 1-6, messages; an event with a type), possibly after fields of a newer engine that the
    /// reader skips (as docs/formats.md says). Two records are enough, or one event in binary
    /// bytes: corruption right after the first record is then the reader's to report, with its
    /// byte offset, instead of "not a known format".
    public static func looksLikeTrace(_ head: [UInt8]) -> Bool {
        guard !head.isEmpty else { return false }
        // Text never holds bytes below tab; a trace's lengths and small numbers do at once.
        let binary = head.prefix(512).contains { $0 < 0x09 }
        return head.withUnsafeBufferPointer { bytes -> Bool in
            var c = WireCursor(bytes.baseAddress!, count: bytes.count, offset: 0)
            var records = 0
            var events = 0
            var leading = 0
            var summary = TraceSummary()
            /// Where the bytes stop making sense: a trace if what came before was.
            func corrupt() -> Bool { records >= 2 || (events >= 1 && binary) }
            while !c.isAtEnd {
                guard let (field, wire) = try? c.tag() else { return corrupt() }
                guard wire == .lengthDelimited, (1...6).contains(field) else {
                    if records == 0 {
                        // A newer engine's field before the first record: a few at most.
                        leading += 1
                        if leading > 8 { return false }
                    }
                    if (try? c.skip(wire)) == nil { return records > 0 }  // cut off by the head's end
                    continue
                }
                guard var body = try? c.message() else { return records > 0 }  // cut off by the head's end
                if field == 1 {
                    var data: String?
                    guard let e = try? event(&body, seq: 1, summary: &summary, data: &data), e.type > 0 else { return corrupt() }
                    events += 1
                } else if (try? check(&body, summary: &summary)) == nil {
                    return corrupt()
                }
                records += 1
            }
            return records > 0
        }
    }
}

/// The reader's window on its source: bytes from `current` on, refilled and grown on demand.
private struct StreamBuffer {
    let source: ByteSource
    var storage: UnsafeMutablePointer<UInt8>
    var capacity: Int
    /// Unread bytes are storage[head..<tail].
    var head = 0
    var tail = 0
    /// Stream offset of storage[0].
    var base = 0
    var ended = false

    init(source: ByteSource, capacity: Int) {
        self.source = source
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    func release() { storage.deallocate() }

    var current: UnsafePointer<UInt8> { UnsafePointer(storage + head) }
    var offset: Int { base + head }
    /// The stream's length once it ended (for messages).
    var streamEnd: Int { base + tail }

    /// Makes at least `n` unread bytes available if the stream has them; returns how many are.
    @inline(__always)
    mutating func fill(atLeast n: Int) throws -> Int {
        if tail - head >= n || ended { return tail - head }
        if n > capacity {
            let bigger = max(n, capacity * 2)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
            grown.update(from: storage + head, count: tail - head)
            storage.deallocate()
            storage = grown
            capacity = bigger
            base += head
            tail -= head
            head = 0
        } else if capacity - head < n {
            memmove(storage, storage + head, tail - head)
            base += head
            tail -= head
            head = 0
        }
        while tail - head < n {
            let got = try source.read(into: UnsafeMutableRawBufferPointer(start: storage + tail, count: capacity - tail))
            if got == 0 { ended = true; break }
            tail += got
        }
        return tail - head
    }

    mutating func consume(_ n: Int) { head += n }

    /// Skips `n` bytes, reading past them rather than holding them.
    mutating func skip(_ n: Int, recordOffset: Int) throws {
        var left = n
        while left > 0 {
            let have = try fill(atLeast: 1)
            if have == 0 {
                throw WireCursor.Malformed(offset: recordOffset, message: "truncated: a record of \(n) bytes starts here, but the file ends at byte \(streamEnd)")
            }
            let step = min(have, left)
            head += step
            left -= step
        }
    }
}
