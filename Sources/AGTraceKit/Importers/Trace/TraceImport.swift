import Foundation

/// The trace reader's sink during an import: records go through a `RecordPipeline` to a
/// `TraceStore` on the writer thread. The pipeline carries plain values only (an event, or "the
/// next side record"), so a batch is copied as bytes; the rare records that hold text or arrays
/// (an event's text, types, subgraphs) wait in a FIFO of their own, taken in the same order.
final class TracePipeline: TraceSink, ImportPipeline {
    enum Record {
        case event(TraceEvent)
        case side
    }

    enum Side {
        case data(seq: Int, String)
        case type(TraceTypeRecord)
        case subgraph(TraceSubgraphRecord)
        case cycle(seq: Int, attribute: Int64)
        case stack(afterSeq: Int, [TraceStackFrame])
    }

    let pipeline: RecordPipeline<Record>
    private let sides: SideQueue<Side>

    init(store: TraceStore) {
        let target = UncheckedBox(store)
        let sides = SideQueue<Side>()
        self.sides = sides
        pipeline = RecordPipeline(batchSize: 1024, write: { records in
            let store = target.value
            for r in records {
                switch r {
                case .event(let e): try store.event(e)
                case .side:
                    switch sides.take() {
                    case let .data(seq, text): store.eventData(seq: seq, text)
                    case .type(let t): try store.type(t)
                    case .subgraph(let s): try store.subgraph(s)
                    case let .cycle(seq, attribute): try store.cycle(seq: seq, attribute: attribute)
                    case let .stack(afterSeq, frames): try store.updateStack(afterSeq: afterSeq, frames)
                    }
                }
            }
        }, close: { try target.value.finish() })
    }

    func event(_ e: TraceEvent) throws { try pipeline.add(.event(e)) }
    func eventData(seq: Int, _ text: String) throws { try side(.data(seq: seq, text), bytes: text.utf8.count) }
    func type(_ t: TraceTypeRecord) throws { try side(.type(t), bytes: (t.rule?.utf8.count ?? 0) + (t.valueType?.utf8.count ?? 0)) }
    func subgraph(_ s: TraceSubgraphRecord) throws { try side(.subgraph(s), bytes: s.nodes.reduce(0) { $0 + 24 + $1.inputs.count * 8 }) }
    func cycle(seq: Int, attribute: Int64) throws { try side(.cycle(seq: seq, attribute: attribute), bytes: 16) }
    func updateStack(afterSeq: Int, _ frames: [TraceStackFrame]) throws { try side(.stack(afterSeq: afterSeq, frames), bytes: 16 * frames.count) }

    /// `bytes`: about what the record holds, so that batches carrying long texts or large
    /// snapshots are sent early and what waits between the threads stays bounded.
    private func side(_ s: Side, bytes: Int) throws {
        sides.put(s)
        try pipeline.add(.side, textBytes: bytes)
    }
}

/// A FIFO between the reading and the writing thread, unbounded (it holds rare records; the
/// pipeline beside it bounds how far the reader runs ahead).
final class SideQueue<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []
    private var head = 0

    func put(_ item: Element) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    /// The oldest item; the writer takes one for each `.side` record, so there always is one.
    func take() -> Element {
        lock.lock()
        defer { lock.unlock() }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }
}

/// What importing one trace stored.
struct TraceImportSummary {
    var summary: TraceSummary
    var sha256: String
    /// Rule evaluations, writes and edges stored.
    var updates, writes, edges: Int
    /// Cycle reports (LogMessages) stored.
    var cycles: Int
    /// Doubts about the input (timestamps that cannot time anything), for `import_notes`.
    var notes: [ImportNote]
    /// nil for a trace that ended (EndTrace), else why it is incomplete (`traces.end_reason`).
    var incomplete: String?
    /// Evaluations with impossible durations, in words (nil when none).
    var impossible: String?
}

