/// What one import did.
public enum ImportOutcome: Equatable, Sendable {
    case imported(ImportedItem)
    /// The same bytes are already stored under `existingLabel`; nothing was written.
    case duplicate(path: String, kind: InputKind, existingLabel: String)
    /// The same bytes are already stored under `existingLabel`, and the label asked for
    /// (`--label`) now names them too (`aliases`): `check --run ALIAS` reads them.
    case aliased(path: String, kind: InputKind, existingLabel: String, alias: String)
}

/// What one import stored. The counts and facts are the format's own, by name: each format
/// folder names them (`ImportedItem.graphs` in `Archive/`) and words them (`InputFormat.counts`).
public struct ImportedItem: Equatable, Sendable {
    public var path: String
    public var label: String
    public var kind: InputKind
    public var compressed: Bool
    public var sha256: String
    /// What the format counted ("graphs", "events"…); 0 when not counted.
    public var counts: [String: Int] = [:]
    /// What else the format says of it ("end" of a transcript), as text.
    public var facts: [String: String] = [:]
    /// Doubts about the input that did not stop the import, as stored in `import_notes`
    /// (read back from there after the import's rows), for stderr.
    public var notes: [ImportNote] = []
    /// The notes' sentences but the recording's end, which `check` words its own way: one per
    /// kind of note, with how many and where the first were (`ImportNoteGroup`).
    public var warnings: [String] { ImportNoteGroup.groups(notes.filter { $0.code != ImportNoteCode.recordingEnd.code }).map { $0.sentence() } }
    /// How the recording ended, as its format read it (nil: the format says nothing; the
    /// row keeps what the format wrote itself). Written into the kind's row by the import.
    public var ending: RecordingEnding?
    public var replaced = false
    /// `--replace` of a label with aliases: the aliases, which now name the new import.
    public var keptAliases: [String] = []
    /// `--replace` of an alias: the label it named, which keeps its bytes.
    public var replacedAliasOf: String?
    public var seconds: Double = 0
    /// Where the time went (phase, seconds since the import started), for `import --timings`.
    public var phases: [(String, Double)] = []

    public init(path: String, label: String, kind: InputKind, compressed: Bool, sha256: String) {
        self.path = path
        self.label = label
        self.kind = kind
        self.compressed = compressed
        self.sha256 = sha256
    }

    /// How a compressed input was compressed when not gzip ("raw DEFLATE"); nil for gzip.
    public var compression: String? { get { facts["compression"] } set { facts["compression"] = newValue } }

    /// A count by name (0 when the format did not count it).
    public subscript(count name: String) -> Int {
        get { counts[name] ?? 0 }
        set { counts[name] = newValue }
    }

    /// Equal whatever the timings.
    public static func == (a: ImportedItem, b: ImportedItem) -> Bool {
        a.path == b.path && a.label == b.label && a.kind == b.kind && a.compressed == b.compressed && a.sha256 == b.sha256
            && a.counts == b.counts && a.facts == b.facts && a.notes == b.notes && a.ending == b.ending
            && a.replaced == b.replaced && a.keptAliases == b.keptAliases && a.replacedAliasOf == b.replacedAliasOf
    }
}
