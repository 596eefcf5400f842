import Foundation

extension InputKind {
    public static let trace = InputKind(rawValue: "trace")
}

/// AttributeGraph traces (protobuf records: AG_TRACE or AGGraphStartTracing, `.ag-trace`).
struct TraceFormat: InputFormat {
    /// The tables that hold a trace's rows, by `trace_id`.
    static let tables = ["trace_event_rows", "trace_types", "trace_nodes", "trace_edges", "trace_subgraphs",
                         "trace_update_rows", "trace_writes", "trace_marks", "trace_indirect_sources"]
    let facts = FormatFacts(kind: .trace, storedKind: .trace, measuredKind: .trace, noun: "an AttributeGraph trace",
                            plural: "AttributeGraph traces",
                            signs: "protobuf records of the engine's tracer (AG_TRACE or AGGraphStartTracing)",
                            docs: "docs/formats.md#traces",
                            fileExtensions: [".ag-trace", ".iag-trace", ".oag-trace"], fileOption: "--trace", noteCodes: TraceFormat.noteCodes,
                            hooks: .trace)

    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        TraceReader.looksLikeTrace(head) ? .sure : nil
    }

    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {
        let trace = try TraceImport.run(source: job.source, file: job.file, db: job.db, importId: job.importId, hash: job.hash,
                                        tick: job.tick, mark: job.mark)
        item[count: "events"] = trace.summary.events
        item.updates = trace.updates
        item.writes = trace.writes
        item[count: "edges"] = trace.edges
        if trace.cycles > 0 { item[count: "cycles"] = trace.cycles }
        item.notes += trace.notes
        item.traceIncomplete = trace.incomplete
        item.ending = (trace.incomplete.map { RecordingEnding.failed($0) } ?? .ended(TraceEnd.ended))
            .doubted(trace.impossible.map { "impossible durations: \($0)" })
        item.sha256 = trace.sha256
    }

    func counts(of item: ImportedItem) -> String {
        let cut = item.traceIncomplete.map { ", incomplete (\($0))" } ?? ""
        // Cycles only when there are some: most traces have none.
        let cycles = item[count: "cycles"] > 0 ? ", cycles \(item[count: "cycles"])" : ""
        return "events \(item[count: "events"]), evaluations \(item.updates), writes \(item.writes)\(cycles)\(cut)"
    }
}

extension ImportedItem {
    /// A trace's rule evaluations and writes found among its events.
    public var updates: Int { get { self[count: "evaluations"] } set { self[count: "evaluations"] = newValue } }
    public var writes: Int { get { self[count: "writes"] } set { self[count: "writes"] = newValue } }
    /// nil when it ended (EndTrace), else why it is incomplete (`traces.end_reason`).
    public var traceIncomplete: String? { get { facts["incomplete"] } set { facts["incomplete"] = newValue } }
}
