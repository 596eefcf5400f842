/// Parsed `--name value` options, `--flag` switches and positional words of one subcommand.
/// Unknown options are errors, so a typo never silently runs the default benchmark.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var switches: Set<String> = []

    init(_ words: [String], options: Set<String>, flags: Set<String>) throws {
        var i = 0
        while i < words.count {
            let word = words[i]
            if word.hasPrefix("--") {
                var name = String(word.dropFirst(2))
                var inline: String?
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if flags.contains(name) {
                    switches.insert(name)
                } else if options.contains(name) {
                    if let inline {
                        values[name] = inline
                    } else {
                        guard i + 1 < words.count else { throw UsageError("--\(name) needs a value") }
                        i += 1
                        values[name] = words[i]
                    }
                } else {
                    throw UsageError("unknown option --\(name)")
                }
            } else {
                positional.append(word)
            }
            i += 1
        }
    }

    func flag(_ name: String) -> Bool { switches.contains(name) }
    func string(_ name: String) -> String? { values[name] }

    func int(_ name: String) throws -> Int? {
        guard let text = values[name] else { return nil }
        // Accept 300000, 300k, 1M for counts.
        let lower = text.lowercased()
        var factor = 1
        var digits = Substring(lower)
        if lower.hasSuffix("k") { factor = 1_000; digits = digits.dropLast() }
        if lower.hasSuffix("m") { factor = 1_000_000; digits = digits.dropLast() }
        guard let value = Double(digits), value >= 0 else { throw UsageError("--\(name): not a number: \(text)") }
        return Int(value * Double(factor))
    }

    func required(_ name: String) throws -> String {
        guard let value = values[name] else { throw UsageError("missing --\(name)") }
        return value
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
