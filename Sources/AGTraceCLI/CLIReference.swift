import AGTraceKit
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
