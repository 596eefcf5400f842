/// The xctrace reader's sink on the importing thread: records go in batches (`XctraceBatch`,
/// flat arrays: no allocation per value or row) to a writer thread (`RecordPipeline`) that
/// replays them onto `XctraceStore`, so parsing and SQLite overlap. Table ids are given here
/// (consecutive from the next free one), so the reader needs no answer from the writer. The
/// batch is filled here, then swapped into a box that crosses; boxes come back emptied from
/// the writer, their storage kept for the next batch.
final class XctracePipeline: XctraceSink, ImportPipeline {
    /// One box a record: the box is the unit handed over.
    let pipeline: RecordPipeline<XctraceBatch.Box>
    private var nextTableId: Int64
    @exclusivity(unchecked) private var batch = XctraceBatch()
    private let spare: BoundedQueue<XctraceBatch.Box>

    init(store: XctraceStore, firstTableId: Int64) {
        nextTableId = firstTableId
        let spare = BoundedQueue<XctraceBatch.Box>(capacity: 4)
        self.spare = spare
        pipeline = RecordPipeline(batchSize: 1, write: { boxes in
            for box in boxes {
                try store.write(box.batch)
                box.batch.removeAll()
                spare.offer(box)
            }
        })
    }

    /// Sends what the current batch holds (the reader is done, or the batch is full).
    func flush() throws {
        guard !batch.isEmpty else { return }
        let box = spare.poll() ?? XctraceBatch.Box()
        swap(&batch, &box.batch)
        try pipeline.add(box)
    }

    @inline(__always) private func sendIfFull() throws {
        if batch.isFull { try flush() }
    }

    func run(_ run: XctraceRun) throws { batch.add(.run(run)) }
    func tocTable(run: Int, position: Int, schema: String, attributes: String?) throws {
        batch.add(.toc(run: run, position: position, schema: schema, attributes: attributes))
        try sendIfFull()
    }
    func table(_ head: XctraceTableHead) throws -> Int64 {
        let id = nextTableId
        nextTableId += 1
        batch.add(.table(head, id: id))
        return id
    }
    func value(id: Int64, tag: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>?, number: Int64?,
               fmt: UnsafeBufferPointer<UInt8>?, attributes: UnsafeBufferPointer<UInt8>?) throws {
        batch.addValue(id: id, tag: tag, raw: raw, number: number, fmt: fmt, attributes: attributes)
        try sendIfFull()
    }
    func child(parent: Int64, position: Int, child: Int64) throws {
        batch.addChild(parent: parent, position: position, child: child)
        try sendIfFull()
    }
    func row(table: Int64, position: Int, cells: UnsafeBufferPointer<Int64>, more: String?) throws {
        batch.addRow(table: table, position: position, cells: cells, more: more)
        try sendIfFull()
    }
    func tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool) throws {
        batch.add(.tableEnd(table: table, rows: rows, sentinels: sentinels, complete: complete))
        try sendIfFull()
    }
}
