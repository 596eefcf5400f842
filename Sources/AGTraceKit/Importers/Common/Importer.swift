import Foundation

/// What one import did.
public enum ImportOutcome: Equatable, Sendable {
    case imported(ImportedItem)
    /// The same bytes are already stored under `existingLabel`; nothing was written.
    case duplicate(path: String, kind: InputKind, existingLabel: String)
    /// The same bytes are already stored under `existingLabel`, and the label asked for
    /// (`--label`) now names them too (`aliases`): `check --run ALIAS` reads them.
    case aliased(path: String, kind: InputKind, existingLabel: String, alias: String)
}

public struct ImportedItem: Equatable, Sendable {
    public var path: String
    public var label: String
    public var kind: InputKind
    public var compressed: Bool
    public var sha256: String
    /// Archives: graphs, nodes, edges. Transcripts: events, skipped lines, incomplete hits.
    public var graphs = 0, nodes = 0, edges = 0
    public var events = 0, skippedLines = 0, incompleteHits = 0
    /// Traces: rule evaluations and writes found among the events.
    public var updates = 0, writes = 0
    /// Doubts about the input that did not stop the import, as stored in `import_notes`
    /// (read back from there after the import's rows), for stderr.
    public var notes: [ImportNote] = []
    /// The notes' sentences but the recording's end, which `check` words its own way.
    public var warnings: [String] { notes.filter { $0.code != ImportNote.recordingEnd }.map(\.message) }
    /// How the recording ended (transcripts only).
    public var end: RecordingEnd?
    /// Traces: nil when it ended (EndTrace), else why it is incomplete (`traces.end_reason`).
    public var traceIncomplete: String?
    public var replaced = false
    /// `--replace` of a label with aliases: the aliases, which now name the new import.
    public var keptAliases: [String] = []
    /// `--replace` of an alias: the label it named, which keeps its bytes.
    public var replacedAliasOf: String?
    public var seconds: Double = 0
    /// Where the time went (phase, seconds since the import started), for `import --timings`.
    public var phases: [(String, Double)] = []

    public static func == (a: ImportedItem, b: ImportedItem) -> Bool {
        a.path == b.path && a.label == b.label && a.kind == b.kind && a.compressed == b.compressed
            && a.sha256 == b.sha256 && a.graphs == b.graphs && a.nodes == b.nodes && a.edges == b.edges
            && a.events == b.events && a.skippedLines == b.skippedLines && a.incompleteHits == b.incompleteHits
            && a.updates == b.updates && a.writes == b.writes && a.notes == b.notes && a.end == b.end && a.traceIncomplete == b.traceIncomplete
            && a.replaced == b.replaced && a.keptAliases == b.keptAliases && a.replacedAliasOf == b.replacedAliasOf
    }
}

public struct ImportProgress: Sendable {
    public var path: String
    public var bytesRead: Int
    public var totalBytes: Int?
    /// Since the import started.
    public var seconds: Double = 0

    /// "importing PATH: 42% (1.7 MB of 4.2 MB), about 12 s left" (the estimate once a second
    /// has passed and something was read: the rate so far, for what is left); without a known
    /// size, how much was read.
    public var line: String {
        func mb(_ n: Int) -> String { String(format: "%.1f MB", Double(n) / 1_000_000) }
        guard let total = totalBytes, total > 0 else { return "importing \(path): \(mb(bytesRead))" }
        let percent = min(100, Int(Double(bytesRead) * 100 / Double(total)))
        var text = "importing \(path): \(percent)% (\(mb(bytesRead)) of \(mb(total)))"
        if seconds >= 1, bytesRead > 0, bytesRead < total {
            let left = seconds * Double(total - bytesRead) / Double(bytesRead)
            text += left < 60 ? ", about \(max(1, Int(left.rounded()))) s left" : String(format: ", about %.0f min left", left / 60)
        }
        return text
    }
}

public struct ImportOptions {
    public var label: String?
    public var replace = false
    /// Labels only need be unique among imports of one kind (`PrivateDatabase`: a transcript
    /// and its dump named alike keep their files' names).
    var labelsPerKind = false
    /// Called now and then during long imports (from the importing thread).
    public var progress: ((ImportProgress) -> Void)?
    public init(label: String? = nil, replace: Bool = false, progress: ((ImportProgress) -> Void)? = nil) {
        self.label = label
        self.replace = replace
        self.progress = progress
    }
}

/// Imports files of every registered format (`InputFormats`), each in one transaction: a refused or interrupted import
/// leaves the database exactly as it was.
public final class Importer {
    public let db: Database

    public init(database: Database) {
        db = database
    }

    /// Expands a directory argument into its files, recursively and in sorted order, skipping
    /// hidden files. A plain file or "-" stands for itself. `DirectoryWalk.walk` also says what
    /// it passed over (special files, loops, names that are not UTF-8).
    public static func expand(_ path: String) throws -> [String] {
        try DirectoryWalk.walk(path).files
    }

