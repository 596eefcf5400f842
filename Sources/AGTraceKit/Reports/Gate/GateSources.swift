import Foundation

/// Where `baseline` and `check` take their counts from: labels of the database (`--run R`,
/// `--snapshot S`), or files imported into a private temporary database for this command
/// alone (`--transcript FILE`, `--archive FILE`, `--trace FILE`), so that a pipeline depends on
/// no label and no database an earlier job left behind. The options are the measured kinds'
/// (`MeasuredKind`): each kind's label option and its format's file option, which may be the
/// same option (`--trace`: a file when one exists, else a label).
public struct GateSources: Equatable, Sendable {
    /// The value given for each option (`"transcript": "tap.lldb.log"`), by option name.
    public let values: [String: String]
    /// More recordings of the one kind given (`--trace t1 t2 t3`: t2 and t3), files when its
    /// value is a file, labels when it is a label: repeated recordings of one interaction,
    /// counted as one (`RepeatedRecordings`).
    public let more: [String]
    /// The files found in folders given (not named themselves): one that is no recording at
    /// all (a README) is passed over, as `import DIR` skips it.
    public let foundInFolders: Set<String>
    /// What the folders' walks passed over (FIFOs, names that are not UTF-8), each with why.
    public let passedOver: [DirectoryWalk.Skipped]

    /// Refuses (a usage problem) a kind counted alone given with anything else, labels
    /// mixed with files, and more recordings given with more than one input. A folder given
    /// as a file is read by the rule every command reads paths by (`DirectoryWalk`): a folder
    /// of Instruments exports is one recording, any other folder its files, which are repeated
    /// recordings of the one kind (`--trace runs/` is `--trace runs/r0 runs/r1 …`).
    public init(values: [String: String], more: [String] = []) throws {
        var values = values.filter { name, _ in Self.options.contains(name) }
        var found: Set<String> = [], passedOver: [DirectoryWalk.Skipped] = []
        func files(_ path: String) throws -> [String] {
            guard DirectoryWalk.isFolderOfFiles(path) else { return [path] }
            let walk = try DirectoryWalk.walk(path)
            guard !walk.files.isEmpty else {
                throw CheckProblem(.notCounted, "\(path): a folder with no files (a folder given as a recording is its files, repeated recordings of one interaction, or a folder of Instruments exports)")
            }
            found.formUnion(walk.files)
            passedOver += walk.skipped
            return walk.files
        }
        var expandedMore: [String] = []
        for kind in MeasuredKind.gateOrder {
            guard let value = values[kind.fileOption] else { continue }
            let each = try files(value)
            values[kind.fileOption] = each[0]
            expandedMore += each.dropFirst()
        }
        for path in more { expandedMore += try files(path) }
        self.values = values
        self.more = expandedMore
        foundInFolders = found
        self.passedOver = passedOver
        let all = MeasuredKind.gateOrder.filter { self.givenByLabel($0) != nil || self.givenByFile($0) != nil }
        // A console log beside another recording is that run's log, not a second count.
        let log = all.count > 1 ? all.first { $0.accompanies != nil } : nil
        let given = all.filter { $0 != log }
        if let alone = given.first(where: { $0.countedAlone != nil }), given.count > 1 {
            let others = Self.labelOptions(except: alone) + Self.fileOptions(except: alone)
            throw CheckProblem(.usage, "--\(alone.stored.option) is counted alone (\(alone.countedAlone!)): give no \(others.map { "--" + $0 }.listed("or")) with it")
        }
        let shared = MeasuredKind.gateOrder.filter { !$0.sharesItsOption }
        if given.contains(where: { self.givenByLabel($0) != nil && !$0.sharesItsOption }),
           given.contains(where: { self.givenByFile($0) != nil && !$0.sharesItsOption }) {
            throw CheckProblem(.usage, "give labels (\(shared.map { "--" + $0.stored.option }.joined(separator: ", "))) or files (\(shared.map { "--" + $0.fileOption }.joined(separator: ", "))), not both")
        }
        try refuseMixedRecordings(given, log: log)
        if let log, given.contains(where: { givenByFile($0) != nil }) != (givenByFile(log) != nil) {
            throw CheckProblem(.usage, "--\(log.fileOption) \(values[log.fileOption] ?? values[log.stored.option] ?? "") is \(givenByFile(log) != nil ? "a file" : "a label"), the recording beside it is not: give the log and the recording both as files or both as labels")
        }
    }

    /// The console log given beside a recording of another kind (`--trace T --console LOG`):
    /// the log of the same test run, the source of its cycle reports and warnings; nil when
    /// none, or when it is the one recording given.
    public var log: MeasuredKind? {
        let all = MeasuredKind.gateOrder.filter(has)
        return all.count > 1 ? all.first { $0.accompanies != nil } : nil
    }

