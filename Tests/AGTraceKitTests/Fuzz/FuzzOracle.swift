// The checks every fuzz input goes through, shared by the XCTest harness (FuzzTests) and the
// libFuzzer entry point (Fuzz/LibFuzzerEntry.swift, which compiles this file into the same
// module as AGTraceKit's sources, with AGTRACE_LIBFUZZER defined).
#if !AGTRACE_LIBFUZZER
@testable import AGTraceKit
#endif
import Foundation

/// Which parser an input is for.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ArchiveReader` on the bytes (undoing gzip when they start with its magic).
    case archive
    /// `TranscriptReader` on the bytes.
    case transcript
    /// The whole import: sniffing, gzip, any parser, the SQLite store, the transaction.
    case importer = "import"
    /// `TraceReader` on the bytes (undoing gzip), and `TraceTimeline` over what it delivers.
    case trace
    /// `ConsoleReader` on the bytes (a console log), and the console sniffer.
    case console
    /// `XctraceReader` on the bytes (an Instruments export: XMLTokenizer, id/ref, rows).
    case xctrace
}

/// What an input must do, whatever its bytes:
/// - return, or throw one of the errors that describe bad input (never trap, never another
///   error type: a store error on input the parser accepted is a parser bug);
/// - give the same result however the bytes arrive (a 1 MiB buffer or a tiny one, one read or a
///   trickle): a difference is a buffer-boundary bug;
/// - deliver records that keep the reader's promises (indices in range, counts that add up);
/// - finish in time proportional to its size;
/// - through the importer, leave the database exactly as it was when refused.
/// Each check returns nil when the input passed, or what went wrong.
enum FuzzOracle {
    /// Seconds an input of `count` bytes may take (generous: debug builds, a busy machine).
    static func timeLimit(bytes count: Int) -> Double { 5 + Double(count) / 1_000_000 * 5 }

    static func check(_ target: FuzzTarget, _ bytes: [UInt8], importer: FuzzImportHarness? = nil) -> String? {
        let started = Date()
        let problem: String?
        switch target {
        case .archive: problem = checkArchive(bytes)
        case .transcript: problem = checkTranscript(bytes)
        case .importer: problem = (importer ?? FuzzImportHarness.shared).check(bytes)
        case .trace: problem = checkTrace(bytes)
        case .console: problem = checkConsole(bytes)
        case .xctrace: problem = checkXctrace(bytes)
        }
        if let problem { return problem }
        let seconds = Date().timeIntervalSince(started)
        if seconds > timeLimit(bytes: bytes.count) {
            return String(format: "slow: %.1f s for %d bytes", seconds, bytes.count)
        }
        return nil
    }

    // MARK: Archives

    enum ArchiveOutcome: Equatable {
        case read(digest: Int, counts: [Int])
        /// Refused; `byContainer`: by the gzip layer rather than the JSON. Which of a gzip error
        /// and a JSON error is met first depends on how far ahead the reader reads, so two
        /// refusals where either is the container's count as the same outcome.
        case refused(String, byContainer: Bool)
        case unexpected(String)

        func agrees(with other: ArchiveOutcome) -> Bool {
            if case .refused(_, let a) = self, case .refused(_, let b) = other, a || b { return true }
            return self == other
        }
    }

    static func checkArchive(_ bytes: [UInt8]) -> String? {
        let large = readArchive(bytes, bufferSize: 1 << 20)
        if case .unexpected(let message) = large { return message }
        let small = readArchive(bytes, bufferSize: 64)
        if case .unexpected(let message) = small { return message + " (64-byte buffer)" }
        if !large.agrees(with: small) {
            return "the outcome depends on the buffer size: 1 MiB gives \(large), 64 bytes give \(small)"
        }
        return nil
    }

    static func readArchive(_ bytes: [UInt8], bufferSize: Int) -> ArchiveOutcome {
        var sink = CheckingArchiveSink()
        do {
            var source: ByteSource = MemorySource(bytes)
            if bytes.starts(with: [0x1F, 0x8B]) { source = try GzipSource(source, path: "fuzz", chunkSize: 512) }
            try ArchiveReader(source: source, path: "fuzz", bufferSize: bufferSize).read(into: &sink)
            if let broken = sink.finish() { return .unexpected("broken promise: \(broken)") }
            return .read(digest: sink.hasher.finalize(), counts: sink.counts)
        } catch let e as ArchiveFormatError {
            if let broken = sink.broken { return .unexpected("broken promise before the error: \(broken)") }
            return .refused("\(e.message) @\(e.offset)", byContainer: false)
        } catch let e as InputError {
            return .refused(e.message, byContainer: true)
        } catch {
            return .unexpected("unexpected error \(type(of: error)): \(error)")
        }
    }

