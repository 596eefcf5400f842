import CommandLineOptions

/// agtrace-bench reads its command lines with agtrace's parser (CommandLineOptions): each
/// subcommand declares its usage form, made of its options, and the parser accepts those
/// alone, so a typo never silently runs the default benchmark. These are the kinds of value
/// its options take and the step every subcommand starts with.
enum BenchOptions {
    static let help = OptionSpec(name: "help", valueName: nil, help: "show the help", short: "h")

    /// `words` read against `form` (for the subcommand `command`); nil after printing the help
    /// for `--help`. A required option left out is refused here.
    static func parse(_ words: [String], _ form: UsageForm, command: String) throws -> ParsedArguments? {
        let args = try ParsedArguments.parse(words, options: UsageForm.options(of: [form]) + [help], command: command)
        if args.has(help) {
            print(Usage.text)
            return nil
        }
        try args.checkRequired()
        return args
    }
}

extension OptionValueKind {
    /// A count: 300000, 300k or 1M (a decimal before the suffix is allowed: 1.5k).
    static let count = OptionValueKind { name, text in
        BenchOptions.count(text) == nil ? "--\(name): not a number: \(text)" : nil
    }

    /// A positive number of seconds.
    static let seconds = OptionValueKind { name, text in
        (Double(text).map { $0 > 0 } ?? false) ? nil : "--\(name): not a number of seconds: \(text)"
    }

    /// A size in bytes: 10MB, 512k (ByteSize).
    static let size = OptionValueKind { name, text in
        ByteSize.parse(text) == nil ? "--\(name): not a size: \(text) (e.g. 10MB)" : nil
    }
}

extension BenchOptions {
    /// `text` as a count (see `OptionValueKind.count`), nil when it is none.
    static func count(_ text: String) -> Int? {
        let lower = text.lowercased()
        var factor = 1
        var digits = Substring(lower)
        if lower.hasSuffix("k") { factor = 1_000; digits = digits.dropLast() }
        if lower.hasSuffix("m") { factor = 1_000_000; digits = digits.dropLast() }
        guard let value = Double(digits), value >= 0 else { return nil }
        return Int(value * Double(factor))
    }
}

extension ParsedArguments {
    /// The value of a `.count` option.
    func count(_ option: OptionSpec) -> Int? { value(option).flatMap(BenchOptions.count) }

    /// The value of an option the command cannot do without here: "missing --NAME" otherwise.
    func required(_ option: OptionSpec) throws -> String {
        guard let value = value(option) else { throw UsageError("missing --\(option.name)") }
        return value
    }
}