/// The trace half of `Importer`: one `traces` row, its rows, the duplicate check.
enum TraceImport {
    static func run(source: ByteSource, file: ImportSource, db: Database, importId: Int64, hash: () -> String, tick: (() -> Void)?,
                    mark: (String) -> Void = { _ in }) throws -> TraceImportSummary {
        let (traceId, read, sha) = try file.readRowLast(facts: "trace_facts", db: db, hash: hash) { traceId in
            let store = try TraceStore(db: db, traceId: traceId)
            var pipeline = TracePipeline(store: store)
            pipeline.tick = tick
            let summary: TraceSummary
            do {
                summary = try pipeline.drive(mark: mark) {
                    try TraceReader(source: source, path: file.path, compressed: file.compressed).read(into: &pipeline)
                }
            } catch let deep as TraceTimeline.TooDeep {
                throw TraceFormatError(path: file.path, offset: deep.offset, message: deep.message, compressed: file.compressed)
            }
            if summary.events == 0 {
                throw TraceFormatError(path: file.path, offset: 0, message: "a trace with no events", compressed: file.compressed)
            }
            return (summary, store)
        }
        let (summary, store) = read
        try db.prepare("""
            INSERT INTO trace_facts(id, import_id, event_count, first_timestamp, last_timestamp, clock)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """).runRow(traceId, importId, summary.events, summary.firstTimestamp, summary.lastTimestamp, TraceEnd.clock(summary))
        var notes: [ImportNote] = []
        if summary.integerTimestamps > 0 {
            notes.append(ImportNote(.wholeSecondTimestamps, message: "\(summary.integerTimestamps) of \(summary.events) events carry whole-second (varint) timestamps: the durations of evaluations they begin or end are unknown (NULL)"))
        }
        if !summary.ended {
            notes.append(ImportNote(.traceCut, message: TraceEnd.cutWarning))
        }
        let impossible = store.impossibleDurations
        if impossible.count > 0 {
            notes.append(ImportNote(.impossibleDuration,
                                    message: "\(impossible.description): their durations are stored as unknown (NULL), and the trace's clock cannot be trusted; 'check' refuses it unless --allow-incomplete",
                                    position: impossible.firstSeq))
        }
        if summary.beginTraceSeqs.count > 1 {
            let seqs = summary.beginTraceSeqs.prefix(5).map(String.init).joined(separator: ", ")
            notes.append(ImportNote(.tracesConcatenated, message: "\(summary.beginTraceSeqs.count) BeginTrace events (seq \(seqs)\(summary.beginTraceSeqs.count > 5 ? ", …" : "")): several traces concatenated into one file, imported as one; the same attribute or type id may name different nodes in each: import each trace alone",
                                    position: summary.beginTraceSeqs[1]))
        }
        for (first, second) in store.typeConflicts.prefix(5) {
            notes.append(ImportNote(.typeDefinedTwice, message: "type id \(first.typeId) is defined twice (\(first.rule ?? "no rule") / \(first.valueType ?? "no value type"), then \(second.rule ?? "no rule") / \(second.valueType ?? "no value type")): the last is kept, and every node of that type is named by it"))
        }
        if store.typeConflicts.count > 5 {
            notes.append(ImportNote(.typeDefinedTwice, message: "\(store.typeConflicts.count - 5) more type ids are defined twice"))
        }
        if let first = store.cyclesWithoutStack.first {
            let n = store.cyclesWithoutStack.count
            notes.append(ImportNote(.cycleWithoutStack, message: "\(n == 1 ? "a cycle LogMessage (seq \(first))" : "\(n) cycle LogMessages (the first at seq \(first))") with no update stack record right after: stored without frames (cycles.complete 0)",
                                    position: first))
        }
        if summary.integerTimestamps + summary.doubleTimestamps == 0 {
            notes.append(ImportNote(.noTimestamps, message: "no event carries a timestamp: durations are unknown"))
        }
        return TraceImportSummary(summary: summary, sha256: sha, updates: store.updateCount, writes: store.writeCount,
                                  edges: store.edgeCount, cycles: store.cycleCount, notes: notes, incomplete: summary.ended ? nil : TraceEnd.cut,
                                  impossible: impossible.count > 0 ? impossible.description : nil)
    }
}

/// How a trace ended (`traces.end_reason`): an EndTrace after its last BeginTrace, or none.
public enum TraceEnd {
    public static let ended = "EndTrace"
    public static let cut = "no EndTrace"
    /// `traces.clock`: whole seconds as soon as one event carries them (they time nothing).
    static func clock(_ s: TraceSummary) -> String {
        s.integerTimestamps > 0 ? "whole seconds" : s.doubleTimestamps > 0 ? "seconds" : "none"
    }
    static let cutWarning = "no EndTrace event: the trace is incomplete (its process crashed or was killed while tracing, or the file is still being written); what it holds is imported, and check and baseline refuse it unless --allow-incomplete"
}
