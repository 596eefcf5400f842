import AGTraceKit
import CommandLineOptions

// The types of the command line's own option values (each read once, by the parser), with
// the bound and the words its option's message has always had. The library's (formats,
// `Percent`, check's limits, report --by) are declared beside what they configure.

/// `--limit N`: rows to print, 1 or more.
typealias RowLimit = WholeNumber<Rows>
enum Rows: WholeNumberBound {
    static let least = 1
    static func refusal(below value: Int) -> ArgumentRefusal { ArgumentRefusal("takes a number of rows, 1 or more, not \(value)") }
}

/// `walk --depth N`: edges away from the start, 1 or more.
typealias WalkDepth = WholeNumber<OneOrMore>
/// `export dot --depth N`: the focus's neighbourhood in edges, 0 (the node alone) or more.
typealias FocusDepth = WholeNumber<ZeroOrMore>
/// `diff --top N`: rules the summary lists, 0 or more.
typealias TopRules = WholeNumber<ZeroOrMore>

/// `walk --at SEQ`: an event of a trace, by its seq (1 or more).
typealias EventSeq = WholeNumber<Seq>
enum Seq: WholeNumberBound {
    static let least = 1
    static func refusal(below value: Int) -> ArgumentRefusal { ArgumentRefusal("takes an event's seq (1 or more)") }
}

/// `--focus ATTR`: an attribute id, decimal or 0x-hex.
struct AttributeID: ArgumentValue {
    let id: Int64
    init(argument text: String) throws(ArgumentRefusal) {
        guard let id = LabelLookup.attribute(text) else {
            throw ArgumentRefusal("takes an attribute (a number, decimal or 0x-hex), not '\(text)'")
        }
        self.id = id
    }

    static var placeholder: String { "ATTR" }
}

/// What `export` makes: its first word.
enum ExportKind: String, CaseIterable {
    case dot, perfetto, html

    /// As `export`'s message words it (the word is a positional, not an option).
    static func named(_ word: String) throws -> ExportKind {
        guard let kind = ExportKind(rawValue: word) else {
            throw UsageError(message: "agtrace exports dot (Graphviz), perfetto (a timeline) or html (a report), not '\(word)'")
        }
        return kind
    }
}
