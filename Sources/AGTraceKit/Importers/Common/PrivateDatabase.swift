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
        // Made and registered in one step: a signal from the moment it exists removes it.
        if let code = SignalCleanup.shared.makeDirectory(directory) {
            let reason = String(cString: strerror(code))
            throw InputError(path: temporary.path, message: "cannot make the private database's folder there (\(reason)); set TMPDIR to a writable folder")
        }
        do {
            db = try DatabaseOpener.open(directory.appendingPathComponent("agtrace.db").path, mode: .write)
        } catch {
            SignalCleanup.shared.remove(directory)
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
    /// `--archive`); the label is `label`, else the file's default label, unique among its kind only.
    public func importFile(_ path: String, as kind: InputKind, label: String? = nil) throws -> ImportedItem {
        var isDirectory: ObjCBool = false
        if path != "-" {
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, message: "no such file")
            }
            // A folder a format reads as one input (Instruments' exports, one file per table) is one.
            if isDirectory.boolValue, !DirectoryWalk.isOneInput(path) {
                throw InputError(path: path, message: "is a directory; name the file")
            }
        }
        // A transcript and its dump often share a name (tap.lldb.log, tap.ag-json): each keeps
        // its file's label, so that reports name them as `agtrace import` would, never `tap-2`.
        var options = ImportOptions(label: label.map(Labels.privateLabel))
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

    static func describe(_ kind: InputKind) -> String { kind.format.noun }

    /// The option of `check` and `baseline` that takes a file of this kind.
    public static func option(_ kind: InputKind) -> String { kind.format.fileOption }

    public func close() {
        guard !closed else { return }
        closed = true
        // The connection closes when the last reference goes; the files can go now (POSIX).
        SignalCleanup.shared.remove(directory)
    }
}
