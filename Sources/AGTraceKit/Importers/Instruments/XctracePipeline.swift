/// The xctrace reader's sink on the importing thread: records go in batches to a writer thread
/// (`RecordPipeline`) that replays them onto `XctraceStore`, so parsing and SQLite overlap.
/// Table ids are given here (consecutive from the next free one), so the reader needs no answer
/// from the writer.
final class XctracePipeline: XctraceSink, ImportPipeline {
    enum Record {
        case run(XctraceRun)
        case toc(run: Int, position: Int, schema: String, attributes: String?)
        case table(XctraceTableHead, id: Int64)
        case value(id: Int64, tag: String, raw: [UInt8]?, number: Int64?, fmt: [UInt8]?, attributes: String?)
        case child(parent: Int64, position: Int, child: Int64)
        case row(table: Int64, position: Int, cells: [Int64], more: String?)
        case tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool)
    }

    let pipeline: RecordPipeline<Record>
    private var nextTableId: Int64

    init(store: XctraceStore, firstTableId: Int64) {
        nextTableId = firstTableId
        pipeline = RecordPipeline(batchSize: 4096, write: { batch in
            for r in batch { try Self.apply(r, to: store) }
        })
    }

    private static func apply(_ r: Record, to s: XctraceStore) throws {
        switch r {
        case .run(let run): try s.run(run)
        case .toc(let run, let position, let schema, let attributes): try s.tocTable(run: run, position: position, schema: schema, attributes: attributes)
        case .table(let head, let id): try s.table(head, id: id)
        case .value(let id, let tag, let raw, let number, let fmt, let attributes):
            try raw.withOptionalBuffer { raw in
                try fmt.withOptionalBuffer { fmt in
                    try s.value(id: id, tag: tag, raw: raw, number: number, fmt: fmt, attributes: attributes)
                }
            }
        case .child(let parent, let position, let child): try s.child(parent: parent, position: position, child: child)
        case .row(let table, let position, let cells, let more):
            try cells.withUnsafeBufferPointer { try s.row(table: table, position: position, cells: $0, more: more) }
        case .tableEnd(let table, let rows, let sentinels, let complete):
            try s.tableEnd(table: table, rows: rows, sentinels: sentinels, complete: complete)
        }
    }

    func run(_ run: XctraceRun) throws { try pipeline.add(.run(run)) }
    func tocTable(run: Int, position: Int, schema: String, attributes: String?) throws {
        try pipeline.add(.toc(run: run, position: position, schema: schema, attributes: attributes))
    }
    func table(_ head: XctraceTableHead) throws -> Int64 {
        let id = nextTableId
        nextTableId += 1
        try pipeline.add(.table(head, id: id))
        return id
    }
    func value(id: Int64, tag: String, raw: UnsafeBufferPointer<UInt8>?, number: Int64?,
               fmt: UnsafeBufferPointer<UInt8>?, attributes: String?) throws {
        let textBytes = (raw?.count ?? 0) + (fmt?.count ?? 0) + (attributes?.utf8.count ?? 0)
        try pipeline.add(.value(id: id, tag: tag, raw: raw.map(Array.init), number: number, fmt: fmt.map(Array.init), attributes: attributes),
                         textBytes: textBytes)
    }
    func child(parent: Int64, position: Int, child: Int64) throws { try pipeline.add(.child(parent: parent, position: position, child: child)) }
    func row(table: Int64, position: Int, cells: UnsafeBufferPointer<Int64>, more: String?) throws {
        try pipeline.add(.row(table: table, position: position, cells: Array(cells), more: more))
    }
    func tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool) throws {
        try pipeline.add(.tableEnd(table: table, rows: rows, sentinels: sentinels, complete: complete))
    }
}

private extension Optional where Wrapped == [UInt8] {
    func withOptionalBuffer<T>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        guard let self else { return try body(nil) }
        return try self.withUnsafeBufferPointer { try body($0) }
    }
}
