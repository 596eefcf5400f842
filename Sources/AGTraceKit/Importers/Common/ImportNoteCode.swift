/// One kind of import note, declared once (as Perfetto's `storage/stats.h` declares each stat):
/// its code, how serious it is, the unit of its position, and what it means. Each format
/// declares its own codes in its folder (`FormatFacts.noteCodes`); those any format may raise
/// are here. A call site names a code, never a free string; docs/schema.md's list of codes is
/// written from `ImportNoteCode.all`.
public struct ImportNoteCode: Sendable, Hashable {
    /// How serious: every note so far is a warning (an error stops the import instead).
    public enum Severity: String, Sendable { case warning }

    /// What a note's `position` counts, in the format's own terms.
    public enum PositionUnit: String, Sendable {
        case none = "no position"
        case line = "line (from 1)"
        case byte = "byte offset into the document"
        case eventSeq = "event seq"
        case row = "row of its table (from 0)"
        /// Each format's own: a trace's event seq, an Instruments table's row.
        case eventSeqOrRow = "a trace's event seq; an Instruments table's row (from 0)"
    }

    /// `trace-cut`: what `import_notes.code` holds.
    public let code: String
    public let severity: Severity
    /// Its `position`'s unit.
    public let position: PositionUnit
    /// What a note of this code says happened, for docs/schema.md.
    public let meaning: String
    /// The stored kinds that raise it, when not only the format that declares it (the codes
    /// common to every format).
    public let raisedBy: String?
    /// Whether a note of it says how the recording ended (a cut): the import then adds no
    /// `recording-end` note of its own.
    public let saysTheEnd: Bool

    public init(_ code: String, severity: Severity = .warning, position: PositionUnit, meaning: String,
                raisedBy: String? = nil, saysTheEnd: Bool = false) {
        self.code = code
        self.severity = severity
        self.position = position
        self.meaning = meaning
        self.raisedBy = raisedBy
        self.saysTheEnd = saysTheEnd
    }

    public static func == (a: ImportNoteCode, b: ImportNoteCode) -> Bool { a.code == b.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// How a recording ended, when not normally (or, for a transcript, when no end shows):
    /// `RecordingEnding`'s note, which `check` says in words of its own.
    public static let recordingEnd = ImportNoteCode(
        "recording-end", position: .none,
        meaning: "the recording did not end normally (a crash, a kill, a cut), or shows no end; `check` refuses it unless --allow-incomplete",
        raisedBy: "every kind", saysTheEnd: true)
    /// A duration that cannot be (negative, infinite, not a number): the recording's times
    /// cannot be trusted, so neither can it (`RecordingEnding`: not complete).
    public static let impossibleDuration = ImportNoteCode(
        "impossible-duration", position: .eventSeqOrRow,
        meaning: "a duration that cannot be (negative, infinite, not a number), stored as unknown (NULL); the position is the first's",
        raisedBy: "traces, Instruments recordings", saysTheEnd: true)

    /// The codes any format may raise.
    static let common: [ImportNoteCode] = [recordingEnd, impossibleDuration]

    /// Every code: the common ones, then each registered format's, each with the stored kind
    /// that raises it.
    public static var all: [(code: ImportNoteCode, raisedBy: String)] {
        common.map { ($0, $0.raisedBy ?? "every kind") }
            + InputFormats.all.flatMap { format in format.facts.noteCodes.map { ($0, $0.raisedBy ?? format.storedKind.noun + "s") } }
    }

    /// The codes of notes that say how a recording ended: the import adds no second one.
    static var endCodes: Set<String> { Set(all.map(\.code).filter(\.saysTheEnd).map(\.code)) }
}
