import Foundation

/// One recording on a side of a comparison: its kind and label in the database compared in.
public struct ComparedRecording: Equatable, Sendable {
    public var kind: MeasuredKind
    public var label: String
    /// What the user gave: the label, or the file's path.
    public var given: String
    /// The dump that names its attributes, for a kind named so (a run).
    public var namingSnapshot: String?
}

/// A and B as the user gave them: labels of the database, or files and folders imported into
/// a private temporary database for this command alone, as `check` does (`PrivateDatabase`).
/// A folder is read as every command reads one (`DirectoryWalk`): a folder of Instruments
/// exports is one recording, any other folder its files (recursively, in name order). The
/// same file (or the same bytes) on both sides is imported once and compared with itself.
struct CompareSides {
    var a: [ComparedRecording]
    var b: [ComparedRecording]
    var db: Database
    /// Holds the private database open while comparing; nil for labels.
    private var scratch: PrivateDatabase?

    func close() { scratch?.close() }

    /// Opens what `a` and `b` name: all labels (of `database`) or all files.
    /// `naming`: dumps that name the attributes of kinds named so (a run), one for both sides
    /// or A's then B's.
    static func open(a: [String], b: [String], naming: [String], database: String, openDatabase: () throws -> Database,
                     log: CommandLog) throws -> CompareSides {
        var sides = try open(a: a, b: b, database: database, openDatabase: openDatabase, log: log)
        guard !naming.isEmpty else { return sides }
        guard naming.count <= 2 else { throw ReportUsageError("--snapshot names both sides' attributes, or A's then B's: give it once or twice, not \(naming.count) times") }
        var labels: [String] = []
        for dump in naming {
            if let scratch = sides.scratch {
                guard FileManager.default.fileExists(atPath: dump) else {
                    throw ReportUsageError("--snapshot \(dump): no such file (with files for A and B, the naming dump is a file too)")
                }
                labels.append(try importFile(dump, into: scratch, log: log).label)
            } else {
                _ = try LabelLookup.snapshotId(dump, in: sides.db)
                labels.append(dump)
            }
        }
        func named(_ label: String) -> (ComparedRecording) -> ComparedRecording {
            { r in
                var r = r
                if r.kind.namedBy != nil { r.namingSnapshot = label }
                return r
            }
        }
        sides.a = sides.a.map(named(labels[0]))
        sides.b = sides.b.map(named(labels.last!))
        return sides
    }

    private static func open(a: [String], b: [String], database: String, openDatabase: () throws -> Database,
                             log: CommandLog) throws -> CompareSides {
        guard !a.isEmpty, !b.isEmpty else { throw ReportUsageError("give a recording (or a group of them) for each side: agtrace compare A B, or --a A1 A2 … --b B1 B2 …") }
        let given = a + b
        let files = Set(given.filter(DirectoryWalk.namesFiles))
        if files.isEmpty {
            let db = try openDatabase()
            return CompareSides(a: try a.map { try label($0, in: db) }, b: try b.map { try label($0, in: db) }, db: db)
        }
        let labels = given.filter { !files.contains($0) }
        guard labels.isEmpty else {
            throw ReportUsageError("give labels or files, not both: \(labels.map { "'\($0)'" }.listed("and")) \(labels.count == 1 ? "is no file" : "are no files") (labels are read from the database, files imported privately)")
        }
        let scratch = try PrivateDatabase()
        // Each path is imported once, under its path as its label (`Labels.privateLabel`): the same
        // file on both sides is one recording compared with itself, and files of the same name
        // in two folders (base/r0.ag-trace, slow/r0.ag-trace) are two.
        var imported: [String: ComparedRecording] = [:]
        func side(_ inputs: [String], _ name: String) throws -> [ComparedRecording] {
            var recordings: [ComparedRecording] = []
            for input in inputs {
                let walk = try DirectoryWalk.walk(input)
                for passed in walk.skipped { log.say(.note("\(passed.path): passed over: \(passed.reason)")) }
                var found = 0
                for path in walk.files {
                    if let known = imported[path] {
                        recordings.append(known)
                        found += 1
                        continue
                    }
                    let recording: ComparedRecording
                    do {
                        recording = try importFile(path, into: scratch, log: log)
                    } catch where path != input && Importer.isNotAnInput(error) {
                        // A file of a folder that is no recording at all (a README): passed
                        // over, as `import DIR` skips it.
                        log.say(.note("\(path): passed over: \(Importer.reason(error))"))
                        continue
                    }
                    imported[path] = recording
                    recordings.append(recording)
                    found += 1
                }
                if found == 0 {
                    throw CompareProblem("\(input) (\(name)): a folder with no recordings (a group is a folder of recordings, one a file, or a folder of Instruments exports each)")
                }
            }
            return recordings
        }
        return CompareSides(a: try side(a, "A"), b: try side(b, "B"), db: scratch.db, scratch: scratch)
    }

    /// The recording a label names, of whichever kind `compare` can read.
    static func label(_ label: String, in db: Database) throws -> ComparedRecording {
        for kind in MeasuredKind.gateOrder where try LabelLookup.resolve(label, kind: kind.stored, in: db) != nil {
            return ComparedRecording(kind: kind, label: label, given: label)
        }
        throw CompareProblem("'\(label)': no such file, and no recording labelled so in \(db.path) ('agtrace list' shows the labels)")
    }

    /// Imports `path` privately; bytes already imported (the same recording given twice) are
    /// compared as the recording they are.
    static func importFile(_ path: String, into scratch: PrivateDatabase, log: CommandLog) throws -> ComparedRecording {
        var options = ImportOptions(label: Labels.privateLabel(path))
        options.labelsPerKind = true
        switch try Importer(database: scratch.db).importItem(path, options: options) {
        case .imported(let item):
            guard let kind = item.kind.format.measuredKind else {
                throw CompareProblem("\(path): holds \(item.kind.format.noun), which compare cannot read (give traces, transcripts, dumps or console logs)")
            }
            for line in kind.readLines(path, item) { log.say(line) }
            return ComparedRecording(kind: kind, label: item.label, given: path)
        case .duplicate(_, let kind, let existing), .aliased(_, let kind, let existing, _):
            guard let measured = kind.format.measuredKind else { throw CompareProblem("\(path): compare cannot read \(kind.format.noun)") }
            log.say(.note("\(path): the same bytes as '\(existing)', compared as that recording"))
            return ComparedRecording(kind: measured, label: existing, given: path)
        }
    }
}

/// Why `compare` cannot compare what it was given (exit status 1).
public struct CompareProblem: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