    /// More recordings are of the one kind given, and all files or all labels as its value is.
    private func refuseMixedRecordings(_ given: [MeasuredKind], log: MeasuredKind?) throws {
        guard let extra = more.first else { return }
        let logOptions = log.map { [$0.fileOption, $0.stored.option] } ?? []
        guard given.count == 1, let kind = given.first, values.keys.filter({ !logOptions.contains($0) }).count == 1 else {
            throw CheckProblem(.usage, "more recordings ('\(extra)') are repeated recordings of one input: give one option with them (--trace t1 t2 t3), not \(values.keys.sorted().map { "--" + $0 }.listed("and"))")
        }
        guard kind.sharesItsOption else { return }
        let file = givenByFile(kind) != nil
        if let other = more.first(where: { Self.isFile($0) != file }) {
            throw CheckProblem(.usage, "--\(kind.fileOption) \(values.values.first!) is \(file ? "a file" : "a label"), but '\(other)' is \(file ? "none (a label?)" : "a file"): give repeated recordings as files or as labels, not both")
        }
    }


    /// Every option a source is given with: the kinds' file options, then their label options.
    public static var options: [String] {
        var names: [String] = []
        for name in MeasuredKind.gateOrder.map(\.fileOption) + MeasuredKind.gateOrder.map(\.stored.option)
        where !names.contains(name) { names.append(name) }
        return names
    }

    /// The label given for `kind` (`--run R`; for an option that also takes files, when no such
    /// file exists).
    func givenByLabel(_ kind: MeasuredKind) -> String? {
        guard let value = values[kind.stored.option] else { return nil }
        return kind.sharesItsOption && Self.isFile(value) ? nil : value
    }

    /// The file given for `kind` (`--transcript F`; `--trace F` when F is a file or `-`).
    func givenByFile(_ kind: MeasuredKind) -> String? {
        guard let value = values[kind.fileOption] else { return nil }
        return !kind.sharesItsOption || Self.isFile(value) ? value : nil
    }

    /// Whether a kind is given at all, by label or file.
    func has(_ kind: MeasuredKind) -> Bool { givenByLabel(kind) != nil || givenByFile(kind) != nil }

    /// The kinds given, in the gate's order.
    var kinds: [MeasuredKind] { MeasuredKind.gateOrder.filter(has) }
    /// The kinds counted: every kind given but the log beside them.
    var counted: [MeasuredKind] { kinds.filter { $0 != log } }

    /// The option `kind` was given with ("--transcript" for a file, "--run" for a label).
    func option(_ kind: MeasuredKind) -> String {
        givenByFile(kind) != nil ? "--" + kind.fileOption : "--" + kind.stored.option
    }

    /// `--trace X` names a file when X is one (or `-`, standard input; or a folder: one a format
    /// reads as one input, `--xctrace DIR`, or any other, its files), else a label of the database. Both at once is
    /// refused rather than guessed: `./X` names the file.
    static func isFile(_ value: String) -> Bool { DirectoryWalk.namesFiles(value) }

    /// Whether a private database is made: files given.
    public var usesFiles: Bool { MeasuredKind.gateOrder.contains { givenByFile($0) != nil } }
    /// The files this command reads, which its output must not replace.
    public var fileInputs: [OutputFile.Input] {
        MeasuredKind.gateOrder.flatMap { kind in
            givenByFile(kind).map { [$0] + more }.map { $0.map { OutputFile.Input(option: "--" + kind.fileOption, path: $0) } } ?? []
        }
    }

    /// Refuses an input that is both a file and a label of the database (an option that takes
    /// either, given an existing file's name that is also a label).
    func refuseAmbiguousLabels(database: String, openDatabase: () throws -> Database) throws {
        for kind in MeasuredKind.gateOrder where kind.sharesItsOption {
            guard let first = givenByFile(kind) else { continue }
            for value in [first] + more {
                guard value != "-", FileManager.default.fileExists(atPath: database) else { continue }
                guard let db = try? openDatabase(), (try? LabelLookup.resolve(value, kind: kind.rawValue, in: db)) ?? nil != nil else { continue }
                throw CheckProblem(.usage, "--\(kind.fileOption) \(value) is both a file and the label of a \(kind.rawValue) in \(database): write ./\(value) for the file")
            }
        }
    }

    /// The database counted in and the labels of the kinds given there.
    struct Opened {
        var db: Database
        var labels: [MeasuredKind: String] = [:]
        /// The labels of the more recordings of the one kind given (`GateSources.more`).
        var more: [String] = []
        /// Must stay alive while counting; closed by `close()`.
        var privateDatabase: PrivateDatabase?
        func close() { privateDatabase?.close() }
    }

