import CSQLite
import Foundation


/// Opens agtrace databases, refusing anything that is not one before writing a single byte:
/// a non-SQLite file, a SQLite database of another application, or one written by a newer
/// agtrace. A refused file is left exactly as it was.
public enum DatabaseOpener {
    public enum Mode { case read, write }

    public static func open(_ path: String, mode: Mode) throws -> Database {
        let exists = FileManager.default.fileExists(atPath: path)
        if exists {
            try checkHeader(path)
        } else if mode == .read {
            throw DatabaseRefusal(path: path, reason: "no agtrace database here yet (import something first, or pass --db)")
        }
        var needsMigration = !exists
        if exists {
            let probe = try Database(rawPath: path, readOnly: true, create: false)
            let appId = try probe.scalar("PRAGMA application_id")?.intValue ?? 0
            let version = try probe.scalar("PRAGMA user_version")?.intValue ?? 0
            let objects = try probe.rows("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 6")
            if appId != Schema.applicationId {
                if !objects.isEmpty || appId != 0 {
                    let names = objects.prefix(5).map { $0[0].description }.joined(separator: ", ")
                    throw DatabaseRefusal(path: path, reason: "not an agtrace database (it is a SQLite database of something else\(names.isEmpty ? "" : ", with tables \(names)")); refusing to touch it")
                }
                needsMigration = true
            } else if version > Int64(Schema.latestVersion) {
                throw DatabaseRefusal(path: path, reason: "written by a newer agtrace (schema version \(version); this agtrace knows up to \(Schema.latestVersion)); upgrade agtrace to read it")
            } else if version < Int64(Schema.latestVersion) {
                needsMigration = true
            }
        }
        if needsMigration {
            let writer = try Database(rawPath: path, readOnly: false, create: true)
            try configureWriter(writer)
            try migrate(writer)
            if mode == .write { return writer }
        }
        if mode == .write {
            let writer = try Database(rawPath: path, readOnly: false, create: false)
            try configureWriter(writer)
            return writer
        }
        let reader = try Database(rawPath: path, readOnly: true, create: false)
        reader.denyWrites()
        return reader
    }

    /// A file that exists must be empty or start with SQLite's magic header.
    static func checkHeader(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DatabaseRefusal(path: path, reason: "cannot read the database file (\(String(cString: strerror(errno))))")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        if head.isEmpty { return }
        if head != Data("SQLite format 3\0".utf8) {
            throw DatabaseRefusal(path: path, reason: "not a SQLite database, so not an agtrace database; refusing to touch it")
        }
    }

    static func configureWriter(_ db: Database) throws {
        // WAL lets readers work during an import; NORMAL sync is safe from corruption in WAL
        // mode (a power loss can only lose the last commits, never damage the file).
        _ = try db.scalar("PRAGMA journal_mode=WAL")
        try db.execute("PRAGMA synchronous=NORMAL")
        // Checkpoints (copying the WAL back into the database, with two fsyncs) would double
        // the cost of a large import if run at its commit or on close. Writers instead fold
        // back what earlier imports left before they start (see `checkpointIfLarge`).
        try db.execute("PRAGMA wal_autocheckpoint=0")
        _ = agtrace_sqlite_no_checkpoint_on_close(db.handle)
    }

    /// WAL size above which a writer checkpoints before its own transaction.
    static let checkpointThreshold = 64 << 20

    /// Folds a large WAL back into the database. PASSIVE: never waits for readers; whatever it
    /// cannot copy now, a later writer will.
    static func checkpointIfLarge(_ db: Database) throws {
        let wal = db.path + "-wal"
        guard let size = fileSize(wal),
              size > checkpointThreshold else { return }
        _ = try db.rows("PRAGMA wal_checkpoint(PASSIVE)")
    }

    static func migrate(_ db: Database) throws {
        try db.writeTransaction {
            // Re-read inside the write lock: another process may have migrated meanwhile.
            let current = Int(try db.scalar("PRAGMA user_version")?.intValue ?? 0)
            let appId = try db.scalar("PRAGMA application_id")?.intValue ?? 0
            if appId == Schema.applicationId && current > Schema.latestVersion {
                throw DatabaseRefusal(path: db.path, reason: "written by a newer agtrace (schema version \(current))")
            }
            let start = appId == Schema.applicationId ? current : 0
            for version in start..<Schema.latestVersion {
                try db.execute(Schema.migrations[version])
            }
            try db.execute("PRAGMA application_id=\(Schema.applicationId)")
            try db.execute("PRAGMA user_version=\(Schema.latestVersion)")
        }
    }
}
