/// Runs user SQL on a read-only connection and streams the rows to a writer.
public enum QueryRunner {
    /// Returns whether `limit` left rows out.
    @discardableResult
    public static func run(_ source: QuerySource, in db: Database, limit: Int? = nil,
                           writer: RowSink) throws -> Bool {
        do {
            return try run(source.sql, in: db, limit: limit, writer: writer)
        } catch {
            throw source.shown(error)
        }
    }

    @discardableResult
    public static func run(_ sql: String, in db: Database, limit: Int? = nil,
                           writer: RowSink) throws -> Bool {
        let stmt = try db.prepare(sql)
        if db.containsStatement(stmt.tail) {
            throw DatabaseError(path: db.path, code: 1,
                                message: "only one statement runs at a time, and this SQL holds more after the first ';' (nothing was run)")
        }
        let columns = (0..<stmt.columnCount).map { stmt.columnName($0) }
        writer.begin(columns: columns)
        var n = 0
        while try (limit.map { n < $0 } ?? true) && stmt.step() {
            writer.row((0..<columns.count).map { stmt.value($0) })
            n += 1
            // Nobody reads any more (`| head`): an endless query stops here, not never.
            if writer.isClosed { return false }
        }
        writer.end()
        guard let limit, n == limit else { return false }
        return try stmt.step()
    }
}