    /// Opens the database to count in. Files are imported (a line each in `log`) into a
    /// private database: the one place the gate imports, through `PrivateDatabase`.
    func open(database: String, openDatabase: () throws -> Database, log: CommandLog) throws -> Opened {
        // A label given with an option that also takes files must name something.
        var checked: Opened?
        for kind in MeasuredKind.gateOrder where kind.sharesItsOption {
            guard let label = givenByLabel(kind) else { continue }
            guard FileManager.default.fileExists(atPath: database) else {
                throw CheckProblem(.notCounted, "--\(kind.stored.option) \(label): no such file (and no database at \(database) to hold a \(kind.rawValue) labelled so)")
            }
            let db = try checked?.db ?? openDatabase()
            for label in [label] + (kind == self.log ? [] : more) {
                guard try LabelLookup.resolve(label, kind: kind.rawValue, in: db) != nil else {
                    throw CheckProblem(.notCounted, "--\(kind.stored.option) \(label): no such file, and no \(kind.rawValue) labelled '\(label)' in \(database)\(try LabelLookup.suggestion(for: label, kind: kind.stored, in: db)) ('agtrace list' shows the labels)")
                }
            }
            if checked == nil { checked = Opened(db: db, more: more) }
            checked!.labels[kind] = label
        }
        if var checked {
            for kind in kinds where checked.labels[kind] == nil { checked.labels[kind] = givenByLabel(kind) }
            return checked
        }
        guard usesFiles else {
            var labels: [MeasuredKind: String] = [:]
            for kind in kinds { labels[kind] = givenByLabel(kind) }
            return Opened(db: try openDatabase(), labels: labels, more: more)
        }
        let scratch = try PrivateDatabase()
        var opened = Opened(db: scratch.db, privateDatabase: scratch)
        for passed in passedOver { log.say(.note("\(passed.path): passed over: \(passed.reason)")) }
        for kind in MeasuredKind.gateOrder {
            guard let first = givenByFile(kind) else { continue }
            for path in [first] + (kind == self.log ? [] : more) {
                let item: ImportedItem
                do {
                    // The first recording keeps its file's label (a baseline records it); the
                    // more are labelled by their paths, which two files of one name in two
                    // folders do not share.
                    item = try scratch.importFile(path, as: kind.format.kind, label: opened.labels[kind] == nil ? nil : path)
                } catch where foundInFolders.contains(path) && Importer.isNotAnInput(error) {
                    log.say(.note("\(path): passed over: \(Importer.reason(error))"))
                    continue
                }
                if opened.labels[kind] == nil { opened.labels[kind] = item.label } else { opened.more.append(item.label) }
                for line in kind.readLines(path, item) { log.say(line) }
            }
            guard opened.labels[kind] != nil else {
                throw CheckProblem(.notCounted, "--\(kind.fileOption) \(first): no \(kind.rawValue) among the files given")
            }
        }
        return opened
    }

    private static func labelOptions(except kind: MeasuredKind) -> [String] {
        MeasuredKind.gateOrder.filter { $0 != kind && !$0.sharesItsOption }.map(\.stored.option)
    }

    private static func fileOptions(except kind: MeasuredKind) -> [String] {
        MeasuredKind.gateOrder.filter { $0 != kind && !$0.sharesItsOption }.map(\.fileOption)
    }

    /// "--transcript FILE, --archive DUMP or --trace FILE (or a label…: --run R, --snapshot S, --trace T)".
    static func inputChoices(labels: String) -> String {
        let files = MeasuredKind.gateOrder.map { "--\($0.fileOption) \($0.filePlaceholder)" }
        let labelled = MeasuredKind.gateOrder.map { "--\($0.stored.option) \($0.stored.options[0].placeholder)" }
        return "\(files.listed("or")) (or a label\(labels): \(labelled.joined(separator: ", ")))"
    }
}

/// What to count: a kind's label, keyed so, named through another kind's label when the kind
/// is named by one (a run through a snapshot, for keys rule and view).
public struct CountInput: Sendable {
    public var kind: MeasuredKind
    public var label: String
    public var key: BaselineKey
    public var namingSnapshot: String?
    /// Record (baseline) or compare (check) seconds too, for kinds that give them on request.
    public var withSeconds = false

    /// For a kind named through a snapshot: how many of its attributes the snapshot holds (a
    /// warning when some are missing; refused, a ReportError, when all are).
    func match(in db: Database, log: CommandLog) throws -> RunSnapshotMatch? {
        guard let namer = kind.namer, let namingSnapshot else { return nil }
        let match = try RunSnapshotMatch.check(in: db, run: try LabelLookup.id(of: label, kind: kind.stored, in: db), runLabel: label,
                                               snapshot: try LabelLookup.id(of: namingSnapshot, kind: namer.stored, in: db),
                                               snapshotLabel: namingSnapshot)
        if let warning = match.warning { log.say(.warning(warning)) }
        return match
    }

    func counts(in db: Database) throws -> UpdateCounts { try kind.count(self, db) }

    /// The counts of this recording and of the `more` given with it (labels of the same kind),
    /// each in the order given: repeated recordings, which `RepeatedRecordings` makes one of.
    func counts(in db: Database, more: [String]) throws -> [UpdateCounts] {
        var each = [try counts(in: db)]
        for label in more {
            var other = self
            other.label = label
            each.append(try other.counts(in: db))
        }
        return each
    }
}
