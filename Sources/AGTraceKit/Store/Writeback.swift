import CSQLite
import Foundation

/// The pages SQLite has written into a database file so far, sent on their way to the disk by
/// a thread of its own while the connection goes on (Linux's `sync_file_range`, which starts
/// the writes without waiting for them). For a bulk import written straight into the file
/// under a rollback journal (`FirstImportJournal`): the file's tens of MB of pages otherwise
/// all go to the disk inside the commit's fsync. Only the timing changes: SQLite still syncs
/// what it must, when it must.
enum Writeback {
    /// Starts the writeback; `wait()` for it before the connection commits or closes, since
    /// the thread uses SQLite's own descriptor of the file, which it never closes (closing one
    /// would drop SQLite's locks on the file). nil where this cannot be done: not Linux, a VFS
    /// other than SQLite's unix one, or a descriptor that could not be matched to the file.
    static func start(_ db: Database) -> BackgroundWork<Void>? {
        guard Platform.startsWritebackEarly else { return nil }
        // Read on the connection's thread: it is not to be used by two threads at once.
        let fd = agtrace_sqlite_main_descriptor(db.handle)
        guard fd >= 0 else { return nil }
        return BackgroundWork(name: "agtrace-writeback") { _ = agtrace_start_writeback(fd) }
    }
}
