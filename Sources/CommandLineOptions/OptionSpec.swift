/// One option a command accepts, declared once: its name, the placeholder and kind of its value
/// (none for a flag), its help line, whether it may be given more than once and whether it must
/// be. Parsing, the usage line and the option list of `--help` are all made from it, and a
/// command reads the value back through the same declaration (`args.value(spec)`), so no name
/// is typed twice.
public struct OptionSpec: Sendable {
    public var name: String          // without dashes
    public var valueName: String?    // the placeholder; nil for a flag
    public var help: String
    /// What the value must look like, checked while parsing.
    public var kind: OptionValueKind
    public var repeatable: Bool
    /// Takes every value up to the next option (`--a t1 t2 t3`): its placeholder ends in `...`.
    public var takesSeveral: Bool
    /// The error when the option is missing; nil when it may be left out.
    public var missing: String?
    public var short: Character?

    public init(name: String, valueName: String?, help: String, kind: OptionValueKind = .text, repeatable: Bool = false,
                required missing: String? = nil, short: Character? = nil, takesSeveral: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.kind = kind
        self.repeatable = repeatable
        self.missing = missing
        self.short = short
        self.takesSeveral = takesSeveral
    }

    public var isRequired: Bool { missing != nil }

    /// A choice among `values`: its placeholder is the values joined by `|`.
    public static func choice(name: String, values: [String], help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: values.joined(separator: "|"), help: help, kind: .oneOf(values))
    }

    /// The same option (same name, same meaning) with its help worded for one command, and
    /// optionally another placeholder and kind for its value.
    public func explained(_ help: String, valueName: String? = nil, kind: OptionValueKind? = nil) -> OptionSpec {
        var copy = self
        copy.help = help
        if let valueName { copy.valueName = valueName }
        if let kind { copy.kind = kind }
        return copy
    }

    /// The same option, required: `message` is the error when it is missing.
    public func required(_ message: String) -> OptionSpec {
        var copy = self
        copy.missing = message
        return copy
    }

    /// `--name VALUE` (`--name` for a flag), as the usage line and the option list show it.
    public var synopsis: String { valueName.map { "--\(name) \($0)" } ?? "--\(name)" }

    /// The value raw argument `a` gives this option, when it gives it (`--name V` or `-s V`,
    /// where `next` is V, nil when `a` is last; or `--name=V`); nil when `a` is another.
    /// For reading a command line that did not parse.
    public func value(givenBy a: String, next: String?) -> String?? {
        if a == "--\(name)" || short.map({ a == "-\($0)" }) == true { return .some(next) }
        if a.hasPrefix("--\(name)=") { return .some(String(a.dropFirst(name.count + 3))) }
        return nil
    }
}

/// What an option's value must be. The parser checks it, so a command reads a value that is
/// of its kind, and a wrong one is a usage error naming the option.
public struct OptionValueKind: Sendable {
    /// Why `text` is no value of this kind for option `name` (the whole message), nil when it is one.
    public let problem: @Sendable (_ name: String, _ text: String) -> String?

    public init(problem: @escaping @Sendable (_ name: String, _ text: String) -> String?) {
        self.problem = problem
    }

    /// Any text.
    public static let text = OptionValueKind { _, _ in nil }

    /// An integer (a range, when there is one, is the command's to check).
    public static let wholeNumber = OptionValueKind { name, text in
        Int(text) == nil ? "--\(name) takes a whole number, not '\(text)'" : nil
    }

    /// One of `values`, in any case.
    public static func oneOf(_ values: [String]) -> OptionValueKind {
        OptionValueKind { name, text in
            values.contains(text.lowercased()) ? nil : "--\(name) must be one of \(values.joined(separator: "|")), not '\(text)'"
        }
    }
}
