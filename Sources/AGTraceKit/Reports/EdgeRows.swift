/// One snapshot's edges as compare-edges gives them, in the table's (source, reader) order:
/// streamed from the statement, or read into memory beforehand (24 bytes an edge; the
/// comparison does it on another connection and thread, BackgroundRead, while it compares
/// the nodes).
struct EdgeRows {
    private let stmt: Statement?
    private var rows: [(src: Int64, dst: Int64, offset: Int64)] = []
    private var at = -1

    static func streamed(_ db: Database, snapshot: Int64) throws -> EdgeRows {
        EdgeRows(stmt: try ReportRegistry.query("compare-edges").prepare(in: db, ["snapshot": .integer(snapshot)]))
    }

    /// All of `snapshot`'s edges, read into memory.
    static func read(_ db: Database, snapshot: Int64) throws -> EdgeRows {
        var streamed = try streamed(db, snapshot: snapshot)
        var read = EdgeRows(stmt: nil)
        while try streamed.step() { read.rows.append((streamed.src, streamed.dst, streamed.offset)) }
        return read
    }

    private init(stmt: Statement?) { self.stmt = stmt }

    /// Moves to the next edge; false after the last.
    mutating func step() throws -> Bool {
        if let stmt { return try stmt.step() }
        at += 1
        return at < rows.count
    }

    var src: Int64 { stmt?.int64(0) ?? rows[at].src }
    var dst: Int64 { stmt?.int64(1) ?? rows[at].dst }
    var offset: Int64 { stmt?.int64(2) ?? rows[at].offset }
}
