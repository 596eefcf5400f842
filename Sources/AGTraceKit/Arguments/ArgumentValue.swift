/// A value an option takes, read from its text once (swift-argument-parser's
/// `ExpressibleByArgument`): the type says which texts are values and, for any other, what it
/// expects. An option is declared with its type (`Option<RowLimit>`), the parser makes the
/// value, and a command reads it typed: no text is checked in one place and parsed again in
/// another. The MCP tools read their string arguments through the same types.
public protocol ArgumentValue: Sendable {
    /// The value `text` stands for, or why it stands for none.
    init(argument text: String) throws(ArgumentRefusal)
    /// The placeholder in usage lines and `--help` (`N`, `PCT`, `table|csv|json|markdown`).
    static var placeholder: String { get }
    /// Every value, when they are few and named (an enum's cases); nil otherwise.
    static var choices: [String]? { get }
}

extension ArgumentValue {
    public static var choices: [String]? { nil }
}

/// Why a text is no value of a type: what the option expects, in words that follow its name
/// (`takes a whole number, not 'ten'`), so every message names the option, quotes what was
/// given and says what would do.
public struct ArgumentRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public var expected: String
    public init(_ expected: String) { self.expected = expected }

    /// The whole message for option `name`: `--limit takes a whole number, not 'ten'`.
    public func message(option name: String) -> String { "--\(name) \(expected)" }
    public var description: String { expected }
}

/// One of a few named values (an enum of strings), in any case: `--format JSON` is json.
public protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentChoice {
    public init(argument text: String) throws(ArgumentRefusal) {
        guard let value = Self(rawValue: text.lowercased()) else {
            throw ArgumentRefusal("must be one of \(Self.placeholder), not '\(text)'")
        }
        self = value
    }

    public static var choices: [String]? { allCases.map(\.rawValue) }
    /// The values joined by `|`, in declaration order: `table|csv|json|markdown`.
    public static var placeholder: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// A whole number (`Int`), any.
extension Int: ArgumentValue {
    public init(argument text: String) throws(ArgumentRefusal) {
        guard let value = Int(text) else { throw ArgumentRefusal("takes a whole number, not '\(text)'") }
        self = value
    }

    public static var placeholder: String { "N" }
}

/// A whole number from 0 to 2^64 - 1 (a seed).
extension UInt64: ArgumentValue {
    public init(argument text: String) throws(ArgumentRefusal) {
        guard let value = UInt64(text) else { throw ArgumentRefusal("takes a whole number from 0, not '\(text)'") }
        self = value
    }

    public static var placeholder: String { "N" }
}

/// A whole number with a least value (rows: 1; a count of reports: 0), the bound's message the
/// option's own. Text that is no whole number is refused as `Int` refuses it.
public protocol BoundedWholeNumber: ArgumentValue {
    var value: Int { get }
    /// `value`, known to be at least `least`.
    init(unchecked value: Int)
    static var least: Int { get }
    /// What the option expects, said of `value`, which is below `least`.
    static func refusal(below value: Int) -> ArgumentRefusal
}

/// The rule of a `WholeNumber`: its least value, and what its option says of a smaller one
/// ("takes 1 or more" unless it says more).
public protocol WholeNumberBound: Sendable {
    static var least: Int { get }
    static func refusal(below value: Int) -> ArgumentRefusal
}

extension WholeNumberBound {
    public static func refusal(below value: Int) -> ArgumentRefusal { ArgumentRefusal("takes \(least) or more") }
}

/// The value of an option whose one rule is a least value (`Bound`): the options' number
/// types are this, each with its bound, not a struct each.
public struct WholeNumber<Bound: WholeNumberBound>: BoundedWholeNumber {
    public let value: Int
    public init(unchecked value: Int) { self.value = value }
    public static var least: Int { Bound.least }
    public static func refusal(below value: Int) -> ArgumentRefusal { Bound.refusal(below: value) }
}

/// 0 or more (a depth of 0: the start alone), refused as "takes 0 or more".
public enum ZeroOrMore: WholeNumberBound { public static let least = 0 }
/// 1 or more, refused as "takes 1 or more".
public enum OneOrMore: WholeNumberBound { public static let least = 1 }

extension BoundedWholeNumber {
    public init(argument text: String) throws(ArgumentRefusal) {
        try self.init(checking: try Int(argument: text))
    }

    /// `value` when it is at least `least` (a number given as a number, as the MCP tools take it).
    public init(checking value: Int) throws(ArgumentRefusal) {
        guard value >= Self.least else { throw Self.refusal(below: value) }
        self.init(unchecked: value)
    }

    public static var placeholder: String { "N" }
}
