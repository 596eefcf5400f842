import CSQLite
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
    /// (it has no trigger today), any of its objects whose definition (its `CREATE` statement
    /// in `sqlite_master`, spaces aside) is not the one agtrace wrote (a `CHECK`, a `DEFAULT`,
    /// a generated column or a column added would run or change what `import` writes), and any
    /// of its objects missing. The definitions are compared through one hash first
    /// (`definitionHash`): an unchanged database costs reading `sqlite_master` once.
    static func unexpected(in db: Database, version: Int) throws -> [String] {
        guard version >= 0, version <= Schema.latestVersion else { return [] }
        let ours = try definitionHash(version: version)
        if version == Schema.latestVersion, try rawHash(in: db) == Schema.currentRawHash {
            return try recordedHashProblem(in: db, version: version, ours: ours).map { [$0] } ?? []
        }
        let found = try objects(in: db)
        if hash(of: found) == ours { return try recordedHashProblem(in: db, version: version, ours: ours).map { [$0] } ?? [] }
        let expected = try expected(version: version)
        var problems: [String] = []
        var seen = Set<String>()
        for object in found {
            seen.insert(object.name)
            let ours = expected[object.name]
            if ours == nil || ours?.type != object.type {
                switch object.type {
                case "trigger", "index": problems.append("\(object.type) '\(object.name)' on \(object.table)")
                default: problems.append("\(object.type) '\(object.name)'")
                }
            } else if normalized(object.sql) != normalized(ours?.sql) {
                // What runs (a view's query, a trigger's body, a table's CHECKs, DEFAULTs and
                // generated columns, an index's expressions) must be ours word for word.
                problems.append("\(object.type) '\(object.name)' (not as agtrace defines it)")
            }
        }
        for (name, object) in expected.sorted(by: { $0.key < $1.key }) where !seen.contains(name) {
            problems.append("\(object.type) '\(name)' (missing)")
        }
        return problems
    }

    /// The first version whose databases record their schema's hash (`schema_hash`).
    static let hashRecordedSince = 20

    /// Writes the hash of schema `version`'s definitions into `schema_hash` (inside the
    /// migration's transaction, after it ran).
    static func recordHash(version: Int = Schema.latestVersion, in db: Database) throws {
        try db.execute("DELETE FROM schema_hash")
        try db.prepare("INSERT INTO schema_hash(version, sha256) VALUES (?1, ?2)")
            .runRow(Int64(version), try definitionHash(version: version))
    }

    /// What is wrong with the hash a database of `version` recorded, when its objects are ours:
    /// none recorded, or one other than the hash of this version's definitions (`ours`).
    static func recordedHashProblem(in db: Database, version: Int, ours: String) throws -> String? {
        guard version >= hashRecordedSince else { return nil }
        let recorded = try db.rows("SELECT version, sha256 FROM schema_hash")
        guard recorded.count == 1, recorded[0][0].intValue == Int64(version) else {
            return "table 'schema_hash' (\(recorded.isEmpty ? "no" : "not one") recorded hash of schema version \(version))"
        }
        let hash = recorded[0][1].description
        return hash == ours ? nil : "table 'schema_hash' (its recorded hash \(hash.prefix(12))… is not schema version \(version)'s, \(ours.prefix(12))…)"
    }

    /// SHA-256 of `sqlite_master`'s rows as SQLite holds them (ours: `selectObjects`), in
    /// name order, each column's kind, length and bytes: no two schemas give the same bytes.
    /// The latest schema's is `Schema.currentRawHash`. Equal, the objects are ours byte for
    /// byte, and opening reads nothing else of them: ~100 rows hashed from SQLite's own memory,
    /// where making strings of them and normalizing their spaces cost ~1 ms.
    static func rawHash(in db: Database) throws -> String {
        let stmt = try db.prepare(selectObjects + " ORDER BY name, type")
        var sha = SHA256()
        var head = [UInt8](repeating: 0, count: 9)
        while try stmt.step() {
            for column in 0..<4 {
                let type = sqlite3_column_type(stmt.handle, Int32(column))
                let text = type == SQLITE_TEXT ? stmt.bytes(column) : nil
                head[0] = type == SQLITE_TEXT ? 0x54 : type == SQLITE_NULL ? 0x4E : 0x4F  // T, N, O
                withUnsafeBytes(of: UInt64(text?.count ?? 0).littleEndian) { head.replaceSubrange(1..<9, with: $0) }
                sha.update(head)
                if let text { sha.update(UnsafeRawBufferPointer(text)) }
            }
        }
        return sha.finalizeHex()
    }

    /// SHA-256 of the objects' kinds, names and definitions (spaces aside), sorted by name.
    static func hash(of objects: [Object]) -> String {
        var sha = SHA256()
        for o in objects.sorted(by: { ($0.name, $0.type) < ($1.name, $1.type) }) {
            sha.update(Array("\(o.type)\u{0}\(o.name)\u{0}\(o.table)\u{0}\(normalized(o.sql))\u{0}\u{1}".utf8))
        }
        return sha.finalizeHex()
    }

    nonisolated(unsafe) private static var hashes: [Int: String] = [:]

    /// The hash of what schema `version` is, as agtrace writes it: what a database's own
    /// `sqlite_master` must hash to. The latest's is `Schema.currentHash`, worked out when
    /// `agtrace-docs` wrote CurrentSchema.swift (building the schema in memory to hash it cost
    /// every command ~4 ms); an older one's, from its migrations replayed.
    static func definitionHash(version: Int) throws -> String {
        if version == Schema.latestVersion { return Schema.currentHash }
        let objects = try expected(version: version)
        lock.lock()
        defer { lock.unlock() }
        if let known = hashes[version] { return known }
        let h = hash(of: Array(objects.values))
        hashes[version] = h
        return h
    }

    static func normalized(_ sql: String?) -> String {
        (sql ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
