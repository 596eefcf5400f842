import CSQLite
import Foundation


/// Opens agtrace databases, refusing anything that is not one before writing a single byte:
/// a non-SQLite file, a SQLite database of another application, or one written by a newer
/// agtrace. A refused file is left exactly as it was.
public enum DatabaseOpener {
    public enum Mode { case read, write }

    /// Process-wide settings for the connections `open` makes; the CLI fills them from the
    /// environment.
    public struct Settings: Sendable {
        /// How long to wait, in all, for another process's lock (`Database.lockTimeout`).
        public var lockTimeout: TimeInterval = 600
        /// A cap on the database's size in pages for writers (`PRAGMA max_page_count`): a test
        /// hook that makes SQLite report a full disk. nil: no cap.
        public var maxPageCount: Int?
        /// Databases up to this many bytes get SQLite's quick check whole before a write;
        /// larger ones, of the tables each import writes (`AGTRACE_QUICK_CHECK_LIMIT`, for tests).
        public var quickCheckLimit: Int = DatabaseOpener.quickCheckLimit
        public init(lockTimeout: TimeInterval = 600, maxPageCount: Int? = nil) {
            self.lockTimeout = lockTimeout
            self.maxPageCount = maxPageCount
        }

        /// Whether this process may write `path` (a file or a directory): access(2), which also
        /// says no on a read-only file system (EROFS), even to root. Tests replace it to reach the
        /// read-only paths as root.
        public var canWrite: @Sendable (String) -> Bool = { access($0, W_OK) == 0 }

        /// A setting in the environment that is not a value it can take: the command does not run.
        public struct Invalid: Error, CustomStringConvertible {
            public var variable: String
            public var value: String
            public var expected: String
            public var description: String { "\(variable)=\(value): not \(expected)" }
        }

        /// `AGTRACE_LOCK_TIMEOUT` (seconds, exact; anything but a finite number ≥ 0 is
        /// `Invalid`, rather than silently the default) and `AGTRACE_MAX_PAGE_COUNT` (pages; for
        /// tests).
        public static func fromEnvironment(_ environment: [String: String]) throws -> Settings {
            try fromEnvironment { environment[$0] }
        }

        /// The same, from this process's environment (read per variable: Foundation's
        /// dictionary of all of them costs a command start 0.1 ms).
        public static func fromEnvironment() throws -> Settings {
            try fromEnvironment(Platform.environmentValue)
        }

        static func fromEnvironment(_ environment: (String) -> String?) throws -> Settings {
            var settings = Settings()
            if let text = environment("AGTRACE_LOCK_TIMEOUT") {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard let seconds = Double(trimmed), seconds.isFinite, seconds >= 0,
                      trimmed.allSatisfy({ $0.isNumber || $0 == "." }) else {
                    throw Invalid(variable: "AGTRACE_LOCK_TIMEOUT", value: text, expected: "a number of seconds (0 or more, e.g. 600 or 2.5)")
                }
                settings.lockTimeout = seconds
            }
            if let text = environment("AGTRACE_MAX_PAGE_COUNT"), let pages = Int(text), pages > 0 {
                settings.maxPageCount = pages
            }
            if let text = environment("AGTRACE_QUICK_CHECK_LIMIT"), let bytes = Int(text), bytes >= 0 {
                settings.quickCheckLimit = bytes
            }
            return settings
        }
    }

    /// What the probe found in an existing file.
    struct Probe {
        var applicationId: Int64
        var version: Int64
        var objects: [String]
        /// Objects agtrace did not create (`SchemaObjects.unexpected`), in an agtrace database.
        var unexpected: [String] = []
    }

