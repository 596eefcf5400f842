/// What an input file holds, decided from its first bytes, never from its name: the name of
/// its format ("archive", "transcript", "trace"), as the import line says it.
public struct InputKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The format of this kind (every kind an import reports is registered).
    public var format: any InputFormat { InputFormats.format(self)! }
    /// What an import of this kind is stored as: "snapshot", "run" or "trace".
    public var storedNoun: String { format.storedKind.noun }
}

/// One input format, described once by its folder under `Importers/`: how its bytes are
/// recognised, how they are imported (reader -> records -> store), what they are stored as.
/// `InputFormats` lists them; the importer, the sniffer and `import` read only this.
public protocol InputFormat: Sendable {
    /// What it is called and what it makes (values; the functions below are its behaviour).
    var facts: FormatFacts { get }
    /// Whether `head` (the decoded stream's first bytes; `full`: more may follow) is this
    /// format, and how sure it is: nil when not, `.provisional` when only the whole input can
    /// tell. The surest format wins (ties: the registry's order; a format that could not be
    /// surer than the answer so far, by its `FormatFacts.surest`, is not asked), so a format
    /// with a signature of its own says `.certain` and wins over one that only sees a shape
    /// it shares (protobuf records, XML, JSON). May throw an `InputError` for bytes that are
    /// recognisably something else (a baseline).
    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition?
    /// Reads the input and stores its kind's rows (inside the import's transaction): its own
    /// row in its facts table keyed to `job.importId`, and the rest; fills in `item`'s counts,
    /// hash, ending and notes. Common code writes the `imports` row (label, source, bytes, end).
    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws
    /// What the import line says was stored: "graphs 1, nodes 40, edges 61".
    func counts(of item: ImportedItem) -> String
    /// A folder that is one input of this format (its files read one after another, and the
    /// folder's total size), or nil: a folder no format claims is walked, file by file.
    func folderInput(_ path: String) throws -> (source: ByteSource, size: Int?)?
}

/// A format's facts: its kind, what it is stored as and counted as, and how its files and
/// messages name it (made by the memberwise initialiser, in this order).
public struct FormatFacts: Sendable {
    public var kind: InputKind
    public var storedKind: StoredKind
    /// What `baseline` and `check` count in its rows; nil when the gate does not count it.
    public var measuredKind: MeasuredKind? = nil
    /// "an AttributeGraph archive", for messages that say what a file holds.
    public var noun: String
    /// "AttributeGraph archives", in lists of the formats.
    public var plural: String
    /// What its bytes look like to the sniffer, in words ("JSON", "text with breakpoint hits"),
    /// for `import --help` and the docs' table of formats.
    public var signs: String
    /// Where the docs say what its reader reads (`docs/formats.md#archives`).
    public var docs: String
    /// File-name endings left out of the label derived from a file's name (`.ag-json`).
    public var fileExtensions: [String]
    /// The option of `check` and `baseline` that takes such a file (`--archive`).
    public var fileOption: String
    /// The import notes it raises (`ImportNoteCode`), declared in its folder.
    public var noteCodes: [ImportNoteCode] = []
    /// What the readers do with its stored kind's rows beyond SQL: report notes, timeline,
    /// HTML parts, SQL of its own (`KindHooks`).
    public var hooks: KindHooks = KindHooks()
    /// The surest its `recognise` ever answers: formats that cannot beat the surest answer so
    /// far are not asked (each costs a pass over the head), so a format with a signature of
    /// its own says `.certain` here.
    public var surest: Recognition = .sure
}

extension InputFormat {
    public var kind: InputKind { facts.kind }
    public var storedKind: StoredKind { facts.storedKind }
    public var measuredKind: MeasuredKind? { facts.measuredKind }
    public var noun: String { facts.noun }
    public var plural: String { facts.plural }
    public var signs: String { facts.signs }
    public var docs: String { facts.docs }
    public var fileExtensions: [String] { facts.fileExtensions }
    public var fileOption: String { facts.fileOption }
    public func folderInput(_ path: String) throws -> (source: ByteSource, size: Int?)? { nil }
}

/// How sure a format is of a head, least sure first.
public enum Recognition: Int, Sendable, Comparable {
    /// Read the whole input to know; the format refuses it as no input if it was not.
    case provisional
    /// The shape it shares with other formats and nothing of its own yet (JSON text, XML, a
    /// protobuf's records): any surer format wins.
    case likely
    /// Signs of this format (its records' fields and events, its breakpoint hits, its root
    /// element): the library's formats say this of their files.
    case sure
    /// A signature only this format writes (a magic header, a schema's name): no other
    /// format is asked after it.
    case certain

    public static func < (a: Recognition, b: Recognition) -> Bool { a.rawValue < b.rawValue }
}

/// What a format's import gets: the decoded bytes, the file's row fields, the database (the
/// write transaction is open), and the importer's hooks.
public struct FormatImport {
    public var source: ByteSource
    public var file: ImportSource
    public var db: Database
    /// The SHA-256 of the raw bytes; reads the rest of them if the reader stopped early.
    public var hash: () -> String
    /// Progress: called now and then from the reading thread.
    public var tick: (() -> Void)?
    /// Names a phase for `import --timings`.
    public var mark: (String) -> Void
    /// The sniffer answered `.provisional`.
    public var provisional: Bool
    /// The first import into a fresh database (its rows may go to the disk while indexes build).
    public var firstImport: Bool
    /// The id its `imports` row takes, which common code writes after the format's rows:
    /// the kind's own row (its facts table) keys to it (`import_id`).
    public var importId: Int64
}
