import Foundation

/// The tables, indexes and views agtrace's schema holds at each version, and what else a
/// database holds: a database from elsewhere (a CI cache restored from an untrusted branch)
/// can carry a trigger that fires during `import` and deletes other rows, or a view that
/// shadows one of ours with other rows. `DatabaseOpener` refuses such a file, naming them.
enum SchemaObjects {
    /// A schema object: its kind (`table`, `index`, `view`, `trigger`), name, table and SQL.
    struct Object: Equatable {
        var type: String
        var name: String
        var table: String
        var sql: String?
    }

    /// Objects SQLite makes itself (an `ANALYZE`'s statistics, autoindexes of UNIQUE keys).
    static let selectObjects = """
        SELECT type, name, tbl_name, sql FROM sqlite_master
        WHERE NOT (type = 'index' AND name LIKE 'sqlite_autoindex_%')
          AND NOT (type = 'table' AND name IN ('sqlite_sequence', 'sqlite_stat1', 'sqlite_stat2', 'sqlite_stat3', 'sqlite_stat4'))
        """

    static func objects(in db: Database) throws -> [Object] {
        try db.rows(selectObjects).map {
            Object(type: $0[0].description, name: $0[1].description, table: $0[2].description, sql: $0[3].stringValue)
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [Int: [String: Object]] = [:]

    /// The objects of schema `version` by name, from the migrations replayed into memory.
    static func expected(version: Int) throws -> [String: Object] {
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[version] { return known }
        let scratch = try Database(rawPath: ":memory:", readOnly: false, create: true)
        if version == Schema.latestVersion {
            try scratch.execute(Schema.current)
        } else {
            for migration in Schema.migrations.prefix(version) { try scratch.execute(migration) }
        }
        let byName = Dictionary(try objects(in: scratch).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        cache[version] = byName
        return byName
    }

    /// What `db` (an agtrace database of schema `version`) holds that agtrace did not create,
    /// each as a message names it: any table, index, view or trigger the schema does not have
    /// (it has no trigger today), a view or trigger of one of its names with other SQL.
    static func unexpected(in db: Database, version: Int) throws -> [String] {
        guard version >= 0, version <= Schema.latestVersion else { return [] }
        let expected = try expected(version: version)
        var found: [String] = []
        for object in try objects(in: db) {
            let ours = expected[object.name]
            if ours == nil || ours?.type != object.type {
                switch object.type {
                case "trigger", "index": found.append("\(object.type) '\(object.name)' on \(object.table)")
                default: found.append("\(object.type) '\(object.name)'")
                }
            } else if object.type == "view" || object.type == "trigger", normalized(object.sql) != normalized(ours?.sql) {
                // What runs (a view's query, a trigger's body) must be ours word for word.
                found.append("\(object.type) '\(object.name)' (not as agtrace defines it)")
            }
        }
        return found
    }

    static func normalized(_ sql: String?) -> String {
        (sql ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
