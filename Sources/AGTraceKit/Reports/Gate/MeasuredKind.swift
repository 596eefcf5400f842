/// What the CI gate counts in one stored kind, declared by the format folder that stores it
/// (`InputFormat.measuredKind`: a run's update hits, a snapshot's profile, a trace's
/// evaluations, ...). `baseline`, `check`, `Baseline` and `RecordingGate` read this instead of
/// spelling the kinds out; a baseline file names it by `rawValue` (`source.kind`).
public struct MeasuredKind: Sendable, Hashable, CustomStringConvertible {
    /// "run": a baseline's `source.kind`; its stored kind's noun.
    public let rawValue: String
    /// The kind's rows (its table, its label option).
    public let stored: StoredKind
    /// Where it stands among the kinds in options, usage lines and messages (run 0, snapshot 1, ...).
    public let order: Int
    /// The option that takes a file of it, imported privately (`transcript`), its placeholder
    /// in messages (`FILE`), and the help of both options (no label help when the file's
    /// option takes a label too: `sharesItsOption`).
    public let fileOption: String
    public let filePlaceholder: String
    public let fileHelp: String
    public let labelHelp: String
    /// What the user gives for it, in messages: "recording", "dump", "trace".
    public let thing: String
    /// With which options: "--transcript FILE or --run R", "--trace FILE or a trace's label".
    public let inputUsage: String
    /// "a recording (--transcript FILE or --run R)".
    public var given: String { "\(Self.article(thing)) \(thing) (\(inputUsage))" }

    /// "a" or "an" before `noun` ("an Instruments recording", "a trace").
    static func article(_ noun: String) -> String {
        guard let first = noun.first else { return "a" }
        return "aeiouAEIOU".contains(first) ? "an" : "a"
    }
    /// Why it is counted by itself, when it is: no other input may be given with it ("its own
    /// types name its rules and views").
    public let countedAlone: String?
    /// Its attributes are named, for keys rule and view, by another kind's rows given with it
    /// (a run, through a snapshot of the same process); nil when it names its own.
    public let namedBy: String?
    /// The key when `baseline` is given none.
    public let defaultKey: BaselineKey
    /// The seconds `check --time` compares, and the `baseline` command that writes them; nil
    /// when the kind carries no durations (then `untimed` says why, for the refusal).
    public let time: (measure: TimeMeasure, rewrite: String)?
    public let untimed: String
    /// How `--time`'s refusal names it among the kinds with seconds: "a profiled dump (--snapshot, --archive)".
    public let timedInput: String
    /// Whether the counted rows carry `--time`'s seconds only when asked (a trace's self time
    /// costs a pass), so `check --update-baseline` asks for them when the baseline held some.
    public let secondsOnRequest: Bool
    /// Counts `input` in `db`.
    let count: @Sendable (CountInput, Database) throws -> UpdateCounts
    /// The lines `check`/`baseline` log for a file counted privately ("read F: 12 events, exited 0").
    let readLines: @Sendable (String, ImportedItem) -> [CommandMessage]
    /// Whether its recordings normally show how they ended (a transcript's exit, a trace's
    /// EndTrace), so that one that does not is worth a note; a console log seldom shows the
    /// app's exit, so `check` says nothing of a console with no end (a crash it shows is refused).
    public let showsItsEnd: Bool
    /// Why it may come beside a recording of another kind (a console log: the log of the same
    /// test run, whose cycle reports and SwiftUI warnings gate while the other is counted);
    /// nil when it may not.
    public let accompanies: String?
    /// Refuses counts that cannot be compared (keys that lump unread hits together).
    let refuseCounts: @Sendable (UpdateCounts) throws -> Void
    /// What `compare` reads of one recording beyond the gate's counts (per key: changed
    /// evaluations, self and total seconds; the writes in order with the views they re-ran);
    /// nil: `compare` shows the gate's counts only (`CompareHooks.counted`).
    public let compare: CompareHooks?

    public init(stored: StoredKind, order: Int, fileOption: String, filePlaceholder: String = "FILE",
                fileHelp: String, labelHelp: String = "", thing: String, inputUsage: String, countedAlone: String? = nil,
                namedBy: String? = nil, defaultKey: BaselineKey, time: (measure: TimeMeasure, rewrite: String)? = nil,
                untimed: String = "", timedInput: String = "", secondsOnRequest: Bool = false, showsItsEnd: Bool = true,
                accompanies: String? = nil,
                count: @escaping @Sendable (CountInput, Database) throws -> UpdateCounts,
                readLines: @escaping @Sendable (String, ImportedItem) -> [CommandMessage],
                refuseCounts: @escaping @Sendable (UpdateCounts) throws -> Void = { _ in },
                compare: CompareHooks? = nil) {
        self.rawValue = stored.noun
        self.stored = stored
        self.order = order
        self.fileOption = fileOption
        self.filePlaceholder = filePlaceholder
        self.fileHelp = fileHelp
        self.labelHelp = labelHelp
        self.thing = thing
        self.inputUsage = inputUsage
        self.countedAlone = countedAlone
        self.namedBy = namedBy
        self.defaultKey = defaultKey
        self.time = time
        self.untimed = untimed
        self.timedInput = timedInput
        self.secondsOnRequest = secondsOnRequest
        self.showsItsEnd = showsItsEnd
        self.accompanies = accompanies
        self.count = count
        self.readLines = readLines
        self.refuseCounts = refuseCounts
        self.compare = compare
    }

    /// The kind a baseline file names (`source.kind`), among the registered formats'.
    public init?(rawValue: String) {
        guard let kind = Self.all.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// Every kind the gate can count, in the registry's order.
    public static var all: [MeasuredKind] { InputFormats.all.compactMap(\.measuredKind) }
    /// The same, in the order options and messages list them.
    public static var gateOrder: [MeasuredKind] { all.sorted { $0.order < $1.order } }

    /// Whether one option takes both a file and a label (`--trace`).
    public var sharesItsOption: Bool { fileOption == stored.option }

    /// "a trace (--trace) or a profiled dump (--snapshot, --archive)": the kinds `--time` goes with.
    static var timedInputs: String {
        gateOrder.filter { $0.time != nil }.map(\.timedInput).listed("or")
    }

    /// The kind that names this one's attributes (`namedBy`), if registered.
    public var namer: MeasuredKind? { namedBy.flatMap(MeasuredKind.init(rawValue:)) }

    /// The format whose files are counted as this kind.
    var format: any InputFormat { InputFormats.all.first { $0.measuredKind == self }! }

    public var description: String { rawValue }
    public static func == (a: MeasuredKind, b: MeasuredKind) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
