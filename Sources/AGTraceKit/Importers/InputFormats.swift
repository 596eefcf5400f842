import Foundation

/// The registry: every input format the importer knows, one line each. Every format is asked
/// how sure it is of a file's first bytes and the surest wins (`Recognition`); among equally
/// sure ones, the first here (a trace first: it may start with a byte that is also whitespace;
/// a console after the transcript: a text with breakpoint hits is a transcript). The stored
/// kinds they make follow, in their own order (`StoredKind.order`). A new format is a folder
/// under `Importers/` and one line here.
public enum InputFormats {
    /// The library's own formats.
    public static let library: [any InputFormat] = [
        TraceFormat(),
        ArchiveFormat(),
        TranscriptFormat(),
        ConsoleFormat(),
        XctraceFormat(),
    ]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var formats: [(any InputFormat)] = library
    nonisolated(unsafe) private static var kinds: [StoredKind] = storedKinds(of: library)

    public static var all: [any InputFormat] { lock.withLock { formats } }
    /// The stored kinds in the order `list` shows them and labels are looked up.
    public static var storedKinds: [StoredKind] { lock.withLock { kinds } }

    /// The kinds `formats` store, each once, by their order (ties: the formats' order).
    private static func storedKinds(of formats: [any InputFormat]) -> [StoredKind] {
        var kinds: [StoredKind] = []
        for format in formats where !kinds.contains(format.storedKind) { kinds.append(format.storedKind) }
        return kinds.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
    }

    /// Adds a format from outside the library (a test's), tried after the others when equally
    /// sure; its stored kind joins the list unless one of that noun is there. Registering a
    /// kind twice is a no-op.
    public static func register(_ format: any InputFormat) {
        lock.withLock {
            guard !formats.contains(where: { $0.kind == format.kind }) else { return }
            formats.append(format)
            kinds = storedKinds(of: formats)
        }
    }

    /// Takes a format `register` added out again (and its stored kind, unless another format
    /// stores it): a test's format leaves the registry as it found it, so the other tests (and
    /// the usage lines made from the registry, which docs/cli.md holds) see the library's own.
    public static func unregister(_ kind: InputKind) {
        lock.withLock {
            guard let i = formats.firstIndex(where: { $0.kind == kind }) else { return }
            formats.remove(at: i)
            kinds = storedKinds(of: formats)
        }
    }

    /// The folder as one input, when a format claims it (`InputFormat.folderInput`).
    static func folderInput(_ path: String) throws -> (source: ByteSource, size: Int?)? {
        for format in all { if let input = try format.folderInput(path) { return input } }
        return nil
    }

    static func format(_ kind: InputKind) -> (any InputFormat)? { all.first { $0.kind == kind } }

    /// The format that stores `kind` (the first, if several do).
    public static func format(storing kind: StoredKind) -> (any InputFormat)? { all.first { $0.storedKind == kind } }

    static func storedKind(noun: String) -> StoredKind? { storedKinds.first { $0.noun == noun } }

    /// The stored kind whose label an option takes (`from` -> snapshot), or nil.
    static func storedKind(option: String) -> StoredKind? {
        storedKinds.first { $0.options.contains { $0.name == option } }
    }

    /// The stored kinds whose tables `db` holds.
    static func storedKinds(in db: Database) throws -> [StoredKind] {
        try storedKinds.filter { try $0.isPresent(in: db) }
    }
}
