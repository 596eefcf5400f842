import Foundation

/// A database of its own in a fresh temporary directory, for one command: `check --transcript
/// FILE` and `baseline --archive FILE` import there and count there, so a CI job depends on no
/// label and on no database an earlier job left behind. Removed by `close()` (and on deinit).
public final class PrivateDatabase {
    public let directory: URL
    public let db: Database
    private var closed = false

    public init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("agtrace-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            db = try DatabaseOpener.open(directory.appendingPathComponent("agtrace.db").path, mode: .write)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
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
        try? FileManager.default.removeItem(at: directory)
    }
}