    // MARK: Transcripts

    // MARK: Traces

    enum TraceOutcome: Equatable {
        /// Counts of the summary and a digest of everything delivered (timestamps by bit pattern:
        /// a NaN is equal to itself here).
        case read(counts: [Int], digest: Int)
        case refused(offset: Int, message: String, byContainer: Bool)
        case unexpected(String)
    }

    /// A trace is read whole and trickled (a few bytes per read, a 16-byte buffer that must
    /// grow): the same events, or the same refusal at the same byte; only `TraceFormatError`
    /// (or gzip's `InputError`) may be thrown; seqs count from 1; evaluations derived from the
    /// events keep their promises (depth and parent agree, an end after its begin).
    static func checkTrace(_ bytes: [UInt8]) -> String? {
        let whole = readTrace(MemorySource(bytes), gzip: bytes.starts(with: [0x1F, 0x8B]), chunkSize: 1 << 20)
        if case .unexpected(let message) = whole { return message }
        let trickled = readTrace(TrickleSource(bytes), gzip: bytes.starts(with: [0x1F, 0x8B]), chunkSize: 16)
        if case .unexpected(let message) = trickled { return message + " (trickled)" }
        switch (whole, trickled) {
        case (.refused(_, _, true), .refused), (.refused, .refused(_, _, true)): break
        default:
            if whole != trickled { return "the outcome depends on how the bytes arrive: \(whole) whole, \(trickled) trickled" }
        }
        _ = TraceReader.looksLikeTrace(Array(bytes.prefix(64 * 1024)))
        return nil
    }

    static func readTrace(_ raw: ByteSource, gzip: Bool, chunkSize: Int) -> TraceOutcome {
        var sink = CheckingTraceSink()
        do {
            let source = gzip ? try GzipSource(raw, path: "fuzz", chunkSize: 512) : raw
            let summary = try TraceReader(source: source, path: "fuzz", compressed: gzip, chunkSize: chunkSize).read(into: &sink)
            if let broken = sink.broken { return .unexpected("broken promise: \(broken)") }
            sink.timeline.finish()
            if let problem = sink.timeline.finishedUpdates.lazy.compactMap(CheckingTraceSink.problem).first {
                return .unexpected("broken promise: \(problem)")
            }
            if let broken = sink.broken { return .unexpected("broken promise: \(broken)") }
            if summary.events != sink.events { return .unexpected("summary counts \(summary.events) events, the sink got \(sink.events)") }
            sink.hasher.combine(summary.firstTimestamp?.bitPattern)
            sink.hasher.combine(summary.lastTimestamp?.bitPattern)
            return .read(counts: [summary.events, summary.subgraphRecords, summary.typeRecords, summary.otherRecords,
                                  summary.unknownFields, summary.doubleTimestamps, summary.integerTimestamps, summary.ended ? 1 : 0],
                         digest: sink.hasher.finalize())
        } catch let e as TraceFormatError {
            if e.offset < 0 { return .unexpected("negative offset: \(e)") }
            return .refused(offset: e.offset, message: e.message, byContainer: false)
        } catch let e as InputError {
            return .refused(offset: -1, message: e.message, byContainer: true)
        } catch {
            return .unexpected("a trace may only be refused with TraceFormatError: \(type(of: error)): \(error)")
        }
    }

    static func checkTranscript(_ bytes: [UInt8]) -> String? {
        var whole = CheckingTranscriptSink()
        var trickled = CheckingTranscriptSink()
        let summaryWhole: TranscriptSummary
        let summaryTrickled: TranscriptSummary
        do {
            summaryWhole = try TranscriptReader(source: MemorySource(bytes), path: "fuzz").read(into: &whole)
            summaryTrickled = try TranscriptReader(source: TrickleSource(bytes), path: "fuzz").read(into: &trickled)
        } catch let e as TranscriptError where e.underlying == nil && e.line == 1
                    && e.message.hasPrefix(RecordingParser.newerVersionMessage) {
            return nil  // a recorder file of a newer version: refused, as documented
        } catch {
            return "a transcript's content must never throw: \(type(of: error)): \(error)"
        }
        if let broken = whole.broken { return "broken promise: \(broken)" }
        if summaryWhole != summaryTrickled || whole.events != trickled.events {
            return "the outcome depends on how the bytes arrive: \(summaryWhole) in one read, \(summaryTrickled) trickled"
        }
        if summaryWhole.events != whole.events.count {
            return "summary counts \(summaryWhole.events) events, the sink got \(whole.events.count)"
        }
        if summaryWhole.incompleteHits > summaryWhole.events {
            return "more incomplete hits (\(summaryWhole.incompleteHits)) than events (\(summaryWhole.events))"
        }
        _ = TranscriptReader.looksLikeTranscript(Array(bytes.prefix(64 * 1024)))
        return nil
    }
}

