import Foundation

/// The trace reader's sink during an import: records go through a `RecordPipeline` to a
/// `TraceStore` on the writer thread.
final class TracePipeline: TraceSink {
    enum Record {
        case event(TraceEvent)
        case type(TraceTypeRecord)
        case subgraph(TraceSubgraphRecord)
    }

    private let pipeline: RecordPipeline<Record>
    var tick: (() -> Void)? {
        get { pipeline.tick }
        set { pipeline.tick = newValue }
    }

    init(store: TraceStore) {
        let target = UncheckedBox(store)
        pipeline = RecordPipeline(batchSize: 1024, write: { records in
            let store = target.value
            for r in records {
                switch r {
                case .event(let e): try store.event(e)
                case .type(let t): try store.type(t)
                case .subgraph(let s): try store.subgraph(s)
                }
            }
        }, close: { try target.value.finish() })
    }

    func event(_ e: TraceEvent) throws { try pipeline.add(.event(e)) }
    func type(_ t: TraceTypeRecord) throws { try pipeline.add(.type(t)) }
    func subgraph(_ s: TraceSubgraphRecord) throws { try pipeline.add(.subgraph(s)) }
    func finish() throws { try pipeline.finish() }
    func abandon() { pipeline.abandon() }
}

/// What importing one trace stored.
struct TraceImportSummary {
    var summary: TraceSummary
    var sha256: String
    var updates: Int
    var writes: Int
    var edges: Int
    /// Doubts about the input, for stderr (timestamps that cannot time anything).
    var warnings: [String]
}

/// The trace half of `Importer`: one `traces` row, its rows, the duplicate check.
enum TraceImport {
    static func run(source: ByteSource, path: String, label: String, compressed: Bool, size: Int?, db: Database,
                    hash: () -> String, replace: Bool, tick: (() -> Void)?,
                    mark: (String) -> Void = { _ in }) throws -> TraceImportSummary {
        let sourcePath = path == "-" ? "-" : URL(fileURLWithPath: path).standardizedFileURL.path
        // The trace's row is written last, complete, under the id SQLite would give it (the
        // write lock is held): see RunImport for why.
        let traceId = (try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM traces")?.intValue) ?? 1
        let store = try TraceStore(db: db, traceId: traceId)
        let pipeline = TracePipeline(store: store)
        pipeline.tick = tick
        var sink = pipeline
        let summary: TraceSummary
        do {
            summary = try TraceReader(source: source, path: path, compressed: compressed).read(into: &sink)
            mark("parsed")
            try pipeline.finish()
            mark("rows written")
        } catch {
            pipeline.abandon()
            throw error
        }
        if summary.events == 0 {
            throw TraceFormatError(path: path, offset: 0, message: "a trace with no events", compressed: compressed)
        }
        let sha = hash()
        if !replace, let existing = try db.scalar("SELECT label FROM traces WHERE sha256 = ?1 LIMIT 1", [.text(sha)]) {
            throw DuplicateImport(existingLabel: existing.description)
        }
        try db.prepare("""
            INSERT INTO traces(id, label, source, sha256, imported_at, compressed, size_bytes, event_count,
                               first_timestamp, last_timestamp)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """).bindAndRun([.integer(traceId), .text(label), .text(sourcePath), .text(sha), .text(Importer.timestamp()),
                             .integer(compressed ? 1 : 0), size.map { .integer(Int64($0)) } ?? .null,
                             .integer(Int64(summary.events)), summary.firstTimestamp.map(SQLValue.real) ?? .null,
                             summary.lastTimestamp.map(SQLValue.real) ?? .null])
        var warnings: [String] = []
        if summary.integerTimestamps > 0 {
            warnings.append("\(summary.integerTimestamps) of \(summary.events) events carry whole-second (varint) timestamps: the durations of evaluations they begin or end are unknown (NULL)")
        }
        if !summary.ended {
            warnings.append("no EndTrace event: the trace may be cut short (still being written, or its process ended before AGGraphStopTracing); what it holds is imported")
        }
        if summary.integerTimestamps + summary.doubleTimestamps == 0 {
            warnings.append("no event carries a timestamp: durations are unknown")
        }
        return TraceImportSummary(summary: summary, sha256: sha, updates: store.updateCount, writes: store.writeCount,
                                  edges: store.edgeCount, warnings: warnings)
    }
}
