import Foundation

/// What a tool call works with: the database (read-only, but for `import`), the folder it may
/// read files under, the limits, its request's cancellation and a way to report progress.
public final class ToolContext: @unchecked Sendable {
    public let databasePath: String
    public let root: RootFolder
    public let limits: ServerLimits
    public let cancellation: Cancellation
    /// Progress of a long call (`notifications/progress`), when the client asked for it:
    /// (progress so far, total when known, a line saying what is done).
    public let progress: ((Double, Double?, String) -> Void)?
    /// Messages the library says along the way (warnings, notes), returned with the result.
    public let log = CommandLog()
    private let lock = NSLock()
    private var opened: [Database] = []

    public init(databasePath: String, root: RootFolder, limits: ServerLimits, cancellation: Cancellation = Cancellation(),
                progress: ((Double, Double?, String) -> Void)? = nil) {
        self.databasePath = databasePath
        self.root = root
        self.limits = limits
        self.cancellation = cancellation
        self.progress = progress
    }

    /// The database, opened as the CLI opens it (`AGTRACE_*` settings read the same way), and
    /// interrupted if the request is cancelled. Only `import` opens it for writing.
    public func openDatabase(_ mode: DatabaseOpener.Mode = .read) throws -> Database {
        let settings = try DatabaseOpener.Settings.fromEnvironment()
        let db = try DatabaseOpener.open(databasePath, mode: mode, settings: settings)
        cancellation.watch(db)
        lock.lock(); opened.append(db); lock.unlock()
        return db
    }

    /// Writers' logs folded back into the database file when the call ends (as the CLI does).
    func finish() {
        lock.lock()
        let dbs = opened
        opened.removeAll()
        lock.unlock()
        for db in dbs where !db.isReadOnly { _ = try? db.checkpoint() }
        cancellation.release()
    }
}
