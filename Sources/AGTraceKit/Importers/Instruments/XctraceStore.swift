/// The xctrace writer: records -> rows of `xctrace_toc_tables`, `xctrace_tables`,
/// `xctrace_columns`, `xctrace_values`, `xctrace_children` and `xctrace_rows`, under one
/// recording's id. Per-row statements bind by hand (no parameter packs: they are the import's
/// hot path). It runs on the pipeline's writer thread (`XctracePipeline`).
final class XctraceStore {
    let db: Database
    let recordingId: Int64
    /// Run 1 of a toc (the recording's row says its device, process, template).
    private(set) var firstRun: XctraceRun?
    private let insertToc, insertTable, insertColumn, insertValue, insertChild, insertRow, finishTable: Statement

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
        insertValue = try db.prepare("INSERT INTO xctrace_values(id, recording_id, tag, raw, number, fmt, attributes) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        insertChild = try db.prepare("INSERT INTO xctrace_children(parent_id, position, child_id) VALUES (?1, ?2, ?3)")
        let slots = (0..<XctraceSchemas.fixedSlots).map { "c\($0)" }
        insertRow = try db.prepare("INSERT INTO xctrace_rows(table_id, position, \(slots.joined(separator: ", ")), more) VALUES ("
                                   + (1...(XctraceSchemas.fixedSlots + 3)).map { "?\($0)" }.joined(separator: ", ") + ")")
        finishTable = try db.prepare("UPDATE xctrace_tables SET row_count = ?2, sentinel_count = ?3, complete = ?4 WHERE id = ?1")
    }

    func run(_ run: XctraceRun) throws {
        if firstRun == nil { firstRun = run }
    }

    func tocTable(run: Int, position: Int, schema: String, attributes: String?) throws {
        try insertToc.runRow(recordingId, run, position, schema, attributes)
    }

    /// A table under the id the pipeline gave it.
    func table(_ head: XctraceTableHead, id: Int64) throws {
        try insertTable.runRow(id, recordingId, head.position, head.schema, head.xpath, head.documentation, head.document)
        for (i, c) in head.columns.enumerated() {
            try insertColumn.runRow(id, i, c.mnemonic, c.name, c.engineeringType, c.slot)
        }
    }

    func value(id: Int64, tag: String, raw: UnsafeBufferPointer<UInt8>?, number: Int64?,
               fmt: UnsafeBufferPointer<UInt8>?, attributes: String?) throws {
        let s = insertValue
        s.bind(1, id)
        s.bind(2, recordingId)
        s.bind(3, tag)
        if let raw { s.bindStatic(4, raw) } else { s.bindNull(4) }
        s.bind(5, number)
        if let fmt { s.bindStatic(6, fmt) } else { s.bindNull(6) }
        s.bind(7, attributes)
        try s.run()
    }

    func child(parent: Int64, position: Int, child: Int64) throws {
        let s = insertChild
        s.bind(1, parent)
        s.bind(2, Int64(position))
        s.bind(3, child)
        try s.run()
    }

    func row(table: Int64, position: Int, cells: UnsafeBufferPointer<Int64>, more: String?) throws {
        let s = insertRow
        s.bind(1, table)
        s.bind(2, Int64(position))
        for i in 0..<XctraceSchemas.fixedSlots {
            let v = i < cells.count ? cells[i] : 0
            if v == 0 { s.bindNull(Int32(i + 3)) } else { s.bind(Int32(i + 3), v) }
        }
        s.bind(Int32(XctraceSchemas.fixedSlots + 3), more)
        try s.run()
    }

    func tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool) throws {
        try finishTable.runRow(table, rows, sentinels, complete)
    }
}
