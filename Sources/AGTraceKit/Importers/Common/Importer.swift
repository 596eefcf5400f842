import Foundation

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
        let folder = path == "-" ? nil : try InputFormats.folderInput(path)
        let file = try folder?.source ?? FileSource(path: path)
        let totalBytes = path == "-" ? nil : folder.map(\.size) ?? fileSize(path)
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
        let rollbackJournal = FirstImportJournal.begin(db, kindTables: Self.kindTables(in: db))
        defer { if rollbackJournal { FirstImportJournal.end(db) } }
        let outcome: ImportOutcome = try db.writeTransaction {
            mark("write lock")
            let base = options.label ?? Labels.defaultLabel(for: path)
            let kind = input.format.storedKind
            for sql in kind.schema { try db.execute(sql) }
            try DatabaseOpener.refuseDamaged(tables: kind.writtenTables, in: db)
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
            item.compression = input.compression?.name
            let importId = try Imports.nextId(in: db)
            let job = FormatImport(source: input.source, file: source, db: db, hash: { hasher.finish() }, tick: progress,
                                   mark: mark, provisional: input.provisional, firstImport: rollbackJournal, importId: importId)
            try input.format.importInput(job, into: &item)
            // The same bytes stored meanwhile (another process), or under another name: undone.
            if !options.replace, let existing = try Imports.label(holding: item.sha256, in: db) {
                throw DuplicateImport(existingLabel: existing)
            }
            if let holder { throw LabelTaken(label: base, holder: holder, derived: options.label == nil, path: path) }
            // The import's row, one way for every kind; how it ended is the format's answer
            // (unknown when it gave none), noted unless the format said it already.
            let ending = item.ending ?? .unknown(nil)
            try Imports.insert(Imports.Row(id: importId, kind: kind.noun, label: label, source: source.storedPath, size: source.size,
                                           sha256: item.sha256, compression: item.compression,
                                           importedAt: Self.timestamp(), complete: ending.complete, endReason: ending.reason), in: db)
            if let replacement {
                try replacement.finish(label: label, kind: kind, in: db)
                item.keptAliases = replacement.aliases
                item.replacedAliasOf = replacement.aliasOf
            }
            if let note = ending.note, !item.notes.contains(where: { ImportNoteCode.endCodes.contains($0.code) }) {
                item.notes.insert(note, at: 0)
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

    /// The tables of every registered stored kind `db` has, which FirstImportJournal asks
    /// whether the database is empty (a console or a recording counts too); none when they
    /// cannot be read, so that it keeps the WAL.
    static func kindTables(in db: Database) -> [String] {
        (try? InputFormats.storedKinds(in: db).map(\.table)) ?? []
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