extension FuzzOracle {
    // MARK: Consoles

    /// A console's content never throws; it reads the same in one go and trickled; its records
    /// keep the reader's promises.
    static func checkConsole(_ bytes: [UInt8]) -> String? {
        var whole = ConsoleCollector(), trickled = ConsoleCollector()
        let summaryWhole: ConsoleReader.Summary, summaryTrickled: ConsoleReader.Summary
        do {
            summaryWhole = try ConsoleReader(source: MemorySource(bytes)).read(into: &whole)
            summaryTrickled = try ConsoleReader(source: TrickleSource(bytes)).read(into: &trickled)
        } catch {
            return "a console's content must never throw: \(type(of: error)): \(error)"
        }
        if summaryWhole != summaryTrickled || whole.cycles != trickled.cycles || whole.bodyChanges != trickled.bodyChanges
            || whole.warnings != trickled.warnings {
            return "the outcome depends on how the bytes arrive: \(summaryWhole) in one read, \(summaryTrickled) trickled"
        }
        if let broken = consolePromiseBroken(whole, summaryWhole) { return "broken promise: \(broken)" }
        _ = ConsoleReader.looksLikeConsole(Array(bytes.prefix(64 * 1024)), full: bytes.count > 64 * 1024)
        return nil
    }

    static func consolePromiseBroken(_ read: ConsoleCollector, _ summary: ConsoleReader.Summary) -> String? {
        func inOrder(_ positions: [Int]) -> Bool { zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 } }
        let lines = 1...max(1, summary.lines)
        if summary.cycles != read.cycles.count || summary.bodyChanges != read.bodyChanges.count || summary.warnings != read.warnings.count {
            return "summary counts \(summary) differ from the records delivered"
        }
        if !inOrder(read.cycles.map(\.position)) || !inOrder(read.bodyChanges.map(\.position)) {
            return "cycle or body-change positions not rising"
        }
        for c in read.cycles {
            guard lines.contains(c.position), (1...3).contains(c.level), ["header", "trap", "os_log"].contains(c.form) else {
                return "cycle \(c.position): position, level or form out of range (\(c.level), \(c.form))"
            }
            if !c.frames.isEmpty && c.level < 2 { return "cycle \(c.position) has frames at level \(c.level)" }
            if c.form != "header" && (!c.frames.isEmpty || !c.labels.isEmpty) { return "a \(c.form) report with frames or labels" }
            if c.frames.dropLast().contains(where: \.cut) { return "cycle \(c.position): a cut frame before the last" }
            if c.frames.contains(where: \.cut) && c.complete { return "cycle \(c.position): a cut frame in a complete report" }
        }
        let kinds: Set<String> = ["self", "identity", "dependencies", "property", "keypath", "offset"]
        for b in read.bodyChanges {
            guard lines.contains(b.position), !b.view.isEmpty, b.unchanged == b.tokens.isEmpty, b.tokens.allSatisfy({ kinds.contains($0.kind) }) else {
                return "body change at line \(b.position) out of shape: \(b)"
            }
        }
        for w in read.warnings where !lines.contains(w.position) { return "warning at line \(w.position) beyond the log" }
        return nil
    }
}

/// Checks what the archive reader promises while it delivers (see `ArchiveSink`), and hashes
/// every record so that two reads can be compared.
struct CheckingArchiveSink: ArchiveSink {
    var hasher = Hasher()
    var broken: String?
    var counts = [Int](repeating: 0, count: 14)

    private var currentGraph = -1
    private var typeCount = 0
    private var nodeCount = 0
    private var attributes: [Int: Set<UInt32>] = [:]
    private var graphs: [Int: GraphRecord] = [:]
    private var maxTypeIndex: [Int: Int] = [:]
    private var maxNodeRef: [Int: Int] = [:]
    private var edgesPerGraph: [Int: Int] = [:]
    private var lastEdgeKey: (UInt64, UInt64)?
    private var graphCountSeen = 0

