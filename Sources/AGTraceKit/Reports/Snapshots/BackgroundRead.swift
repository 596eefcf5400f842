import Foundation

/// A read on a thread and a read-only connection of its own, waited for later: the comparison
/// of two snapshots reads the second one while it compares the first (two cores).
enum BackgroundRead {
    /// Starts `read` with a new read-only connection to `path`; the function returned waits for
    /// its result. Nil where no second connection can be had (an in-memory database); the
    /// result is nil when the connection or the read failed, and the caller reads on its own
    /// connection (whose error, if any, then says what is wrong).
    static func start<T>(path: String, _ read: @escaping @Sendable (Database) throws -> T?) -> (() -> T?)? {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return nil }
        let work = BackgroundWork(name: "agtrace-read") { try? read(DatabaseOpener.open(path, mode: .read)) }
        return { work.wait() }
    }
}
