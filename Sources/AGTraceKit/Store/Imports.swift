/// The `imports` table: one row per import whatever its kind, written one way by common code
/// (`Importer`), holding what every recording has. Labels, stored bytes and deletion are one
/// indexed query each here, not a loop over every kind's table. Each kind's rows key to it
/// through their facts row's `import_id` (`ImportsMigration`).
public enum Imports {
    /// One import's row.
    public struct Row: Equatable, Sendable {
        public var id: Int64
        /// The stored kind's noun (`snapshot`, `run`, …).
        public var kind: String
        public var label: String
        /// The path as given, absolute ("-" for standard input).
        public var source: String
        /// Bytes read; nil for standard input.
        public var size: Int?
        public var sha256: String
        /// `gzip`, `raw DEFLATE`, or nil when the bytes were not compressed.
        public var compression: String?
        public var importedAt: String
        /// How it ended: true normally, false not, nil unknown; and in words.
        public var complete: Bool?
        public var endReason: String?
    }

    /// The id the next import takes (the write lock is held): its kind's facts row keys to it
    /// before the row itself is written, last.
    static func nextId(in db: Database) throws -> Int64 {
        try db.nextRowId(in: "imports")
    }

    /// Writes the import's row, inside its transaction, after its kind's rows: a row written
    /// first and updated at the end would go to the WAL twice in a large import.
    static func insert(_ row: Row, in db: Database) throws {
        try db.prepare("""
            INSERT INTO imports(id, kind, label, source, size_bytes, sha256, compression, imported_at, complete, end_reason)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """).runRow(row.id, row.kind, row.label, row.source, row.size, row.sha256, row.compression, row.importedAt,
                        row.complete, row.endReason)
    }

    /// The label of the import that stored these bytes, or nil.
    static func label(holding sha256: String, in db: Database) throws -> String? {
        try db.scalar("SELECT label FROM imports WHERE sha256 = ?1 ORDER BY id LIMIT 1", [.text(sha256)])?.description
    }

    /// Whether anything stored has `size` bytes (or an unknown size): only then is a file worth
    /// hashing before its import (`StoredCopy`).
    static func holdsBytes(ofSize size: Int64, in db: Database) throws -> Bool {
        try db.scalar("SELECT EXISTS(SELECT 1 FROM imports WHERE sha256 IS NOT NULL AND coalesce(size_bytes, ?1) = ?1)",
                      [.integer(size)])?.intValue == 1
    }

    /// The kind (noun) of the import labelled `label`, of `kind` only when given; nil when none.
    static func kind(labelled label: String, kind: String? = nil, in db: Database) throws -> String? {
        if let kind {
            return try db.scalar("SELECT kind FROM imports WHERE label = ?1 AND kind = ?2", [.text(label), .text(kind)])?.description
        }
        return try db.scalar("SELECT kind FROM imports WHERE label = ?1 ORDER BY id LIMIT 1", [.text(label)])?.description
    }
}