    /// Called only when a promise is broken (messages are built in the failing branch).
    mutating func fail(_ message: String) {
        if broken == nil { broken = message }
    }

    mutating func record(_ kind: Int, _ r: Any) {
        counts[kind] += 1
        hasher.combine(kind)
        hasher.combine(String(describing: r))
    }

    mutating func enter(_ graph: Int) {
        if graph != currentGraph {
            if graph < currentGraph { fail("graph \(graph) after graph \(currentGraph)") }
            if graphs[currentGraph] == nil && currentGraph >= 0 && graph > currentGraph { fail("graph \(currentGraph) had no graph record before graph \(graph) began") }
            currentGraph = graph
            typeCount = 0
            nodeCount = 0
        }
    }

    mutating func noteNodeRef(_ graph: Int, _ index: Int) {
        maxNodeRef[graph] = max(maxNodeRef[graph] ?? -1, index)
    }

    mutating func type(_ r: TypeRecord) throws {
        enter(r.graphIndex)
        if r.typeIndex != typeCount { fail("type index \(r.typeIndex), expected \(typeCount)") }
        typeCount += 1
        record(0, r)
    }

    mutating func node(_ r: NodeRecord) throws {
        enter(r.graphIndex)
        if r.nodeIndex != nodeCount { fail("node index \(r.nodeIndex), expected \(nodeCount)") }
        nodeCount += 1
        attributes[r.graphIndex, default: []].insert(r.attribute)
        maxTypeIndex[r.graphIndex] = max(maxTypeIndex[r.graphIndex] ?? -1, r.typeIndex)
        record(1, r)
    }

    mutating func edge(_ r: EdgeRecord) throws {
        guard let nodes = attributes[r.graphIndex] else { return fail("edge in graph \(r.graphIndex), which has no nodes") }
        if !nodes.contains(r.srcAttribute) || !nodes.contains(r.dstAttribute) {
            fail("edge \(r.srcAttribute) -> \(r.dstAttribute) names an attribute graph \(r.graphIndex) does not have")
        }
        let key = (UInt64(r.srcAttribute) << 32 | UInt64(r.dstAttribute), UInt64(r.graphIndex) << 32 | UInt64(r.edgeIndex))
        if let last = lastEdgeKey, key.0 < last.0 || (key.0 == last.0 && key.1 <= last.1) { fail("edges out of order") }
        lastEdgeKey = key
        edgesPerGraph[r.graphIndex, default: 0] += 1
        record(2, r)
    }

    mutating func subgraph(_ r: SubgraphRecord) throws { enter(r.graphIndex); record(3, r) }

    mutating func subgraphMembers(graphIndex: Int, subgraphId: Int64?, nodeIndices: ClosedRange<Int>) throws {
        enter(graphIndex)
        if nodeIndices.lowerBound < 0 { fail("negative member index") }
        noteNodeRef(graphIndex, nodeIndices.upperBound)
        record(4, [graphIndex, Int(subgraphId ?? -1), nodeIndices.lowerBound, nodeIndices.upperBound])
    }

    mutating func tree(_ r: TreeRecord) throws {
        enter(r.graphIndex)
        if let n = r.nodeIndex { noteNodeRef(r.graphIndex, n) }
        record(5, r)
    }

    mutating func treeParent(graphIndex: Int, treeIndex: Int, parentTreeIndex: Int) throws {
        enter(graphIndex)
        record(6, [graphIndex, treeIndex, parentTreeIndex])
    }

    mutating func treeValue(_ r: TreeValueRecord) throws {
        enter(r.graphIndex)
        if let n = r.nodeIndex { noteNodeRef(r.graphIndex, n) }
        record(7, r)
    }

    mutating func treeNode(_ r: TreeNodeRecord) throws {
        enter(r.graphIndex)
        noteNodeRef(r.graphIndex, r.nodeIndex)
        record(8, r)
    }

    mutating func profileEvent(_ r: ProfileEventRecord) throws { enter(r.graphIndex); record(9, r) }
    mutating func profileMark(_ r: ProfileMarkRecord) throws { enter(r.graphIndex); record(10, r) }