    /// Whether an import failed because the file is no archive or transcript at all (empty,
    /// other text, JSON without `graphs`, a dangling link), not because one is damaged.
    /// Importing a directory skips such files; a file named on its own is still an error.
    public static func isNotAnInput(_ error: Error) -> Bool {
        (error as? InputProblem)?.notAnInput ?? false
    }

    /// Why a file was skipped, without the path the line already names.
    public static func reason(_ error: Error) -> String {
        (error as? InputProblem)?.message ?? "\(error)"
    }

    /// Imports one file (or standard input for "-").
    public func importFile(_ path: String, options: ImportOptions = ImportOptions()) throws -> ImportOutcome {
        let started = Date()
        if !options.replace, path != "-" {
            if let existing = try StoredCopy.label(ofFileAt: path, in: db) { throw DuplicateImport(existingLabel: existing) }
            // The bytes are not stored: a taken label is refused before the file is parsed (a
            // folder of re-named files costs a hash each, not an import each).
            let base = options.label ?? Labels.defaultLabel(for: path)
            if !options.labelsPerKind, let holder = try Labels.holder(of: base, in: db) {
                throw LabelTaken(label: base, holder: holder, derived: options.label == nil, path: path)
            }
        }
        let file = try FileSource(path: path)
        let totalBytes = path == "-" ? nil : fileSize(path)
        let hasher = HashingTap()
        let progress: (() -> Void)? = options.progress.map { report in
            { report(ImportProgress(path: path, bytesRead: file.bytesConsumed, totalBytes: totalBytes,
                                    seconds: Date().timeIntervalSince(started))) }
        }
        // Every chunk read reports progress too, not only every few batches of records: input
        // that makes no records (megabytes of whitespace) still shows how far it got.
        let raw = PeekingSource(file, tap: { hasher.update($0); progress?() })
        let input = try InputSniffer.sniff(raw, path: path)
        hasher.hashElsewhere()
        defer { _ = hasher.finish() }  // the hashing thread ends with the import, whatever happens

        var phases: [(String, Double)] = []
        func mark(_ phase: String) { phases.append((phase, Date().timeIntervalSince(started))) }
        try DatabaseOpener.checkpointIfLarge(db)
        let rollbackJournal = FirstImportJournal.begin(db)
        defer { if rollbackJournal { FirstImportJournal.end(db) } }
        let outcome: ImportOutcome = try db.writeTransaction {
            mark("write lock")
            let base = options.label ?? Labels.defaultLabel(for: path)
            let kind = input.format.storedKind
            for sql in kind.schema { try db.execute(sql) }
            let replacement = options.replace ? try Replacement.prepare(base, kind: kind, path: path, in: db) : nil
            // A label that is taken is refused, derived from the file's name or given (below,
            // once the bytes are known not to be stored already): a suffixed `tap-2` would let
            // `check --run tap` read the old run. Until then the rows go under a free placeholder.
            let holder = try Labels.holder(of: base, kind: options.labelsPerKind ? kind.noun : nil, in: db)
            let label = holder == nil ? base : try Labels.unique(base, in: db)
            let source = ImportSource(path: path, label: label, compressed: input.compressed, size: totalBytes,
                                      replace: options.replace)
            var item = ImportedItem(path: path, label: label, kind: input.kind, compressed: input.compressed, sha256: "")
            item.replaced = replacement?.replaced ?? false
            let job = FormatImport(source: input.source, file: source, db: db, hash: { hasher.finish() }, tick: progress,
                                   mark: mark, provisional: input.provisional, firstImport: rollbackJournal)
            try input.format.importInput(job, into: &item)
            if let holder { throw LabelTaken(label: base, holder: holder, derived: options.label == nil, path: path) }
            if let replacement {
                try replacement.finish(label: label, kind: kind, in: db)
                item.keptAliases = replacement.aliases
                item.replacedAliasOf = replacement.aliasOf
            }
            if !item.notes.isEmpty, let id = try kind.id(labelled: label, in: db) {
                item.notes = try ImportNotes.store(item.notes, kind: kind, ownerId: id, label: label, in: db)
            }
            item.phases = phases
            return .imported(item)
        }
        guard case .imported(var item) = outcome else { return outcome }
        mark("committed")
        item.phases = phases
        item.seconds = Date().timeIntervalSince(started)
        return .imported(item)
    }

    /// Imports one file, turning a duplicate into an outcome rather than an error.
    /// Bytes stored before under another label, imported with an explicit `--label`, get that
    /// label as an alias (see `Aliases`).
    public func importItem(_ path: String, options: ImportOptions = ImportOptions()) throws -> ImportOutcome {
        do {
            return try importFile(path, options: options)
        } catch let dup as DuplicateImport {
            // The format of what holds the bytes: the first whose kind has a row so labelled.
            let formats = InputFormats.all
            var holding = formats[0]
            for format in formats where try format.storedKind.isPresent(in: db)
                && format.storedKind.id(labelled: dup.existingLabel, in: db) != nil {
                holding = format
                break
            }
            let kind = holding.kind
            guard let label = options.label, label != dup.existingLabel else {
                return .duplicate(path: path, kind: kind, existingLabel: dup.existingLabel)
            }
            try Aliases.add(label, naming: dup.existingLabel, kind: holding.storedKind.noun, path: path, in: db)
            return .aliased(path: path, kind: kind, existingLabel: dup.existingLabel, alias: label)
        }
    }

