extension QueryFile {
    /// Prepares the statement and binds every `:name` it uses from `values` (optional
    /// parameters that were not given are NULL).
    func prepare(in db: Database, _ values: [String: SQLValue]) throws -> Statement {
        let stmt = try db.prepare(sql)
        try bind(stmt, values)
        return stmt
    }

    /// Binds again, for a statement run once per value (the walk's readers of each node).
    func bind(_ stmt: Statement, _ values: [String: SQLValue]) throws {
        stmt.reset()
        guard stmt.parameterCount > 0 else { return }
        for i in 1...stmt.parameterCount {
            guard let full = stmt.parameterName(i) else {
                throw QueryFileError(fileName: fileName, message: "positional parameters are not allowed; bind by name")
            }
            let name = String(full.dropFirst())
            if let value = values[name] {
                stmt.bind(Int32(i), value)
            } else if parameters.contains(where: { $0.name == name && !$0.required })
                        || flags.contains(where: { QueryFile.parameter(flag: $0) == name }) {
                stmt.bind(Int32(i), SQLValue.null)
            } else {
                throw QueryFileError(fileName: fileName, message: "no value for \(full)")
            }
        }
    }

    /// All rows (for small results and for the Swift steps).
    func rows(in db: Database, _ values: [String: SQLValue]) throws -> (columns: [String], rows: [[SQLValue]]) {
        let stmt = try prepare(in: db, values)
        let columns = (0..<stmt.columnCount).map { stmt.columnName($0) }
        var rows: [[SQLValue]] = []
        try stmt.forEachRow { stmt in
            rows.append((0..<columns.count).map { stmt.value($0) })
        }
        return (columns, rows)
    }
}
