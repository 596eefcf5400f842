import AGTraceKit

/// A usage error: the command line cannot be run as given (exit status 2). The message names
/// the option or argument and says why.
public struct UsageError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
    public init(_ message: String) { self.message = message }
}

/// Parsed command-line arguments: options may stand before or after positionals;
/// `--name value`, `--name=value`, short `-o value`, and `--` to end options are understood.
/// Only declared options are accepted, each value is checked against its kind, and values are
/// read through the declarations (`value(Options.run)`), never by a name typed again.
public struct ParsedArguments {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The options the command declared: reading any other is a mistake in the command (the
    /// declaration is missing from its usage), caught by the tests.
    private var declared: [OptionSpec] = []
    public internal(set) var positionals: [String] = []

    public func value(_ option: OptionSpec) -> String? { values[checked(option)]?.last }
    /// Every value given (an option that is repeatable or takes several), in order.
    public func values(_ option: OptionSpec) -> [String] { values[checked(option)] ?? [] }
    public func has(_ option: OptionSpec) -> Bool { flags.contains(checked(option)) }

    private func checked(_ option: OptionSpec) -> String {
        assert(declared.contains { $0.name == option.name }, "--\(option.name) is read but not declared by the command")
        return option.name
    }

    /// An integer option's value (checked when parsed, when it is declared `.wholeNumber`).
    public func int(_ option: OptionSpec) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let v = Int(text) else { throw UsageError(message: "--\(option.name) takes a whole number, not '\(text)'") }
        return v
    }

    /// Refuses a command line that leaves out a required option. Separate from `parse`, so that
    /// `--help` needs none.
    public func checkRequired() throws {
        for option in declared where option.isRequired && values[option.name] == nil && !flags.contains(option.name) {
            throw UsageError(message: option.missing!)
        }
    }

    /// `args` read against `options` (all the command takes, `--help` too), for `command`
    /// (named in messages).
    public static func parse(_ args: [String], options: [OptionSpec], command: String) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        parsed.declared = options
        var i = 0
        var onlyPositionals = false
        func spec(_ name: String) throws -> OptionSpec {
            if let s = options.first(where: { $0.name == name }) { return s }
            let suggestion = options.map(\.name).min { Suggestion.distance($0, name) < Suggestion.distance($1, name) }
            var message = "unknown option '--\(name)' for '\(command)'"
            if let suggestion, Suggestion.distance(suggestion, name) <= 3 { message += " (did you mean '--\(suggestion)'?)" }
            throw UsageError(message: message)
        }
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") || isNegativeNumber(arg) {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name: String
            var inline: String?
            if arg.hasPrefix("--") {
                name = String(arg.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                let ch = arg.dropFirst().first!
                guard arg.count == 2, let s = options.first(where: { $0.short == ch }) else {
                    throw UsageError(message: "unknown option '\(arg)' for '\(command)'")
                }
                name = s.name
            }
            let s = try spec(name)
            guard let valueName = s.valueName else {
                if inline != nil { throw UsageError(message: "--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                // A following option is not a value: `--label --db x` forgot the label.
                guard i < args.count, !(args[i].hasPrefix("--") && args[i].count > 2) else {
                    throw UsageError(message: "--\(name) needs a value (\(valueName))")
                }
                value = args[i]
                i += 1
            }
            if !s.repeatable && parsed.values[name] != nil {
                throw UsageError(message: "--\(name) given twice")
            }
            if let problem = s.kind.problem(name, value) { throw UsageError(message: problem) }
            parsed.values[name, default: []].append(value)
            // The values that follow, up to the next option, are this option's too.
            while s.takesSeveral, inline == nil, i < args.count, args[i] == "-" || !args[i].hasPrefix("-") {
                if let problem = s.kind.problem(name, args[i]) { throw UsageError(message: problem) }
                parsed.values[name, default: []].append(args[i])
                i += 1
            }
        }
        return parsed
    }

    private static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
