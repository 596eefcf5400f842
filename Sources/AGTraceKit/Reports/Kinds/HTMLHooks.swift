/// What one kind adds to `export html`'s page (`KindHooks.html`). The page is its common
/// frame ("What to fix", "What is in it", "Where the work went", the comparison of two
/// recordings, cycles) with each given kind's part in it: its facts (in the registry's order),
/// its block of the work (by `HTMLPart.work`'s rank), sections of its own (by rank; sections of
/// one id share one link).
struct HTMLHooks: Sendable {
    /// Whether a kind's part has a block in "Where the work went": the section is left out when
    /// every kind given has none (an Instruments recording's work is in its own section).
    var showsWork: Bool
    /// Whether `--compare A B` of two of it is a section of its own (two snapshots: what diff
    /// shows); else two recordings are compared as `compare` does.
    var comparesItself: Bool
    /// Its part of one page: given its own label and id when the page shows it, the two it
    /// compares when it is `--compare`'s kind, and what the page was given.
    var part: @Sendable (_ own: HTMLGiven.Row?, _ compared: (from: HTMLGiven.Row, to: HTMLGiven.Row)?, HTMLGiven) throws -> HTMLPart

    init(showsWork: Bool, comparesItself: Bool = false,
                part: @escaping @Sendable (_ own: HTMLGiven.Row?, _ compared: (from: HTMLGiven.Row, to: HTMLGiven.Row)?, HTMLGiven) throws -> HTMLPart) {
        self.showsWork = showsWork
        self.comparesItself = comparesItself
        self.part = part
    }
}

/// What the page was given, its labels resolved: each kind's row, the comparison, the options.
struct HTMLGiven {
    struct Row: Sendable {
        let label: String
        let id: Int64
    }
    let db: Database
    let options: HTMLReport.Options
    let rows: [(kind: StoredKind, row: Row)]
    let compare: (from: String, to: String)?

    /// The row of `kind` the page shows, if it was given.
    func row(_ kind: StoredKind) -> Row? { rows.first { $0.kind == kind }?.row }
}

/// One kind's part of a page.
struct HTMLPart {
    /// Warnings on what the page was given (shown under "What is in it", and on stderr).
    var warnings: [String] = []
    /// Its facts under "What is in it".
    var facts: ((HTMLPage) throws -> Void)?
    /// Its block of "Where the work went", and where it stands among the kinds' (lowest first).
    var work: (rank: Int, write: (HTMLPage) throws -> Void)?
    /// Sections of its own.
    var sections: [HTMLSection] = []
    /// The label whose rows name the frames of the page's cycle reports (a dump's), if it has one.
    var namesCycles: String?
}

/// A section of the page a kind writes: its id (the link's target), its title (the link's
/// text), where it stands among the kinds' sections (lowest first; ties in the registry's
/// order), and how it is written (returning warnings for stderr, which it shows too).
struct HTMLSection {
    var id: String
    var title: String
    var rank: Int
    var write: (HTMLPage) throws -> [String]

    init(id: String, title: String, rank: Int, write: @escaping (HTMLPage) throws -> [String]) {
        self.id = id
        self.title = title
        self.rank = rank
        self.write = write
    }
}