    mutating func graph(_ r: GraphRecord) throws {
        enter(r.graphIndex)
        if graphs[r.graphIndex] != nil { fail("two graph records for graph \(r.graphIndex)") }
        if r.nodeCount != nodeCount { fail("graph \(r.graphIndex) says \(r.nodeCount) nodes, \(nodeCount) were delivered") }
        if r.typeCount != typeCount { fail("graph \(r.graphIndex) says \(r.typeCount) types, \(typeCount) were delivered") }
        if (maxTypeIndex[r.graphIndex] ?? -1) >= typeCount { fail("graph \(r.graphIndex): a node's type index is out of range") }
        if (maxNodeRef[r.graphIndex] ?? -1) >= nodeCount { fail("graph \(r.graphIndex): a node index \(maxNodeRef[r.graphIndex]!) is out of range") }
        graphs[r.graphIndex] = r
        graphCountSeen += 1
        // A dictionary's order differs between instances: hash the counters sorted.
        var plain = r
        plain.counters = [:]
        record(11, plain)
        hasher.combine(r.counters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
    }

    mutating func subgraphLink(_ r: SubgraphLinkRecord) throws {
        if graphs[r.parentGraphIndex] == nil || graphs[r.childGraphIndex] == nil { fail("a subgraph link names a graph that does not exist") }
        record(12, r)
    }

    mutating func archive(_ r: ArchiveSummaryRecord) throws {
        if r.graphCount != graphCountSeen { fail("summary says \(r.graphCount) graphs, \(graphCountSeen) were delivered") }
        record(13, r)
    }

    /// Checks made once everything was delivered; the first broken promise, if any.
    mutating func finish() -> String? {
        for (graph, record) in graphs where record.edgeCount != (edgesPerGraph[graph] ?? 0) {
            fail("graph \(graph) says \(record.edgeCount) edges, \(edgesPerGraph[graph] ?? 0) were delivered")
        }
        return broken
    }
}

/// Collects a transcript's events and checks their numbering.
struct CheckingTranscriptSink: TranscriptSink {
    var events: [BreakpointEvent] = []
    var broken: String?

    mutating func event(_ e: BreakpointEvent) throws {
        if broken == nil {
            if e.seq != events.count + 1 { broken = "event seq \(e.seq), expected \(events.count + 1)" }
            if let last = events.last, e.line < last.line { broken = "event on line \(e.line) after one on line \(last.line)" }
            if e.line < 1 { broken = "event on line \(e.line)" }
        }
        events.append(e)
    }
}

/// Hands out bytes a few at a time (1 to 13 per read, in a fixed pattern), so that every line
/// and token straddles reads.
final class TrickleSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private var step = 0
    var bytesConsumed: Int { position }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        step = (step + 5) % 13
        let n = min(buffer.count, bytes.count - position, step + 1)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { all in
            buffer.baseAddress!.copyMemory(from: all.baseAddress! + position, byteCount: n)
        }
        position += n
        return n
    }
}

/// Checks the trace reader's promises and hashes what it delivers; replays the events through
/// the timeline the store derives evaluations and writes with.
struct CheckingTraceSink: TraceSink {
    var hasher = Hasher()
    var broken: String?
    var events = 0
    var timeline = TraceTimeline()

    mutating func event(_ e: TraceEvent) throws {
        events += 1
        if e.seq != events { broken = "event seq \(e.seq), expected \(events)" }
        hasher.combine(e.seq); hasher.combine(e.type); hasher.combine(e.timestamp?.bitPattern); hasher.combine(e.p1)
        hasher.combine(e.p2); hasher.combine(e.p3)
        try timeline.event(e)
        if broken == nil { broken = timeline.finishedUpdates.lazy.compactMap(Self.problem).first }
        timeline.finishedUpdates.removeAll(keepingCapacity: true)
        timeline.finishedWrites.removeAll(keepingCapacity: true)
    }

    mutating func eventData(seq: Int, _ text: String) throws {
        if seq != events + 1 { broken = "text of event \(seq) delivered before event \(events + 1)" }
        hasher.combine(seq); hasher.combine(text)
    }

    mutating func type(_ t: TraceTypeRecord) throws {
        hasher.combine(t.typeId); hasher.combine(t.rule); hasher.combine(t.valueType)
    }

    mutating func subgraph(_ s: TraceSubgraphRecord) throws {
        hasher.combine(s.subgraphId); hasher.combine(s.nodes.count)
        for n in s.nodes { hasher.combine(n.attribute); hasher.combine(n.inputs) }
    }

    /// What an evaluation row breaks, if anything.
    static func problem(_ u: TraceUpdateRow) -> String? {
        if let end = u.endSeq, end <= u.beginSeq { return "evaluation ends (\(end)) before it begins (\(u.beginSeq))" }
        if (u.depth == 0) != (u.parentAttribute == nil) { return "depth \(u.depth) with parent \(String(describing: u.parentAttribute))" }
        if u.endSeq == nil && (u.duration != nil || u.changed != nil) { return "an evaluation without an end has a duration or a changed flag" }
        return nil
    }
}

