import Foundation

/// A database of its own in a fresh temporary directory, for one command: `check --transcript
/// FILE` and `baseline --archive FILE` import there and count there, so a CI job depends on no
/// label and on no database an earlier job left behind.
///
/// It never outlives the command: removed by `close()` (and on deinit); on SIGINT or SIGTERM
/// (a CI timeout, Ctrl-C) before the process exits with 128 + the signal; and one left by a
/// process killed outright (`kill -9`) is removed by the next that starts: its folder is named
/// by its pid (`agtrace-private-PID-…`), and a pid no process has any more marks it stale.
public final class PrivateDatabase {
    public let directory: URL
    public let db: Database
    private var closed = false

    static let prefix = "agtrace-private-"

    public init() throws {
        let temporary = FileManager.default.temporaryDirectory
        Self.removeStale(in: temporary)
        directory = temporary.appendingPathComponent("\(Self.prefix)\(getpid())-\(UUID().uuidString)")
        if mkdir(directory.path, 0o700) != 0 {
            throw InputError(path: temporary.path, message: "cannot make the private database's folder there (\(String(cString: strerror(errno)))); set TMPDIR to a writable folder")
        }
        PrivateDatabaseCleanup.shared.register(directory)
        do {
            db = try DatabaseOpener.open(directory.appendingPathComponent("agtrace.db").path, mode: .write)
        } catch {
            PrivateDatabaseCleanup.shared.remove(directory)
            throw error
        }
    }

    /// Removes the private databases in `folder` of processes that are gone.
    static func removeStale(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            // ESRCH: no such process. EPERM means one lives (another user's): kept.
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    deinit { close() }

    /// Imports `path`, which must hold `kind` (a transcript for `--transcript`, an archive for
    /// `--archive`); the label is the file's default label, unique among its kind only.
    public func importFile(_ path: String, as kind: InputKind) throws -> ImportedItem {
        var isDirectory: ObjCBool = false
        if path != "-" {
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, message: "no such file")
            }
            if isDirectory.boolValue { throw InputError(path: path, message: "is a directory; name the file") }
        }
        // A transcript and its dump often share a name (tap.lldb.log, tap.ag-json): each keeps
        // its file's label, so that reports name them as `agtrace import` would, never `tap-2`.
        var options = ImportOptions()
        options.labelsPerKind = true
        let outcome = try Importer(database: db).importItem(path, options: options)
        switch outcome {
        case .imported(let item):
            guard item.kind == kind else {
                throw InputError(path: path, message: "holds \(Self.describe(item.kind)), not \(Self.describe(kind)): give it with \(Self.option(item.kind))")
            }
            return item
        case .duplicate(_, _, let existing), .aliased(_, _, let existing, _):
            throw InputError(path: path, message: "the same bytes were given twice (already imported as '\(existing)')")
        }
    }

    static func describe(_ kind: InputKind) -> String {
        switch kind {
        case .archive: return "an AttributeGraph archive"
        case .transcript: return "an lldb transcript"
        case .trace: return "an AttributeGraph trace"
        }
    }

    /// The option of `check` and `baseline` that takes a file of this kind.
    public static func option(_ kind: InputKind) -> String {
        switch kind {
        case .archive: return "--archive"
        case .transcript: return "--transcript"
        case .trace: return "--trace"
        }
    }

    public func close() {
        guard !closed else { return }
        closed = true
        // The connection closes when the last reference goes; the files can go now (POSIX).
        PrivateDatabaseCleanup.shared.remove(directory)
    }
}

/// The private databases alive in this process, removed on SIGINT and SIGTERM before the
/// process exits with status 128 + the signal (what a shell reports for a process the signal
/// ended). The handlers are installed with the first private database and stay: with none
/// left, a signal only exits.
final class PrivateDatabaseCleanup: @unchecked Sendable {
    static let shared = PrivateDatabaseCleanup()
    private let lock = NSLock()
    private var directories: [URL] = []
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "agtrace-private-database-cleanup")

    func register(_ directory: URL) {
        lock.lock()
        defer { lock.unlock() }
        directories.append(directory)
        guard sources.isEmpty else { return }
        for sig in [SIGINT, SIGTERM] {
            // The default action is turned off only once the source can take the signal.
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { [unowned self] in self.interrupted(by: sig) }
            source.resume()
            signal(sig, SIG_IGN)
            sources.append(source)
        }
    }

    func remove(_ directory: URL) {
        lock.lock()
        directories.removeAll { $0 == directory }
        lock.unlock()
        try? FileManager.default.removeItem(at: directory)
    }

    private func interrupted(by sig: Int32) {
        lock.lock()
        let all = directories
        directories = []
        lock.unlock()
        for directory in all { try? FileManager.default.removeItem(at: directory) }
        let what = sig == SIGINT ? "interrupted (Ctrl-C)" : "terminated (SIGTERM)"
        let message = all.isEmpty ? "agtrace: \(what)\n" : "agtrace: \(what): the private database was removed\n"
        message.withCString { _ = write(2, $0, strlen($0)) }
        _exit(128 + sig)
    }
}
