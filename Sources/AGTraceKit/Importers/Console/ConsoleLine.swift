import Foundation

/// One console line reduced to the message a program printed: what Xcode's console, `log
/// show`/`log stream` and CI runners put in front of it is taken off, and Markdown backticks
/// (a line pasted into an issue) are dropped. What is left may still carry a note after it;
/// each line shape allows for that itself.
enum ConsoleLine {
    /// The message of `raw` (no line end), without the spaces before it. Spaces after it are
    /// kept: a frame line with no flags ends in one.
    static func message(_ raw: Substring) -> Substring {
        var line = raw
        if hasBacktick(line) { line = Substring(line.filter { $0 != "`" }) }
        // A terminal's colours and a CI runner's (ANSI escapes), wherever they stand.
        if line.utf8.contains(0x1B) { line = withoutEscapes(line) }
        while line.last == "\r" { line.removeLast() }
        line = leading(line)
        // What terminals, CI runners and other tools put before a line, in any number and order:
        // dates and times (`log show`'s columns after them), `[Simulator] `-style tags, and a
        // stream's or a container's name before a bar (`stderr | `, `web_1  | `).
        for _ in 0..<8 {
            let before = line.utf8.count
            if let first = line.utf8.first {
                if first >= 0x30, first <= 0x39 {
                    line = leading(stripLogPrefix(stripCITimestamp(line)))
                } else if first == UInt8(ascii: "[") || first == UInt8(ascii: "(") {
                    line = stripTag(line)
                } else {
                    line = stripStreamName(line)
                }
            }
            if line.utf8.count == before { break }
        }
        return line
    }

