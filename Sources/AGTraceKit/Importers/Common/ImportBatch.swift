/// What `agtrace import PATH...` imports: the files the paths hold (directories walked, in
/// order), what the walks passed over, and the tally its last line sums up.
public struct ImportBatch {
    public struct File: Equatable, Sendable {
        public var path: String
        /// Named on the command line (not found in a directory): an error there is not skipped.
        public var explicit: Bool
    }

    public private(set) var files: [File] = []
    /// Special files, loops and names that are not UTF-8 the walks passed over (skipped).
    public private(set) var passedOver: [DirectoryWalk.Skipped] = []
    public private(set) var imported = 0, skipped = 0, failed = 0, unchanged = 0

    /// Walks `paths`; refuses (`ImportUsageError`) a `label` for more than one file, and
    /// standard input twice.
    public init(paths: [String], label: String?) throws {
        guard !paths.isEmpty else { throw ImportUsageError("give at least one file, directory, or - for standard input") }
        if let label, let problem = Labels.problem(with: label) { throw ImportUsageError(problem) }
        for p in paths {
            let walk = try DirectoryWalk.walk(p)
            files += walk.files.map { File(path: $0, explicit: $0 == p) }
            passedOver += walk.skipped
        }
        skipped = passedOver.count
        if label != nil && files.count != 1 {
            throw ImportUsageError("--label names one import, but the paths hold \(files.count) files")
        }
        if files.filter({ $0.path == "-" }).count > 1 {
            throw ImportUsageError("standard input (-) can be read only once")
        }
    }

    /// What became of one file of the batch.
    public enum Result {
        /// Imported, or its bytes were already stored (`ImportOutcome` says which).
        case done(ImportOutcome)
        /// Found in a directory and no input at all (a README): passed over, with why.
        case skipped(reason: String)
        /// Refused: the error says why (the batch's exit status is 1).
        case failed(Error)
    }

    /// `file` imported with `importer` and counted. An error on a file a directory holds
    /// that is no input at all is a skip; any other error, and any on a file named on the
    /// command line, is a failure.
    public mutating func run(_ file: File, importer: Importer, options: ImportOptions) -> Result {
        do {
            let outcome = try importer.importItem(file.path, options: options)
            count(outcome)
            return .done(outcome)
        } catch where !file.explicit && Importer.isNotAnInput(error) {
            skipped += 1
            return .skipped(reason: Importer.reason(error))
        } catch {
            failed += 1
            return .failed(error)
        }
    }

    public mutating func count(_ outcome: ImportOutcome) {
        if case .imported = outcome { imported += 1 } else { unchanged += 1 }
    }

    /// 0 when no file failed, else 1 (skipped files are no failure).
    public var exitStatus: Int32 { failed == 0 ? 0 : 1 }

    /// The last line, for more than one path: "imported N, skipped M, failed K[, unchanged U]".
    public var summary: String? {
        guard files.count + passedOver.count > 1 else { return nil }
        var line = "imported \(imported), skipped \(skipped), failed \(failed)"
        if unchanged > 0 { line += ", unchanged \(unchanged)" }
        return line
    }
}

/// A command line `import` cannot run (exit 2).
public struct ImportUsageError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
