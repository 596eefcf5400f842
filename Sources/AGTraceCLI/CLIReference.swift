import AGTraceKit
import CommandLineOptions
import Foundation

extension AGTraceCLI {
    /// docs/cli.md: `agtrace --help` and every command's `--help`, exactly as they print.
    /// Regenerate with `swift run agtrace-docs`; a test fails when the file is stale.
    @MainActor public static func referenceDocument() -> String {
        var text = """
        # Command reference

        Generated from the commands' own `--help` by `swift run agtrace-docs` (do not edit by hand).

        ## agtrace

        ```
        \(topLevelHelp().trimmingCharacters(in: .newlines))
        ```

        """
        for c in commands {
            text += "\n## agtrace \(c.name)\n\n```\n\(helpText(for: c).trimmingCharacters(in: .newlines))\n```\n"
        }
        return text
    }
}

/// What a command declares, for the tests that keep its help and its parser in step.
public struct CommandDeclaration {
    public let name: String
    public let forms: [UsageForm]
    /// Every option the parser accepts for the command (`--db` and `--help` included).
    public let options: [OptionSpec]
    public let positionals: [Positional]
    /// Its `--help`, as printed.
    public let help: String
    /// Its usage line, as a usage error prints it.
    public let usage: String
    let command: Command

    /// The command's parser on `args` (the words after the command's name).
    public func parse(_ args: [String]) throws -> ParsedArguments { try command.parse(args) }
    /// What the command checks once `--help` is not asked for: required options, no stray argument.
    public func check(_ parsed: ParsedArguments) throws { try command.check(parsed) }
}

extension AGTraceCLI {
    /// Every command's declarations, in `agtrace help`'s order.
    public static var declarations: [CommandDeclaration] {
        commands.map {
            CommandDeclaration(name: $0.name, forms: $0.forms, options: $0.options + Options.common, positionals: $0.positionals,
                               help: helpText(for: $0), usage: $0.usage, command: $0)
        }
    }
}
