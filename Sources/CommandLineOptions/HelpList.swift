import Foundation

/// The two lists of a command's `--help`: its positionals and its options, one per line, the
/// help lines aligned.
public enum HelpList {
    /// `Arguments:` (when there are positionals) then `Options:`, each a two-column list.
    public static func render(positionals: [Positional], options: [OptionSpec]) -> String {
        var text = ""
        if !positionals.isEmpty {
            text += "\nArguments:\n" + columns(positionals.map { ($0.synopsis, $0.help) })
        }
        let flags = options.map { o -> (String, String) in
            var flag = o.synopsis
            if let s = o.short { flag = "-\(s), " + flag }
            return (flag, o.help)
        }
        text += "\nOptions:\n" + columns(flags)
        return text
    }

    /// Left column padded to the widest entry (at most 34; a longer one has the help on the next line).
    static func columns(_ rows: [(String, String)]) -> String {
        let width = min(34, rows.map(\.0.count).max() ?? 0)
        var text = ""
        for (left, help) in rows {
            if left.count > width {
                text += "  \(left)\n  \(String(repeating: " ", count: width))  \(help)\n"
            } else {
                text += "  \(left.padding(toLength: width, withPad: " ", startingAt: 0))  \(help)\n"
            }
        }
        return text
    }
}
