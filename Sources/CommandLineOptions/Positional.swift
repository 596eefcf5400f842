/// One positional argument of a command: its placeholder, how many it takes and its help line,
/// shown in the usage line and under "Arguments:" in `--help`. The command reads them in order
/// (`args.positionals`).
public struct Positional: Sendable {
    public enum Arity: Sendable {
        case one, optional, oneOrMore, zeroOrMore
    }

    public var name: String
    public var arity: Arity
    public var help: String

    public init(_ name: String, _ arity: Arity = .one, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    /// `NAME`, `[NAME]`, `NAME...` or `[NAME...]`.
    public var synopsis: String {
        switch arity {
        case .one: return name
        case .optional: return "[\(name)]"
        case .oneOrMore: return "\(name)..."
        case .zeroOrMore: return "[\(name)...]"
        }
    }
}
