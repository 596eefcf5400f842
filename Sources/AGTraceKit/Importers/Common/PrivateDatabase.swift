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
        // Registered (and the handlers installed) before the folder exists: a signal from the
        // moment it does removes it.
        PrivateDatabaseCleanup.shared.register(directory)
        if mkdir(directory.path, 0o700) != 0 {
            let reason = String(cString: strerror(errno))
            PrivateDatabaseCleanup.shared.remove(directory)
            throw InputError(path: temporary.path, message: "cannot make the private database's folder there (\(reason)); set TMPDIR to a writable folder")
        }
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
/// left, a signal only exits. A signal handler may do next to nothing, so it only writes the
/// signal's number into a pipe; a thread waiting on the pipe removes the folders and exits.
/// (Not a DispatchSource: on Linux it installs its own handler at a moment of its choosing,
/// which the SIG_IGN such a source needs can override, and the signal is then lost.)
final class PrivateDatabaseCleanup: @unchecked Sendable {
    static let shared = PrivateDatabaseCleanup()
    private let lock = NSLock()
    private var directories: [URL] = []
    private var installed = false

    func register(_ directory: URL) {
        lock.lock()
        defer { lock.unlock() }
        directories.append(directory)
        guard !installed else { return }
        installed = true
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        let readEnd = fds[0]
        signalPipeWriteEnd = fds[1]
        let thread = Thread { [self] in
            var sig: UInt8 = 0
            while true {
                let n = read(readEnd, &sig, 1)
                if n == 1 { interrupted(by: Int32(sig)) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
            }
        }
        thread.name = "agtrace-signals"
        thread.stackSize = 1 << 18
        thread.start()
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = forwardSignal
            #else
            action.__sigaction_u.__sa_handler = forwardSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
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

/// The pipe's write end for `forwardSignal` (set once, before the handlers are installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: writes the signal's number into the pipe (write(2) is async-signal-safe).
private func forwardSignal(_ sig: Int32) {
    var byte = UInt8(truncatingIfNeeded: sig)
    _ = write(signalPipeWriteEnd, &byte, 1)
}
