import Foundation

/// The transcript reader's sink during an import: hits go through a `RecordPipeline` to a
/// `RunStore` on the writer thread, which writes the last partial statement of rows at the end.
final class TranscriptPipeline: HitSink, ImportPipeline {
    enum Record {
        /// The reader's next name.
        case name(String)
        case frame(seq: Int, FrameRef)
        case hit(Hit)
        case cycle(CycleRecord)
    }

    let pipeline: RecordPipeline<Record>
    /// How many of the reader's names the store has been sent.
    @exclusivity(unchecked) private var namesSent = 0

    init(store: RunStore) {
        let target = UncheckedBox(store)
        // 1024 records (about 70 KB): small enough for malloc to reuse rather than map afresh.
        pipeline = RecordPipeline(batchSize: 1024, write: { records in
            let store = target.value
            for r in records {
                switch r {
                case .name(let text): store.name(text)
                case let .frame(seq, frame): try store.frame(seq: seq, frame)
                case .hit(let hit): try store.hit(hit)
                case .cycle(let cycle): try store.cycle(cycle)
                }
            }
        }, close: { try target.value.finish() })
    }

    func hit(_ hit: Hit, frames: UnsafeBufferPointer<FrameRef>, names: [String]) throws {
        while namesSent < names.count {
            try pipeline.add(.name(names[namesSent]))
            namesSent += 1
        }
        for frame in frames { try pipeline.add(.frame(seq: hit.seq, frame)) }
        try pipeline.add(.hit(hit))
    }

    func cycle(_ cycle: CycleRecord) throws { try pipeline.add(.cycle(cycle)) }
}

/// The transcript half of `Importer`: one run row, its events, the duplicate check.
enum RunImport {
    static func run(source: ByteSource, file: ImportSource, db: Database, importId: Int64, hash: () -> String, tick: (() -> Void)?,
                    mark: (String) -> Void = { _ in }) throws -> (summary: TranscriptSummary, end: RecordingEnd, sha256: String, cycles: Int) {
        let (runId, read, sha) = try file.readRowLast(facts: "run_facts", db: db, hash: hash) { runId in
            // The reader parses here while the pipeline's thread writes rows.
            let store = try RunStore(db: db, runId: runId)
            var pipeline = TranscriptPipeline(store: store)
            pipeline.tick = tick
            let (summary, end) = try pipeline.drive(mark: mark) {
                try TranscriptReader(source: source, path: file.path).read(hits: &pipeline)
            }
            return (summary, end, store)
        }
        let (summary, end, store) = read
        try db.prepare("""
            INSERT INTO run_facts(id, import_id, event_count, skipped_lines, incomplete_hits,
                                  first_event_id, last_event_id, first_frame_id, last_frame_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """).runRow(runId, importId, summary.events, summary.skippedLines,
                        summary.incompleteHits, store.eventIds?.lowerBound, store.eventIds?.upperBound,
                        store.frameIds?.lowerBound, store.frameIds?.upperBound)
        return (summary, end, sha, store.cycleCount)
    }
}

/// What an import says on stderr about a transcript's doubtful lines.
enum TranscriptWarnings {
    /// Lines that came where a hit's command output was due and could not be read, by number
    /// (the first 20): a glued or garbled line of lldb's, or an error in place of a register.
    static func unreadable(_ summary: TranscriptSummary) -> String? {
        let n = summary.unreadableInHits
        guard n > 0 else { return nil }
        let shown = summary.unreadableLines.map(String.init).joined(separator: ", ")
        let more = n > summary.unreadableLines.count ? " and \(n - summary.unreadableLines.count) more" : ""
        let lines = n == 1 ? "line \(shown) came" : "lines \(shown)\(more) came"
        return "\(lines) where a hit's command output was due and could not be read (counted in skipped_lines; the hit keeps what was read before)"
    }
}
