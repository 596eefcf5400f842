import AGTraceKit

/// One option a command accepts, declared once: its name, the placeholder and kind of its value
/// (none for a flag), its help line, whether it may be given more than once and whether it must
/// be. Parsing, the usage line and the option list of `--help` are all made from it, and a
/// command reads the value back through the same declaration (`args.value(spec)`), so no name
/// is typed twice. An option whose value is no text is declared as an `Option<Value>`, whose
/// kind its type gives.
public struct OptionSpec: Sendable {
    public var name: String          // without dashes
    public var valueName: String?    // the placeholder; nil for a flag
    public var help: String
    /// What the value is, made while parsing.
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

    /// The same option (same name, same meaning) with its help worded for one command, and
    /// optionally another placeholder.
    public func explained(_ help: String, valueName: String? = nil) -> OptionSpec {
        var copy = self
        copy.help = help
        if let valueName { copy.valueName = valueName }
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

/// What an option's value is. The parser makes the value from the argument's text once, so a
/// command reads a value of its type (`args.value(option)`), and a text that is none is a usage
/// error naming the option, the text and what it takes.
public struct OptionValueKind: Sendable {
    /// The value `text` gives option `name`, or the whole message saying why it gives none.
    public let read: @Sendable (_ name: String, _ text: String) -> Result<any Sendable, UsageError>
    /// Whether the value is the text itself (read with `args.value(spec)`, a `String`).
    public let isText: Bool

    init(isText: Bool, read: @escaping @Sendable (_ name: String, _ text: String) -> Result<any Sendable, UsageError>) {
        self.isText = isText
        self.read = read
    }

    /// Text, checked by `problem` (the whole message when `text` will not do, nil when it will).
    public init(problem: @escaping @Sendable (_ name: String, _ text: String) -> String?) {
        self.init(isText: true) { name, text in problem(name, text).map { .failure(UsageError($0)) } ?? .success(text) }
    }

    /// Any text.
    public static let text = OptionValueKind { _, _ in nil }

    /// A value of `type`, made by its `init(argument:)`.
    public static func of<Value: ArgumentValue>(_ type: Value.Type) -> OptionValueKind {
        OptionValueKind(isText: false) { name, text in
            do throws(ArgumentRefusal) { return .success(try Value(argument: text)) } catch { return .failure(UsageError(error.message(option: name))) }
        }
    }
}

/// An option's declaration, typed or not: what a list of options of several types holds.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    public var spec: OptionSpec { self }
}

/// An option whose value is of type `Value` (`Option<RowLimit>`): its declaration (`spec`) has
/// the placeholder and the kind the type gives, and `args.value(option)` is a `Value`.
public struct Option<Value: ArgumentValue>: OptionDeclaration {
    public var spec: OptionSpec

    public init(name: String, valueName: String? = nil, help: String, repeatable: Bool = false, required missing: String? = nil,
                short: Character? = nil, takesSeveral: Bool = false) {
        spec = OptionSpec(name: name, valueName: valueName ?? Value.placeholder, help: help, kind: .of(Value.self), repeatable: repeatable,
                          required: missing, short: short, takesSeveral: takesSeveral)
    }

    public var name: String { spec.name }

    /// The same option with its help worded for one command.
    public func explained(_ help: String) -> Option {
        var copy = self
        copy.spec.help = help
        return copy
    }
}
