/// What `agtrace list` shows: every stored import of every kind with its kind's own counts (a
/// trace's nodes and its edges live at the end).
public enum Catalog {
    /// The columns of its kinds' own (`StoredKind.listed`), every registered kind's, in the
    /// registry's order: a name two kinds give is one column.
    static var kindColumns: [String] {
        var names: [String] = []
        for kind in InputFormats.storedKinds { for column in kind.listed where !names.contains(column.name) { names.append(column.name) } }
        return names
    }

    /// One row per stored row of every kind (`StoredKind.listing`), kind by kind in the
    /// registry's order, each kind's in import order.
    public static func list(_ db: Database) throws -> (columns: [String], rows: [[SQLValue]]) {
        let kinds = try InputFormats.storedKinds(in: db), own = kindColumns
        let sql = kinds.enumerated().map { i, kind in "SELECT *, \(i) AS sort_kind FROM (\(kind.listing(columns: own)))" }
            .joined(separator: "\nUNION ALL\n") + "\nORDER BY sort_kind, sort_id"
        let stmt = try db.prepare(sql)
        let columns = (0..<(stmt.columnCount - 2)).map { stmt.columnName($0) }
        var rows: [[SQLValue]] = []
        try stmt.forEachRow { stmt in
            var row = (0..<columns.count).map { stmt.value($0) }
            if let complete = kinds[Int(stmt.int64(columns.count + 1))].completeListing {
                try complete(&row, columns, stmt.int64(columns.count), db)
            }
            rows.append(row)
        }
        return (columns, rows)
    }
}

/// A label that names nothing stored.
public struct UnknownLabel: Error, CustomStringConvertible, Equatable {
    public var label: String
    public var description: String {
        "no \(InputFormats.storedKinds.map(\.noun).listed("or")) is labelled '\(label)' (see agtrace list)"
    }
}

extension Catalog {
    /// Deletes the labelled snapshots, runs and traces in one transaction; all or nothing.
    public static func delete(labels: [String], in db: Database) throws -> [String] {
        try db.writeTransaction {
            for label in labels {
                guard try SnapshotDeletion.deleteLabel(label, in: db) else { throw UnknownLabel(label: label) }
            }
            return labels
        }
    }
}