    /// `s` without ANSI escape sequences: CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC \\`)
    /// and two-byte escapes.
    static func withoutEscapes(_ s: Substring) -> Substring {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            guard b[i] == 0x1B else { out.append(b[i]); i += 1; continue }
            i += 1
            guard i < b.count else { break }
            if b[i] == UInt8(ascii: "[") {
                i += 1
                while i < b.count, !(0x40...0x7E).contains(b[i]) { i += 1 }
                i += 1
            } else if b[i] == UInt8(ascii: "]") {
                i += 1
                while i < b.count, b[i] != 0x07, !(b[i] == 0x1B && i + 1 < b.count && b[i + 1] == UInt8(ascii: "\\")) { i += 1 }
                i += i < b.count && b[i] == 0x1B ? 2 : 1
            } else {
                i += 1
            }
        }
        return Substring(String(decoding: out, as: UTF8.self))
    }

    /// A leading `[Simulator] `, `[12:00:01]: `, `(stderr) `: a short bracket without brackets
    /// inside, then an optional colon, then a blank.
    static func stripTag(_ s: Substring) -> Substring {
        guard let open = s.first, open == "[" || open == "(" else { return s }
        let close: Character = open == "[" ? "]" : ")"
        guard let end = s.firstIndex(of: close) else { return s }
        let inside = s[s.index(after: s.startIndex)..<end]
        guard !inside.isEmpty, inside.count <= 80, !inside.contains("["), !inside.contains("(") else { return s }
        var after = s[s.index(after: end)...]
        if after.first == ":" { after = after.dropFirst() }
        guard after.first == " " || after.first == "\t" else { return s }
        return leading(after)
    }

    /// A leading `stderr | ` or `web_1  | `: one word of at most 40 characters, blanks, a bar, a blank.
    static func stripStreamName(_ s: Substring) -> Substring {
        let b = s.utf8
        var i = b.startIndex
        var n = 0
        while i < b.endIndex, b[i] != 0x20, b[i] != 0x09, b[i] != UInt8(ascii: "|"), n <= 40 { i = b.index(after: i); n += 1 }
        guard n > 0, n <= 40 else { return s }
        while i < b.endIndex, b[i] == 0x20 || b[i] == 0x09 { i = b.index(after: i) }
        guard i < b.endIndex, b[i] == UInt8(ascii: "|") else { return s }
        i = b.index(after: i)
        guard i < b.endIndex, b[i] == 0x20 || b[i] == 0x09 else { return s }
        return leading(s[i...])
    }

    /// Whether the line holds a backtick: memchr over its bytes (every byte of a log passes here).
    static func hasBacktick(_ s: Substring) -> Bool {
        if let found = s.utf8.withContiguousStorageIfAvailable({ b in
            b.baseAddress.map { memchr($0, 0x60, b.count) != nil } ?? false
        }) { return found }
        return s.utf8.contains(0x60)
    }

    static func leading(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        return s
    }

    /// A CI runner's `2026-01-01T10:00:00.123Z ` (GitHub Actions, GitLab).
    static func stripCITimestamp(_ s: Substring) -> Substring {
        let b = Array(s.utf8.prefix(40))
        guard b.count > 20, isDate(b, 0), b[10] == UInt8(ascii: "T"), isTime(b, 11) else { return s }
        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
            i += 1
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        // `Z`, `+02:00`, `-0500`, or no zone.
        if i < b.count, b[i] == UInt8(ascii: "Z") {
            i += 1
        } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            i += 1
            while i < b.count, isDigit(b[i]) || b[i] == UInt8(ascii: ":") { i += 1 }
        }
        guard i < b.count, b[i] == 0x20 || b[i] == 0x09 else { return s }
        return leading(s.dropFirst(i))
    }

    /// os_log's prefixes: `log show`'s and Xcode's `2024-04-01 11:18:40.997781+0800 App[893:14394] `,
    /// `log stream`'s columns `… 0x1a2b Info 0x0 893 0 MyApp: `, a time of day alone (Xcode's
    /// metadata column), then `(SwiftUI) `, `[SwiftUI] `, `[com.apple.SwiftUI:Changed Body Properties] `,
    /// `[error] ` in any number.
    static func stripLogPrefix(_ s: Substring) -> Substring {
        var rest = s
        var stripped = false
        if let afterDate = dropDateTime(rest) {
            rest = afterDate
            stripped = true
        } else if let afterTime = dropTimeOfDay(rest) {
            rest = afterTime
            stripped = true
        }
        guard stripped else { return s }
        rest = leading(rest)
        // `log stream`: thread, type, activity, pid, ttl, then `Process:`.
        var words = rest.split(separator: " ", maxSplits: 7, omittingEmptySubsequences: true)
        var skipped = 0
        while let w = words.first, isColumnWord(w) {
            words.removeFirst()
            skipped += 1
        }
        if skipped > 0, let process = words.first, process.hasSuffix(":"), process.count > 1 {
            rest = leading(rest[process.endIndex...])
        } else if let process = rest.split(separator: " ", maxSplits: 1).first, isProcessColumn(process) {
            rest = leading(rest[process.endIndex...])
        }
        while let open = rest.first, open == "[" || open == "(" {
            let close: Character = open == "[" ? "]" : ")"
            guard let end = rest.firstIndex(of: close) else { break }
            let inside = rest[rest.index(after: rest.startIndex)..<end]
            // `[com.apple.SwiftUI:Changed Body Properties]` holds spaces: any short bracket
            // followed by a space is a column (only after a timestamp).
            guard !inside.isEmpty, inside.count <= 80, !inside.contains("["), !inside.contains("(") else { break }
            let after = rest[rest.index(after: end)...]
            guard after.first == " " else { break }
            rest = leading(after)
        }
        return rest
    }

    /// `2024-04-01 11:18:40.997781+0800` (also with `-0500`, with no fraction, with no zone).
    private static func dropDateTime(_ s: Substring) -> Substring? {
        let b = Array(s.utf8.prefix(40))
        guard b.count > 19, isDate(b, 0), b[10] == 0x20, isTime(b, 11) else { return nil }
        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
            i += 1
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            i += 1
            while i < b.count, isDigit(b[i]) || b[i] == UInt8(ascii: ":") { i += 1 }
        }
        guard i == b.count || b[i] == 0x20 else { return nil }
        return s.dropFirst(i)
    }

    /// Xcode's time-of-day metadata column: `11:18:40.997 `.
    private static func dropTimeOfDay(_ s: Substring) -> Substring? {
        let b = Array(s.utf8.prefix(24))
        guard b.count > 9, isTime(b, 0) else { return nil }
        var i = 8
        if b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
            i += 1
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        guard i < b.count, b[i] == 0x20 else { return nil }
        return s.dropFirst(i)
    }

    /// `App[893:14394]`: the process column of `log show` and Xcode.
    private static func isProcessColumn(_ w: Substring) -> Bool {
        guard w.hasSuffix("]"), let open = w.firstIndex(of: "["), open > w.startIndex else { return false }
        let inside = w[w.index(after: open)..<w.index(before: w.endIndex)]
        return !inside.isEmpty && inside.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ":" || $0.isHexDigit || $0 == "x") }
    }

    /// A `log stream` column before the process: a hex or decimal number or a message type.
    private static func isColumnWord(_ w: Substring) -> Bool {
        if ["Default", "Info", "Debug", "Error", "Fault", "Notice", "Activity", "PID"].contains(w) { return true }
        if w.hasPrefix("0x") { return w.count > 2 && w.dropFirst(2).allSatisfy { $0.isASCII && $0.isHexDigit } }
        return w.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// `YYYY-MM-DD` at `i`.
    private static func isDate(_ b: [UInt8], _ i: Int) -> Bool {
        guard b.count >= i + 10 else { return false }
        return (0..<10).allSatisfy { k in k == 4 || k == 7 ? b[i + k] == UInt8(ascii: "-") : isDigit(b[i + k]) }
    }

    /// `HH:MM:SS` at `i`.
    private static func isTime(_ b: [UInt8], _ i: Int) -> Bool {
        guard b.count >= i + 8 else { return false }
        return (0..<8).allSatisfy { k in k == 2 || k == 5 ? b[i + k] == UInt8(ascii: ":") : isDigit(b[i + k]) }
    }
}
