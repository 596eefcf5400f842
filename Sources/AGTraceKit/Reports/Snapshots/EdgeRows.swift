/// One snapshot's edges as compare-edges gives them, in the table's (source, reader) order:
/// streamed from the statement, or read into memory beforehand (24 bytes an edge; the
/// comparison does it on another connection and thread, BackgroundRead, while it compares
/// the nodes).
struct EdgeRows {
    private var cursor: RowCursor
    private var rows: [(src: Int64, dst: Int64, offset: Int64)] = []

    static func streamed(_ db: Database, snapshot: Int64) throws -> EdgeRows {
        EdgeRows(cursor: RowCursor(try ReportRegistry.query("compare-edges").prepare(in: db, ["snapshot": .integer(snapshot)])))
    }

    /// All of `snapshot`'s edges, read into memory.
    static func read(_ db: Database, snapshot: Int64) throws -> EdgeRows {
        var streamed = try streamed(db, snapshot: snapshot)
        var rows: [(src: Int64, dst: Int64, offset: Int64)] = []
        while try streamed.step() { rows.append((streamed.src, streamed.dst, streamed.offset)) }
        return EdgeRows(cursor: RowCursor(rowsInMemory: rows.count), rows: rows)
    }

    /// Moves to the next edge; false after the last.
    mutating func step() throws -> Bool { try cursor.step() }

    var src: Int64 { cursor.statement?.int64(0) ?? rows[cursor.at].src }
    var dst: Int64 { cursor.statement?.int64(1) ?? rows[cursor.at].dst }
    var offset: Int64 { cursor.statement?.int64(2) ?? rows[cursor.at].offset }
}
