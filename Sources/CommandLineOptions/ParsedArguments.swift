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
/// Only declared options are accepted, each value is made by its kind once (a wrong one is a
/// usage error), and values are read through the declarations (`value(Options.run)`, typed:
/// `value(Options.limit)` is a `RowLimit`), never by a name typed again.
public struct ParsedArguments {
    /// Each option's values, as its kind made them (text for a text option), in order.
    private var values: [String: [any Sendable]] = [:]
    private var flags: Set<String> = []
    /// The options the command declared: reading any other is a mistake in the command (the
    /// declaration is missing from its usage), caught by the tests.
    private var declared: [OptionSpec] = []
    public internal(set) var positionals: [String] = []

    /// A text option's value.
    public func value(_ option: OptionSpec) -> String? { values(option).last }
    /// Every value given (an option that is repeatable or takes several), in order.
    public func values(_ option: OptionSpec) -> [String] {
        assert(option.kind.isText, "--\(option.name) is typed: read it through its Option")
        return (values[checked(option)] ?? []).map { $0 as! String }
    }
    public func has(_ option: OptionSpec) -> Bool { flags.contains(checked(option)) }
    /// Whether the option was given at all (a flag, or with a value of any type).
    public func isGiven(_ option: some OptionDeclaration) -> Bool {
        let name = checked(option.spec)
        return flags.contains(name) || values[name] != nil
    }

    /// A typed option's value.
    public func value<Value>(_ option: Option<Value>) -> Value? { values(option).last }
    public func values<Value>(_ option: Option<Value>) -> [Value] {
        (values[checked(option.spec)] ?? []).map { value in
            guard let typed = value as? Value else { preconditionFailure("--\(option.name) is read as \(Value.self), but declared otherwise") }
            return typed
        }
    }

    private func checked(_ option: OptionSpec) -> String {
        assert(declared.contains { $0.name == option.name }, "--\(option.name) is read but not declared by the command")
        return option.name
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
            parsed.values[name, default: []].append(try s.kind.read(name, value).get())
            // The values that follow, up to the next option, are this option's too.
            while s.takesSeveral, inline == nil, i < args.count, args[i] == "-" || !args[i].hasPrefix("-") {
                parsed.values[name, default: []].append(try s.kind.read(name, args[i]).get())
                i += 1
            }
        }
        return parsed
    }

    /// The words of `option` that stand before a command (`tool --db x.db list`: `--db x.db`),
    /// taken off the front of `args` (given as often as it is; the value of the last one given
    /// alone is missing): the caller parses them with the command's own words.
    public static func takeLeading(_ option: OptionSpec, from args: inout [String]) -> [String] {
        var taken: [String] = []
        let flag = "--" + option.name
        while let a = args.first, a == flag || a.hasPrefix(flag + "=") {
            taken.append(args.removeFirst())
            if a == flag, option.valueName != nil, let value = args.first {
                taken.append(value)
                args.removeFirst()
            }
        }
        return taken
    }

    private static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