    public static func open(_ path: String, mode: Mode, settings: Settings = Settings()) throws -> Database {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw DatabaseRefusal(path: path, reason: "is a directory, not a database file (pass --db DIR/agtrace.db)")
        }
        if exists {
            try checkHeader(path)
        } else if mode == .read {
            throw DatabaseRefusal(path: path, reason: "no agtrace database here yet (import something first, or pass --db)")
        }
        // A reader never writes: an empty file stays empty (an import makes it a database).
        // One that another process is creating is empty only until that process's first
        // transaction writes it, milliseconds: wait that out, then read what it made.
        if mode == .read && fileSize(path) == 0 && !waitForContent(path, seconds: Self.creationGrace) {
            throw DatabaseRefusal(path: path, reason: "an empty file, no agtrace database yet (import something first); left as it is")
        }
        let immutable = mode == .read && exists ? try readsImmutably(path, settings: settings) : false
        var needsMigration = !exists
        // A new file holds nothing damaged; an existing one small enough is checked whole here.
        var checkedWhole = !exists
        if exists {
            if !immutable { try rollBackHotJournal(path, lockTimeout: settings.lockTimeout) }
            let (probe, connection) = try self.probe(path, lockTimeout: settings.lockTimeout, immutable: immutable)
            try refuseForeignOrNewer(probe, path: path)
            needsMigration = probe.applicationId != Schema.applicationId || probe.version < Int64(Schema.latestVersion)
            if mode == .read && !needsMigration {
                // The probe's connection is a reader's, with the schema SQLite parsed for the
                // check: a second one would parse it again.
                connection.denyWrites()
                return connection
            }
            if needsMigration {
                // A migration rewrites tables anywhere in the file: it is checked whole, whatever its size.
                try refuseDamaged(path, lockTimeout: settings.lockTimeout, immutable: immutable)
                checkedWhole = true
            }
        }
        if immutable && needsMigration {
            throw DatabaseRefusal(path: path, reason: "written by an older agtrace (schema version below \(Schema.latestVersion)), and agtrace may not write here to bring it forward; open it once where it is writable")
        }
        let writer = try Database(rawPath: path, readOnly: false, create: true)
        writer.lockTimeout = settings.lockTimeout
        guard !writer.isReadOnlyOnDisk else {
            throw DatabaseRefusal(path: path, reason: needsMigration && !exists
                ? "cannot create the database: the directory is not writable"
                : "the database is read-only here (no write permission, or a read-only file system); nothing was changed")
        }
        var createdHere = false
        if !exists {
            // A new file's schema is written before the switch to WAL: each of its pages goes
            // once into the file (pages past a file's end are never journaled) rather than into
            // the log and back by a checkpoint, which the first import's switch to a rollback
            // journal (`FirstImportJournal`) would force at once.
            try writer.execute("PRAGMA page_size=\(Schema.pageSize)")
            // A file made just now holds nothing to protect until something is stored in it:
            // its schema and the journal switches before its first import are written without
            // an fsync each (about 11 of the 19 a first import paid). A process killed
            // meanwhile still leaves a journal that rolls back; a power cut can at worst leave
            // a new file that held nothing. The first commit that stores rows syncs it all.
            try writer.execute("PRAGMA synchronous=OFF")
            createdHere = try migrate(writer)
            if !createdHere { try writer.execute("PRAGMA synchronous=FULL") }  // another process made it first
            needsMigration = false
        }
        try configureWriter(writer, settings: settings)
        writer.checkedWhole = checkedWhole
        if !checkedWhole, let size = fileSize(path), size <= settings.quickCheckLimit {
            // Checked at the first write, not here: until then nothing can spread damage. Through
            // a connection of its own: the writer's `cell_size_check` would stop the check at the
            // first bad page with "malformed" instead of SQLite's account of it.
            let lockTimeout = settings.lockTimeout
            writer.checkBeforeFirstWrite = { db in
                try refuseDamaged(path, lockTimeout: lockTimeout, immutable: false)
                db.checkedWhole = true
            }
        }
        // Read after the switch to WAL, which changes it.
        if createdHere { writer.newFileDataVersion = try writer.scalar("PRAGMA data_version")?.intValue }
        if needsMigration { try migrate(writer) }
        if mode == .write { return writer }
        // A reader that created or migrated the database leaves no WAL behind (the file alone
        // is complete, see `Database.checkpoint`).
        try writer.checkpoint()
        let reader = try Database(rawPath: path, readOnly: true, create: false)
        reader.lockTimeout = settings.lockTimeout
        reader.denyWrites()
        return reader
    }

    /// How long a reader waits for an empty file to become a database (another process's
    /// import creating it) before saying it is empty.
    static let creationGrace: TimeInterval = 2

    /// Whether `path` has bytes within `seconds` (polled every 10 ms).
    static func waitForContent(_ path: String, seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (fileSize(path) ?? 0) > 0 { return true }
            usleep(10_000)
        }
        return (fileSize(path) ?? 0) > 0
    }

    /// Whether a reader must open `path` immutable: SQLite reads a WAL-mode database through
    /// its `-shm` file, which it creates beside the database, so in a directory (or file system)
    /// agtrace may not write and without a writable `-shm` a plain read-only open fails. Nothing
    /// can write there meanwhile, so nothing changes under an immutable reader; but it ignores the
    /// `-wal`, so a log holding commits (an import killed before its end never leaves one; a
    /// copy taken mid-import may) is refused rather than silently left out.
    static func readsImmutably(_ path: String, settings: Settings) throws -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        if settings.canWrite(directory.isEmpty ? "." : directory) { return false }
        let shm = path + "-shm"
        if FileManager.default.fileExists(atPath: shm) && settings.canWrite(shm) { return false }
        if let wal = fileSize(path + "-wal"), wal > 0 {
            throw DatabaseRefusal(path: path, reason: "its write-ahead log (\(path)-wal, \(wal) bytes) holds commits that cannot be read where agtrace may not write (a read-only directory or file system); copy the database with its -wal somewhere writable")
        }
        if FileManager.default.fileExists(atPath: path + "-journal") {
            throw DatabaseRefusal(path: path, reason: "an unfinished import's journal (\(path)-journal) lies beside it and cannot be rolled back where agtrace may not write; open it once where it is writable")
        }
        return true
    }

    /// An import killed during its rollback-journal phase (`FirstImportJournal`) leaves a hot
    /// journal, which only a connection that may write can roll back: a read-only one fails
    /// with "attempt to write a readonly database". A read through a writable connection rolls
    /// it back (SQLite does so before any read); a journal that belongs to a live import is not
    /// hot, and the read just waits for its lock.
    static func rollBackHotJournal(_ path: String, lockTimeout: TimeInterval) throws {
        guard FileManager.default.fileExists(atPath: path + "-journal"),
              FileManager.default.isWritableFile(atPath: path) else { return }
        let db = try Database(rawPath: path, readOnly: false, create: false)
        db.lockTimeout = lockTimeout
        _ = try db.withBusyRetry { try db.scalar("SELECT count(*) FROM sqlite_master") }
        // A journal killed before its first sync has a zeroed header: not hot, so SQLite
        // ignores it, but leaves the file. Once every other writer is locked out, any journal
        // still there is such a leftover (a live one belongs to a lock holder).
        guard FileManager.default.fileExists(atPath: path + "-journal") else { return }
        try db.withBusyRetry { try db.execute("BEGIN EXCLUSIVE") }
        defer { _ = try? db.execute("COMMIT") }
        try? FileManager.default.removeItem(atPath: path + "-journal")
    }

    /// Reads the header fields, and the objects (of an agtrace database) or the first few
    /// object names (of another), in one read transaction, so that a migration another process
    /// commits meanwhile is seen whole or not at all. Returns the read-only connection it used.
    static func probe(_ path: String, lockTimeout: TimeInterval, immutable: Bool = false) throws -> (Probe, Database) {
        let db = try Database(rawPath: path, readOnly: true, create: false, immutable: immutable)
        db.lockTimeout = lockTimeout
        do {
            let probe = try db.withBusyRetry {
                try db.execute("BEGIN")
                defer { _ = try? db.execute("COMMIT") }
                let header = try db.rows("SELECT * FROM pragma_application_id, pragma_user_version")
                let appId = header.first?[0].intValue ?? 0
                let version = header.first?[1].intValue ?? 0
                if appId == Schema.applicationId {
                    return Probe(applicationId: appId, version: version, objects: [],
                                 unexpected: try SchemaObjects.unexpected(in: db, version: Int(version)))
                }
                let objects = try db.rows("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 6")
                return Probe(applicationId: appId, version: version, objects: objects.map { $0[0].description })
            }
            return (probe, db)
        } catch let e as DatabaseError where e.isNotADatabase {
            throw DatabaseRefusal(path: path, reason: "not a usable SQLite database (\(e.message)); refusing to touch it")
        }
    }

    /// Databases up to this size get SQLite's `PRAGMA quick_check` whole before anything
    /// writes to them (a few hundred ms at most; in the first write transaction,
    /// `Database.checkBeforeFirstWrite`); in a larger one each import checks the tables it
    /// writes (`refuseDamaged(tables:in:)`).
    public static let quickCheckLimit = 64 << 20

    /// A write into a damaged b-tree spreads the damage: a database that fails SQLite's quick
    /// check (every page's structure, cell bounds, free lists; not index contents) is refused
    /// with SQLite's words, before anything is written. An empty file holds nothing to check.
    static func refuseDamaged(_ path: String, lockTimeout: TimeInterval, immutable: Bool) throws {
        guard let size = fileSize(path), size > 0 else { return }
        let db = try Database(rawPath: path, readOnly: true, create: false, immutable: immutable)
        db.lockTimeout = lockTimeout
        try refuse(quickCheck: "PRAGMA quick_check(20)", of: nil, in: db)
    }

    /// The quick check of the tables an import is about to write (and their indexes), for a
    /// database too large to check whole: the b-trees it will touch, each once per connection.
    /// Pages elsewhere it reads are checked by SQLite as it loads them (`cell_size_check`), and
    /// the free list by SQLite as it takes pages from it; either fails the import's transaction.
    public static func refuseDamaged(tables: [String], in db: Database) throws {
        guard !db.checkedWhole else { return }
        for table in tables where !db.checkedTables.contains(table) {
            guard try db.scalar("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", [.text(table)]) != nil else { continue }
            try refuse(quickCheck: "PRAGMA quick_check(\"\(table.replacingOccurrences(of: "\"", with: "\"\""))\")", of: "table '\(table)'", in: db)
            db.checkedTables.insert(table)
        }
    }

    /// Runs `quickCheck`; refuses the database with what it says about `part` (nil: the file).
    private static func refuse(quickCheck: String, of part: String?, in db: Database) throws {
        var problems: [String] = []
        do {
            problems = try db.withBusyRetry { try db.rows(quickCheck) }.compactMap { $0.first?.stringValue }
        } catch let e as DatabaseError where e.isNotADatabase {
            problems = [e.message]
        }
        // Damage is the b-tree's: the constraint lines quick_check adds are not (SQLite 3.40
        // reported false NULLs in subgraph_nodes of schema 2, which migration 3 rebuilds).
        problems = problems.map { $0.replacingOccurrences(of: "*** in database main ***\n", with: "") }
            .filter { $0 != "ok" && !$0.hasPrefix("NULL value in ") && !$0.hasPrefix("CHECK constraint failed") }
        guard !problems.isEmpty else { return }
        let words = problems.joined(separator: "; ").replacingOccurrences(of: "\n", with: "; ")
        throw DatabaseRefusal(path: db.path, reason: "fails SQLite's quick check\(part.map { " of \($0)" } ?? "") (\(words)); refusing to write to a damaged database. Recover it (sqlite3 .recover) or import into a new one")
    }

    static func refuseForeignOrNewer(_ probe: Probe, path: String) throws {
        if probe.applicationId != Schema.applicationId {
            if !probe.objects.isEmpty || probe.applicationId != 0 {
                let names = probe.objects.prefix(5).joined(separator: ", ")
                throw DatabaseRefusal(path: path, reason: "not an agtrace database (it is a SQLite database of something else\(names.isEmpty ? "" : ", with tables \(names)")); refusing to touch it")
            }
        } else if probe.version > Int64(Schema.latestVersion) {
            throw DatabaseRefusal(path: path, reason: "written by a newer agtrace (schema version \(probe.version); this agtrace knows up to \(Schema.latestVersion)); upgrade agtrace to read it")
        } else if !probe.unexpected.isEmpty {
            // A trigger would run during an import, a view of ours redefined would answer with
            // other rows: a file from elsewhere (a CI cache of an untrusted branch) is not used.
            let shown = probe.unexpected.prefix(5).joined(separator: ", ") + (probe.unexpected.count > 5 ? ", and \(probe.unexpected.count - 5) more" : "")
            throw DatabaseRefusal(path: path, reason: "holds schema objects agtrace did not create (\(shown)); refusing to touch it: they could change or delete rows as agtrace writes or reads. Drop them (sqlite3), or import into a new database")
        }
    }

    /// A file that exists must be empty or start with SQLite's magic header. (open(2) and
    /// read(2): Foundation's FileHandle cost a command start 0.07 ms.)
    static func checkHeader(_ path: String) throws {
        let fd = Platform.openForReading(path)
        guard fd >= 0 else {
            throw DatabaseRefusal(path: path, reason: "cannot read the database file (\(String(cString: strerror(errno))))")
        }
        defer { _ = Platform.close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        var count = 0
        while count < head.count {
            let n = head.withUnsafeMutableBytes { Platform.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[count...])) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        if count == 0 { return }
        if head[..<count].elementsEqual("SQLite format 3\0".utf8) == false {
            throw DatabaseRefusal(path: path, reason: "not a SQLite database, so not an agtrace database; refusing to touch it")
        }
    }

    static func configureWriter(_ db: Database, settings: Settings = Settings()) throws {
        db.denyDangerousFunctions()
        // 16 KB pages for a new database (an existing one keeps its own): an import appends
        // a quarter as many pages, each cheaper per row, and a large import took 5% less.
        try db.execute("PRAGMA page_size=\(Schema.pageSize)")
        // WAL lets readers work during an import; NORMAL sync is safe from corruption in WAL
        // mode (a power loss can only lose the last commits, never damage the file). The switch
        // needs every other connection gone for a moment, hence the retries.
        let journal = try db.withBusyRetry { try db.scalar("PRAGMA journal_mode=WAL")?.description }
        if journal?.lowercased() != "wal" {
            throw DatabaseError(path: db.path, code: SQLITE_CANTOPEN,
                                message: "cannot switch the database to WAL mode (journal mode stays '\(journal ?? "?")'); is its directory writable?")
        }
        try db.execute("PRAGMA synchronous=NORMAL; PRAGMA temp_store=FILE")
        // Each page SQLite loads is checked for cells that overlap or run off its end (what a
        // quick check finds), so a write never builds on a damaged page it reached.
        try db.execute("PRAGMA cell_size_check=ON")
        // A kind's facts row keys to its import (`imports`): checked at commit, and deleting
        // an import deletes its facts row.
        try db.execute("PRAGMA foreign_keys=ON")
        // Checkpoints (copying the WAL back into the database, with two fsyncs) would double
        // the cost of a large import if run at its commit or on close. Writers instead fold
        // back what earlier imports left before they start (see `checkpointIfLarge`).
        try db.execute("PRAGMA wal_autocheckpoint=0")
        _ = agtrace_sqlite_no_checkpoint_on_close(db.handle)
        if let pages = settings.maxPageCount { try db.limitPages(pages) }
    }

    /// WAL size above which a writer checkpoints before its own transaction.
    static let checkpointThreshold = 64 << 20

    /// Folds a large WAL back into the database. PASSIVE: never waits for readers; whatever it
    /// cannot copy now, a later writer will.
    static func checkpointIfLarge(_ db: Database) throws {
        let wal = db.path + "-wal"
        guard let size = fileSize(wal),
              size > checkpointThreshold else { return }
        do {
            _ = try db.rows("PRAGMA wal_checkpoint(PASSIVE)")
        } catch let e as DatabaseError where e.isBusy {
            // Another process is checkpointing or recovering right now: that does the job.
        }
    }

    /// Brings the schema to `Schema.latestVersion`; returns whether it created it in an empty file.
    @discardableResult
    static func migrate(_ db: Database) throws -> Bool {
        try db.writeTransaction {
            // Re-read inside the write lock: another process may have migrated meanwhile.
            let current = Int(try db.scalar("PRAGMA user_version")?.intValue ?? 0)
            let appId = try db.scalar("PRAGMA application_id")?.intValue ?? 0
            let objects = try db.rows("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 6")
            try refuseForeignOrNewer(Probe(applicationId: appId, version: Int64(current), objects: objects.map { $0[0].description }),
                                     path: db.path)
            if appId == Schema.applicationId && current == Schema.latestVersion { return false }
            let start = appId == Schema.applicationId ? current : 0
            if start == 0 {
                try db.execute(Schema.current)  // a new database: the end result at once
            } else {
                for version in start..<Schema.latestVersion {
                    try db.execute(Schema.migrations[version])
                    try Schema.steps[version + 1]?(db)
                }
            }
            try db.execute("PRAGMA application_id=\(Schema.applicationId)")
            try db.execute("PRAGMA user_version=\(Schema.latestVersion)")
            try SchemaObjects.recordHash(in: db)
            return start == 0
        }
    }
}
