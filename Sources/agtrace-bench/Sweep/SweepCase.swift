/// A word of a sweep command line, filled in per size (N or 4N).
enum SweepWord: Hashable {
    case text(String)
    /// The size's database.
    case database
    /// A label of the size's database (the same text at both sizes).
    case label(String)
    /// The file of an input at the size.
    case file(String)
    /// A value looked up in the size's database (an attribute, a view, a seq).
    case value(SweepValue)
    /// A file the command writes (its `--output`), removed after each run.
    case output
    /// A file the case's setup writes before each run (a baseline), by name.
    case scratch(String)
    /// The folder of Swift sources `findings --source` maps views to.
    case sources

    /// How the case's title shows it.
    var shown: String {
        switch self {
        case .text(let t): return t
        case .database: return "DB"
        case .label(let l): return l
        case .file(let input): return "\(input).file"
        case .value(let v): return v.shown
        case .output: return "OUT"
        case .scratch(let name): return name.uppercased()
        case .sources: return "SOURCES"
        }
    }
}

/// One command line the sweep times at N and 4N, and what it reads.
struct SweepCase {
    var command: String
    /// After the program's name, `--db DB` included.
    var words: [SweepWord]
    /// The declared options it gives (`report`'s `--by` as `by`; a choice's value as `by=rule`):
    /// the sweep fails an option no measured case gives.
    var options: Set<String>
    /// The positionals it gives, by name.
    var positionals: Set<String>
    /// The inputs whose labels it reads from the database.
    var reads: [String] = []
    /// The inputs whose files it imports into a private database of its own.
    var imports: [String] = []
    /// It reads every recording of the database (`list`, `cycles` without one named).
    var readsEverything = false
    /// agtrace command lines run before each timed run, untimed (the baseline `check` reads).
    var setup: [[SweepWord]] = []
    /// `delete`: the timed run gets a database of only these inputs, imported before it (untimed).
    var freshDatabase: [String]?
    /// The exit statuses of a run that did its work (`check`: 1 is a verdict).
    var exits: Set<Int32> = [0]

    var title: String { "agtrace " + words.filter { $0 != .database && $0 != .text("--db") }.map(\.shown).joined(separator: " ") }
}

/// A piece of the sweep the declarations name but the sweep cannot feed: it fails the sweep.
struct SweepGap: Hashable, Error {
    var command: String
    var piece: String
    var why: String
}