/// Imports inputs into one scratch database, always as the snapshot or run labelled "fuzz"
/// with --replace, so that the database stays small and every import also exercises the
/// atomic swap. A refused input must leave every table as it was.
final class FuzzImportHarness: @unchecked Sendable {
    static let shared = try! FuzzImportHarness()

    let directory: URL
    let inputPath: String
    let importer: Importer
    private(set) var imports = 0

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-fuzz-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        inputPath = directory.appendingPathComponent("input").path
        importer = Importer(database: try DatabaseOpener.open(directory.appendingPathComponent("fuzz.db").path, mode: .write))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    static let tables = ["snapshots", "graphs", "types", "node_rows", "subgraph_nodes", "edges", "subgraphs", "subgraph_children",
                         "tree_items", "tree_item_values", "tree_item_nodes", "profile_events", "profile_marks", "runs", "events", "frames",
                         "traces", "trace_event_rows", "trace_types", "trace_nodes", "trace_edges", "trace_subgraphs",
                         "trace_update_rows", "trace_writes", "trace_marks", "trace_indirect_sources",
                         "consoles", "cycles", "cycle_frames", "cycle_labels", "body_changes", "body_change_tokens", "console_warnings",
                         "xctrace_recordings", "xctrace_toc_tables", "xctrace_tables", "xctrace_columns", "xctrace_values", "xctrace_children", "xctrace_rows"]

    /// Row counts and a checksum of the ids: cheap, and changed by any insert or delete.
    func fingerprint() throws -> [Int64] {
        let sql = "SELECT " + Self.tables.map { "(SELECT count(*) FROM \($0))" }.joined(separator: ", ")
            + ", (SELECT total(id) FROM snapshots), (SELECT total(id) FROM runs), (SELECT total(id) FROM node_rows)"
        let row = try importer.db.rows(sql)[0]
        return row.map { $0.intValue ?? Int64($0.doubleValue ?? -1) }
    }

    func check(_ bytes: [UInt8]) -> String? {
        imports += 1
        guard FileManager.default.createFile(atPath: inputPath, contents: Data(bytes)) else { return "cannot write the input file" }
        let db = importer.db
        do {
            let before = try fingerprint()
            do {
                let outcome = try importer.importFile(inputPath, options: ImportOptions(label: "fuzz", replace: true))
                guard case .imported(let item) = outcome else { return "--replace reported a duplicate: \(outcome)" }
                let table = item.kind.storedNoun + "s"
                guard try db.scalar("SELECT count(*) FROM \(table) WHERE label = 'fuzz'")?.intValue == 1 else {
                    return "imported, but no \(table) row labelled fuzz"
                }
                if item.kind == .archive {
                    let nodes = try db.scalar("SELECT count(*) FROM node_rows WHERE snapshot_id = (SELECT id FROM snapshots WHERE label = 'fuzz')")?.intValue
                    if nodes != Int64(item.nodes) { return "imported \(item.nodes) nodes, the database holds \(nodes ?? -1)" }
                }
                if item.kind == .trace {
                    let events = try db.scalar("SELECT count(*) FROM trace_event_rows WHERE trace_id = (SELECT id FROM traces WHERE label = 'fuzz')")?.intValue
                    if events != Int64(item.events) { return "imported \(item.events) events, the database holds \(events ?? -1)" }
                }
            } catch let e as TraceFormatError {
                if try fingerprint() != before { return "refused (\(e.message)) but the database changed" }
            } catch let e as ArchiveFormatError {
                if try fingerprint() != before { return "refused (\(e.message)) but the database changed" }
            } catch let e as InputError {
                if try fingerprint() != before { return "refused (\(e.message)) but the database changed" }
            } catch let e as TranscriptError where e.underlying == nil {
                if try fingerprint() != before { return "refused (\(e.message)) but the database changed" }
            } catch {
                return "import failed with \(type(of: error)) rather than an input error: \(error)"
            }
            if imports % 64 == 0 {
                let check = try db.rows("PRAGMA quick_check").map { $0[0].description }
                if check != ["ok"] { return "quick_check: \(check.prefix(3).joined(separator: "; "))" }
            }
        } catch {
            return "the scratch database failed: \(error)"
        }
        return nil
    }
}
