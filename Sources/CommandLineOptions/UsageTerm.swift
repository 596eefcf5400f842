/// One piece of a usage line, made of the declarations themselves: a usage line names no option
/// the command does not take, and its placeholders are the declared ones.
public indirect enum UsageTerm: Sendable {
    /// `--name VALUE`, given as shown.
    case option(OptionSpec)
    /// `[ ... ]`: what may be left out.
    case optional([UsageTerm])
    /// `(a | b c | d)`: one of these.
    case oneOf([[UsageTerm]])
    case positional(Positional)
    /// A literal word, such as the kind of export (`export dot`).
    case word(String)

    /// `[--name VALUE]`.
    public static func optional(_ option: OptionSpec) -> UsageTerm { .optional([.option(option)]) }
    /// `--name VALUE` of a typed option.
    public static func option<Value>(_ option: Option<Value>) -> UsageTerm { .option(option.spec) }
    /// `[--name VALUE]` of a typed option.
    public static func optional<Value>(_ option: Option<Value>) -> UsageTerm { .optional([.option(option.spec)]) }

    public var rendered: String {
        switch self {
        case .option(let o): return o.synopsis
        case .optional(let terms): return "[" + terms.map(\.rendered).joined(separator: " ") + "]"
        case .oneOf(let choices): return "(" + choices.map { $0.map(\.rendered).joined(separator: " ") }.joined(separator: " | ") + ")"
        case .positional(let p): return p.synopsis
        case .word(let w): return w
        }
    }

    /// The options named here, in order (with repeats).
    public var options: [OptionSpec] {
        switch self {
        case .option(let o): return [o]
        case .optional(let terms): return terms.flatMap(\.options)
        case .oneOf(let choices): return choices.flatMap { $0.flatMap(\.options) }
        case .positional, .word: return []
        }
    }

    /// Whether the command line holds no positional word here (options only).
    public var takesNoWords: Bool {
        switch self {
        case .option: return true
        case .optional(let terms): return terms.allSatisfy(\.takesNoWords)
        case .oneOf(let choices): return choices.allSatisfy { $0.allSatisfy(\.takesNoWords) }
        case .positional, .word: return false
        }
    }

    /// The positionals named here, in order.
    public var positionals: [Positional] {
        switch self {
        case .positional(let p): return [p]
        case .optional(let terms): return terms.flatMap(\.positionals)
        case .oneOf(let choices): return choices.flatMap { $0.flatMap(\.positionals) }
        case .option, .word: return []
        }
    }
}

/// One way to call a command: its words after the program's name. A command with several forms
/// (`report NAME ...` and `report --list`) has one of these per form.
public struct UsageForm: Sendable {
    public var terms: [UsageTerm]

    public init(_ terms: [UsageTerm]) { self.terms = terms }

    /// `program command terms...` on one line.
    public func line(_ prefix: String) -> String {
        ([prefix] + terms.map(\.rendered)).joined(separator: " ")
    }

    /// The same, broken between terms so no line passes `width` (a term longer than that keeps
    /// its own line); the lines after the first are indented by `prefix`'s length plus one.
    public func lines(_ prefix: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: prefix.count + 1)
        var lines: [String] = []
        var line = prefix
        var holdsTerm = false
        for term in terms.map(\.rendered) {
            if holdsTerm && line.count + 1 + term.count > width {
                lines.append(line)
                line = indent + term
            } else {
                line += " " + term
            }
            holdsTerm = true
        }
        lines.append(line)
        return lines
    }

    /// Every option of these forms, each once, in the order they first appear.
    public static func options(of forms: [UsageForm]) -> [OptionSpec] {
        var seen: Set<String> = []
        return forms.flatMap { $0.terms.flatMap(\.options) }.filter { seen.insert($0.name).inserted }
    }

    /// Every positional of these forms, each once (by name), in order.
    public static func positionals(of forms: [UsageForm]) -> [Positional] {
        var seen: Set<String> = []
        return forms.flatMap { $0.terms.flatMap(\.positionals) }.filter { seen.insert($0.name).inserted }
    }
}
