@testable import AGTraceKit

// Conveniences only the tests use, kept beside them rather than in the library.

extension Importer {
    /// Expands a directory argument into its files, recursively and in sorted order, skipping
    /// hidden files. A plain file or "-" stands for itself. `DirectoryWalk.walk` also says what
    /// it passed over (special files, loops, names that are not UTF-8).
    static func expand(_ path: String) throws -> [String] {
        try DirectoryWalk.walk(path).files
    }
}

extension Statement {
    /// Binds an array of values built at run time to ?1, ?2, … and runs the statement.
    func bindAndRun(_ values: [SQLValue]) throws {
        try bind(values)
        try run()
    }
}

extension LineReader {
    /// Calls `body` with the next line's bytes (without its terminator) and returns its result,
    /// or nil at the end of the stream. The bytes are only valid during the call.
    func withNextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R? {
        guard let line = try next() else { return nil }
        return try body(line)
    }
}

extension GateSources {
    /// The sources as the CLI gives them, by option (`--run`, `--transcript`, ...).
    init(run: String? = nil, snapshot: String? = nil, transcript: String? = nil, archive: String? = nil, trace: String? = nil) throws {
        let given = ["run": run, "snapshot": snapshot, "transcript": transcript, "archive": archive, "trace": trace]
        try self.init(values: given.compactMapValues { $0 })
    }
}