    /// Now, in UTC, as ISO 8601 (`2024-05-01T12:00:00Z`). Through the C library: creating an
    /// `ISO8601DateFormatter` costs several milliseconds, a visible share of a small import.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A label that already names something (a snapshot, run, trace or alias), given with
/// `--label` or derived from the file's name: nothing is stored.
public struct LabelTaken: Error, CustomStringConvertible, Equatable {
    public var label: String
    /// What holds it: "run 'tap'", "an alias of snapshot 'x'".
    public var holder: String
    /// Derived from the file's name rather than given with --label.
    public var derived: Bool
    public var path: String

    public var description: String {
        derived
            ? "\(path): the label '\(label)' (from the file's name) is taken by \(holder); nothing was imported (--label L imports it under another label, --replace replaces what '\(label)' names)"
            : "\(path): the label '\(label)' is taken by \(holder); nothing was imported (--replace replaces what it names, or choose another --label)"
    }
}

/// Thrown inside the import transaction to roll it back when the bytes were imported before.
struct DuplicateImport: Error {
    var existingLabel: String
}

/// Feeds raw bytes to SHA-256 as the reader pulls them: on the reading thread, or (after
/// `hashElsewhere`) on a thread of its own, the bytes copied over through a few reused buffers.
final class HashingTap: @unchecked Sendable {
    private var sha = SHA256()
    private var digest: String?
    private var worker: Worker?

    func update(_ bytes: UnsafeRawBufferPointer) {
        if let worker { worker.send(bytes) } else { sha.update(bytes) }
    }

    /// Hashes what comes next on another thread, so that the reading thread only copies: the
    /// parsing thread is on an import's critical path, and after the parse the machine's other
    /// core has time to spare.
    func hashElsewhere() {
        guard worker == nil, digest == nil else { return }
        worker = Worker(tap: self)
    }

    /// The SHA-256 of everything `source` has left: read on this thread straight into the
    /// hashing thread's buffers, hashed there meanwhile (the reads' copies and the hashing
    /// overlap on two cores: a re-import's check of a 60 MB file, 51 -> ~40 ms).
    func hashToEnd(of source: ByteSource) throws -> String {
        hashElsewhere()
        defer { _ = finish() }
        try worker?.drain(source)
        return finish()
    }

    func finish() -> String {
        if let digest { return digest }
        if let worker {
            worker.finish()
            self.worker = nil
        }
        let d = sha.finalizeHex()
        digest = d
        return d
    }

    /// The hashing thread: filled buffers go one way, empty ones come back.
    private final class Worker: @unchecked Sendable {
        struct Chunk: @unchecked Sendable {
            var bytes: UnsafeMutableRawPointer
            var count: Int
        }
        static let bufferSize = 256 * 1024
        static let buffers = 4

        private let filled = BoundedQueue<Chunk>(capacity: Worker.buffers)
        private let empty = BoundedQueue<Chunk>(capacity: Worker.buffers)
        private let done = DispatchSemaphore(value: 0)
        private var all: [UnsafeMutableRawPointer] = []

        init(tap: HashingTap) {
            for _ in 0..<Self.buffers {
                let p = UnsafeMutableRawPointer.allocate(byteCount: Self.bufferSize, alignment: 64)
                all.append(p)
                empty.push(Chunk(bytes: p, count: 0))
            }
            let filled = self.filled, empty = self.empty, done = self.done
            let thread = Thread {
                while let chunk = filled.pop() {
                    tap.sha.update(UnsafeRawBufferPointer(start: chunk.bytes, count: chunk.count))
                    empty.push(chunk)
                }
                done.signal()
            }
            thread.name = "agtrace-hasher"
            thread.stackSize = 1 << 18
            thread.start()
        }

        deinit { for p in all { p.deallocate() } }

        func send(_ bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while offset < bytes.count {
                guard var chunk = empty.pop() else { return }
                let n = min(Self.bufferSize, bytes.count - offset)
                chunk.bytes.copyMemory(from: bytes.baseAddress! + offset, byteCount: n)
                chunk.count = n
                filled.push(chunk)
                offset += n
            }
        }

        /// Reads `source` to its end into the empty buffers, handing each on as it fills.
        func drain(_ source: ByteSource) throws {
            while var chunk = empty.pop() {
                let n = try source.read(into: UnsafeMutableRawBufferPointer(start: chunk.bytes, count: Self.bufferSize))
                if n == 0 {
                    empty.push(chunk)
                    return
                }
                chunk.count = n
                filled.push(chunk)
            }
        }

        func finish() {
            filled.close()
            done.wait()
        }
    }
}
