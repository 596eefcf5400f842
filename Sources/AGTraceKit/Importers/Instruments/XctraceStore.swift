/// The xctrace writer: records -> rows of `xctrace_toc_tables`, `xctrace_tables`,
/// `xctrace_columns`, `xctrace_values`, `xctrace_children` and `xctrace_rows`, under one
/// recording's id. It runs on the pipeline's writer thread (`XctracePipeline`), a batch at a
/// time: values, children and rows by multi-row statements (`MultiRowInsert`: SQLite's cost
/// per step paid once for many rows), bound by hand from the batch's flat arrays, the texts
/// straight from its bytes (SQLite copies them into the row as it steps).
final class XctraceStore {
    let db: Database
    let recordingId: Int64
    /// Run 1 of a toc (the recording's row says its device, process, template).
    private(set) var firstRun: XctraceRun?
    private let insertToc, insertTable, insertColumn, finishTable: Statement
    private let insertValues, insertChildren: MultiRowInsert
    /// Rows name only the slots their table uses (the others stay NULL): a statement per
    /// count of slots, the current table's in `insertRows`.
    private var insertRowsBySlots: [Int: MultiRowInsert] = [:]
    private var insertRows: MultiRowInsert
    private var rowSlots = XctraceSchemas.fixedSlots

    static let valuesPerStatement = 128, childrenPerStatement = 256, rowsPerStatement = 32

    init(db: Database, recordingId: Int64) throws {
        self.db = db
        self.recordingId = recordingId
        insertToc = try db.prepare("INSERT OR REPLACE INTO xctrace_toc_tables(recording_id, run, position, schema, attributes) VALUES (?1, ?2, ?3, ?4, ?5)")
        insertTable = try db.prepare("""
            INSERT INTO xctrace_tables(id, recording_id, position, schema, row_count, sentinel_count, xpath, documentation, document)
            VALUES (?1, ?2, ?3, ?4, 0, 0, ?5, ?6, ?7)
            """)
        insertColumn = try db.prepare("""
            INSERT INTO xctrace_columns(table_id, position, mnemonic, name, engineering_type, slot) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        finishTable = try db.prepare("UPDATE xctrace_tables SET row_count = ?2, sentinel_count = ?3, complete = ?4 WHERE id = ?1")
        // The recording's id is the same in every row: written into the statement, not bound.
        insertValues = try MultiRowInsert(db: db, into: "xctrace_values(id, recording_id, tag, raw, number, fmt, attributes)",
                                          columns: 6, rows: Self.valuesPerStatement, row: "(?,\(recordingId),?,?,?,?,?)")
        insertChildren = try MultiRowInsert(db: db, into: "xctrace_children(parent_id, position, child_id)",
                                            columns: 3, rows: Self.childrenPerStatement)
        insertRows = try Self.rowInsert(db, slots: rowSlots)
        insertRowsBySlots[rowSlots] = insertRows
    }

    private static func rowInsert(_ db: Database, slots: Int) throws -> MultiRowInsert {
        let names = (0..<slots).map { "c\($0), " }.joined()
        return try MultiRowInsert(db: db, into: "xctrace_rows(table_id, position, \(names)more)",
                                  columns: slots + 3, rows: Self.rowsPerStatement)
    }

    /// The rows that follow are `head`'s: the statement for the slots it uses.
    private func useRowSlots(of head: XctraceTableHead) throws {
        rowSlots = min((head.columns.map(\.slot).max() ?? -1) + 1, XctraceSchemas.fixedSlots)
        if let s = insertRowsBySlots[rowSlots] { insertRows = s; return }
        insertRows = try Self.rowInsert(db, slots: rowSlots)
        insertRowsBySlots[rowSlots] = insertRows
    }

    /// A batch's records, in the order the reader gave them.
    func write(_ batch: XctraceBatch) throws {
        var values = 0, children = 0, rows = 0
        for mark in batch.marks {
            try writeBulk(batch, values: values..<mark.values, children: children..<mark.children, rows: rows..<mark.rows)
            (values, children, rows) = (mark.values, mark.children, mark.rows)
            try write(mark.record)
        }
        try writeBulk(batch, values: values..<batch.values.count, children: children..<batch.childCount, rows: rows..<batch.rowCount)
    }

    private func write(_ record: XctraceBatch.Other) throws {
        switch record {
        case .run(let run):
            if firstRun == nil { firstRun = run }
        case .toc(let run, let position, let schema, let attributes):
            try insertToc.runRow(recordingId, run, position, schema, attributes)
        case .table(let head, let id):
            try insertTable.runRow(id, recordingId, head.position, head.schema, head.xpath, head.documentation, head.document)
            try useRowSlots(of: head)
            for (i, c) in head.columns.enumerated() {
                try insertColumn.runRow(id, i, c.mnemonic, c.name, c.engineeringType, c.slot)
            }
        case .tableEnd(let table, let rows, let sentinels, let complete):
            try finishTable.runRow(table, rows, sentinels, complete)
        }
    }

    private func writeBulk(_ batch: XctraceBatch, values: Range<Int>, children: Range<Int>, rows: Range<Int>) throws {
        let more = batch.more
        try batch.bytes.withUnsafeBufferPointer { bytes in
            try insertValues.write(batch.values[values]) { s, c, v in
                s.bind(c, v.id)
                Self.bind(s, c + 1, v.tag, bytes)
                Self.bind(s, c + 2, v.raw, bytes)
                if v.hasNumber { s.bind(c + 3, v.number) } else { s.bindNull(c + 3) }
                Self.bind(s, c + 4, v.fmt, bytes)
                Self.bind(s, c + 5, v.attributes, bytes)
            }
        }
        try batch.children.withUnsafeBufferPointer { all in
            try insertChildren.write(children) { s, c, k in
                s.bind(c, all[3 * k])
                s.bind(c + 1, all[3 * k + 1])
                s.bind(c + 2, all[3 * k + 2])
            }
        }
        let width = XctraceBatch.rowWidth, used = rowSlots + 2
        try batch.rows.withUnsafeBufferPointer { all in
            try insertRows.write(rows) { s, c, k in
                let row = all.baseAddress! + width * k
                s.bind(c, row[0])
                s.bind(c + 1, row[1])
                for i in 2..<used {
                    let v = row[i]
                    if v == 0 { s.bindNull(c + Int32(i)) } else { s.bind(c + Int32(i), v) }
                }
                s.bind(c + Int32(used), more.isEmpty ? nil : more[k])
            }
        }
    }

    @inline(__always)
    private static func bind(_ s: Statement, _ i: Int32, _ t: XctraceBatch.Text, _ bytes: UnsafeBufferPointer<UInt8>) {
        if t.count < 0 { s.bindNull(i) } else {
            s.bindStatic(i, UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + Int(t.start) }, count: Int(t.count)))
        }
    }
}
