import CSQLite

/// `INSERT OR FAIL INTO table(columns) VALUES (…), (…), …` for up to `rows` rows per step,
/// prepared once per row count used, when first used (the full count, then whatever the last
/// chunk needs; a small import never runs the full one).
/// SQLite's cost per step (VDBE setup, opening the table, reset) is then paid once for many
/// rows: at a million rows that is a tenth of the import.
///
/// The statements are `INSERT OR FAIL`, said here rather than by each caller: a statement of
/// many rows whose conflicts ABORT (the default) needs a statement journal to undo its own
/// rows, and with 16 KB pages SQLite wrote one to a temporary file at every step: 254 MB of it
/// for a 45 MB archive, 419 MB for a 20 MB trace (an archive import 0.92x wall without it).
/// FAIL keeps the rows before the one that failed, but every caller writes inside the
/// import's transaction, which any error rolls back whole.
final class MultiRowInsert {
    private let db: Database
    private let prefix: String
    private let row: String
    /// Parameters per row.
    let columns: Int
    private var statements: [Int: Statement] = [:]
    private var full: Statement?
    let rows: Int

    /// `row` is one row's values, `?` where a value is bound (`columns` of them): constants
    /// written into it (a snapshot's or a run's id, `NULL` for columns an import leaves empty)
    /// are values not bound per row. A rowid left out of `target`'s columns is the next one,
    /// appended without a lookup; one given, even as NULL, is looked up first. `target` is the
    /// table and its columns: `node_rows(id, snapshot_id, …)`.
    init(db: Database, into target: String, columns: Int, rows: Int, row: String? = nil) throws {
        self.db = db
        prefix = "INSERT OR FAIL INTO \(target) VALUES"
        self.columns = columns
        self.rows = rows
        self.row = row ?? "(" + Array(repeating: "?", count: columns).joined(separator: ",") + ")"
    }

    /// The statement for `n` rows; row `k`'s column `c` (1-based) is parameter `k * columns + c`.
    func statement(rows n: Int) throws -> Statement {
        if n == rows, let full { return full }
        if n != rows, let s = statements[n] { return s }
        let s = try Self.prepare(db, prefix, row, n)
        if n == rows { full = s } else { statements[n] = s }
        return s
    }

    /// Writes all of `rows`, one step per `self.rows` of them: `bind` binds one row's values
    /// from the column it is given, by hand (see `Statement.bindRow` for why not through it).
    @inline(__always)
    func write<Rows: Collection>(_ rows: Rows, _ bind: (Statement, Int32, Rows.Element) -> Void) throws {
        var start = rows.startIndex
        while start != rows.endIndex {
            let end = rows.index(start, offsetBy: self.rows, limitedBy: rows.endIndex) ?? rows.endIndex
            let s = try statement(rows: rows.distance(from: start, to: end))
            var column: Int32 = 1
            for row in rows[start..<end] {
                bind(s, column, row)
                column += Int32(columns)
            }
            try s.run()
            start = end
        }
    }

    /// Refuses a step whose last row did not get row id `last`, the id the rows' importer
    /// refers to them by (`expectedBy` names it: "the run"), rather than store rows under ids
    /// nothing else knows. `table` names the table in the error.
    func requireLastRowid(_ last: Int64, in table: String, expectedBy: String) throws {
        let given = db.lastInsertRowid
        guard given == last else {
            throw DatabaseError(path: db.path, code: SQLITE_INTERNAL,
                                message: "\(table): SQLite gave row id \(given) where \(expectedBy) expects \(last)")
        }
    }

    /// Whether the `count` ids `id(0)`, `id(1)`, … are the ones after `largest`, the
    /// table's largest: then a statement that leaves the id out gets them from SQLite.
    @inline(__always)
    static func idsComeNext(_ count: Int, after largest: Int64, _ id: (Int) -> Int64) -> Bool {
        (0..<count).allSatisfy { id($0) == largest + 1 + Int64($0) }
    }

    private static func prepare(_ db: Database, _ prefix: String, _ row: String, _ rows: Int) throws -> Statement {
        return try db.prepare(prefix + " " + Array(repeating: row, count: rows).joined(separator: ","))
    }
}
