import Foundation

/// Writes rows in one of the formats as they come; `table` holds back only its first
/// `tableSizingRows` rows, to size its columns from them, then streams.
public final class RowWriter {
    /// Rows a table is sized from before it is written; later rows are written as they come, in
    /// those widths (a wider cell pushes the rest of its line to the right). Memory stays this
    /// many rows, whatever the result's size.
    public static let tableSizingRows = 1000
    /// Whether the table's header and held rows are written (it then streams).
    private var tableStarted = false
    private var widths: [Int] = []
    /// The sink is closed: the caller may stop producing rows.
    public var isClosed: Bool { out.isClosed }

    public let format: OutputFormat
    private let out: TextSink
    private var columns: [String] = []
    /// Table cells held back, with their display widths (counted once).
    private var buffered: [[(text: String, width: Int)]] = []
    private var rowCount = 0
    /// Table cells are whole rather than cut in the middle (`--wide`).
    public var wide = false
    /// Units of columns by name: table and markdown show them for people (`ColumnUnit`).
    public var units: [String: ColumnUnit] = [:]
    private var columnUnits: [ColumnUnit?] = []
    /// JSON: each column's key, quoted, with its `: `; and the row being made.
    private var jsonKeys: [[UInt8]] = []
    private var json: [UInt8] = []

    public init(format: OutputFormat, out: TextSink, wide: Bool = false) {
        self.format = format
        self.out = out
        self.wide = wide
    }

    public func begin(columns: [String]) {
        self.columns = columns
        columnUnits = columns.map { units[$0] }
        jsonKeys = format == .json ? columns.map { Array((JSONText.quote($0) + ": ").utf8) } : []
        switch format {
        case .csv:
            out.write(columns.map(Self.csvField).joined(separator: ",") + "\n")
        case .json:
            out.write("[")
        case .markdown:
            out.write("| " + columns.map(Self.markdownCell).joined(separator: " | ") + " |\n")
            out.write("|" + columns.map { _ in " --- |" }.joined() + "\n")
        case .table:
            break
        }
    }

    public func row(_ values: [SQLValue]) {
        switch format {
        case .csv:
            out.write(values.map(Self.csvValue).joined(separator: ",") + "\n")
        case .json:
            // Made as bytes, the keys quoted once (`begin`): a result of 100k rows by 21
            // columns spent half a second in strings.
            json.appendASCII(rowCount == 0 ? "\n  {" : ",\n  {")
            for (i, v) in values.enumerated() {
                if i > 0 { json.appendASCII(", ") }
                json.append(contentsOf: jsonKeys[i])
                Self.appendJSONValue(v, to: &json)
            }
            json.append(UInt8(ascii: "}"))
            out.write(draining: &json)
        case .markdown:
            out.write("| " + values.enumerated().map { Self.markdownCell(shown($0.offset, $0.element)) }.joined(separator: " | ") + " |\n")
        case .table:
            let entry = values.enumerated().map { Self.tableEntry(shown($0.offset, $0.element), wide: wide) }
            if tableStarted {
                out.write(tableLine(entry))
            } else {
                buffered.append(entry)
                if buffered.count >= Self.tableSizingRows { startTable() }
            }
        }
        rowCount += 1
    }

    public func end() {
        switch format {
        case .json:
            out.write(rowCount == 0 ? "]\n" : "\n]\n")
        case .table:
            writeTable()
        case .csv, .markdown:
            break
        }
    }

    private func shown(_ column: Int, _ value: SQLValue) -> String {
        guard column < columnUnits.count, let unit = columnUnits[column] else { return value.description }
        return unit.display(value)
    }

    /// Convenience: a whole result at once.
    public func write(columns: [String], rows: [[SQLValue]]) {
        begin(columns: columns)
        rows.forEach(row)
        end()
    }

    private func writeTable() {
        let empty = !tableStarted && buffered.isEmpty
        if !tableStarted { startTable() }
        if empty { out.write("(no rows)\n") }
    }

    /// Sizes the columns from the header and the rows held so far, writes them, and from
    /// then on writes each row as it comes.
    private func startTable() {
        let columns = self.columns.map { Self.tableEntry($0, wide: true) }
        widths = columns.map(\.width)
        for r in buffered {
            for (i, cell) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.width) }
        }
        out.write(tableLine(columns))
        out.write(tableLine(widths.map { (String(repeating: "-", count: $0), $0) }))
        for r in buffered { out.write(tableLine(r)) }
        buffered = []
        tableStarted = true
    }

    private func tableLine(_ cells: [(text: String, width: Int)]) -> String {
        // Bytes appended into one buffer: a String per cell's padding cost a tenth of a
        // 65k-row walk's time.
        var line: [UInt8] = []
        line.reserveCapacity(widths.reduce(2 * cells.count + 1, +))
        for (i, c) in cells.enumerated() {
            if i > 0 { line.append(UInt8(ascii: " ")); line.append(UInt8(ascii: " ")) }
            line.append(contentsOf: c.text.utf8)
            if i < cells.count - 1 && i < widths.count && c.width < widths[i] {
                line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[i] - c.width))
            }
        }
        line.append(UInt8(ascii: "\n"))
        return String(decoding: line, as: UTF8.self)
    }

    /// A table cell and its display width.
    static func tableEntry(_ s: String, wide: Bool = false) -> (text: String, width: Int) {
        // Nearly every cell is printable ASCII: nothing to escape, one column per byte, and a
        // long one is cut by bytes (what `tableCell` does by characters).
        if let n = printableASCIICount(s) {
            if wide || n <= maxTableCell { return (s, n) }
            let utf8 = s.utf8
            let cut = String(Substring(utf8.prefix(cutHead))) + "…" + String(Substring(utf8.suffix(maxTableCell - 1 - cutHead)))
            return (cut, maxTableCell)
        }
        let cell = wide ? escapeForTable(s) : tableCell(s)
        return (cell, width(cell))
    }

    /// The length of `s` when all of it is printable ASCII (space to `~`), else nil.
    @inline(__always)
    static func printableASCIICount(_ s: String) -> Int? {
        s.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for b in bytes where b < 0x20 || b > 0x7E { return nil }
            return bytes.count
        } ?? nil
    }

    /// Display width in characters; ASCII text (nearly every cell) without grapheme breaking.
    static func width(_ s: String) -> Int {
        let utf8 = s.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.count }
        return s.count
    }

    // MARK: Escaping: every value is data, whatever characters it holds.

    /// A value as a CSV field: numbers as they are (a negative count is a number, not a
    /// formula), text through `csvField`.
    static func csvValue(_ v: SQLValue) -> String {
        switch v {
        case .integer, .real, .null: return v.description
        case .text(let s): return csvField(s)
        }
    }

    /// RFC 4180: quote when needed, double inner quotes. Text a spreadsheet would run as a
    /// formula (starting with `=`, `+`, `-`, `@`, a tab or CR: OWASP's "CSV injection") gets a
    /// leading `'` and is quoted, which Excel, LibreOffice and Google Sheets show as the text
    /// (a lone `-` or `+` is left alone).
    /// Control characters other than tab, LF and CR (ESC, C1, DEL, bidirectional overrides)
    /// are written as `\u{1b}`, as in table cells: never raw.
    static func csvField(_ s: String) -> String {
        csvKeepsAsIs(s) ? s : csvQuoted(s)
    }

    /// Whether `csvField` would return `s` unchanged, decided on its UTF-8 bytes (most fields
    /// are ASCII names): ASCII, no control byte, no comma or quote, and no formula start.
    static func csvKeepsAsIs(_ s: String) -> Bool {
        let checked = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            if let first = bytes.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "@")
                || ((first == UInt8(ascii: "+") || first == UInt8(ascii: "-")) && bytes.count > 1) {
                return false
            }
            for b in bytes where b >= 0x80 || b < 0x20 || b == 0x7F || b == UInt8(ascii: ",") || b == UInt8(ascii: "\"") {
                return false
            }
            return true
        }
        return checked ?? false
    }

    /// `csvField`'s rewriting, by Unicode scalar.
    static func csvQuoted(_ s: String) -> String {
        var s = s
        if s.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\r" && $0 != "\t" }) {
            s = csvControlEscaper.escape(s)
        }
        var quote = false
        // A lone "-" or "+" (a placeholder) is no formula.
        if let first = s.unicodeScalars.first, csvFormulaStarts.contains(first), s != "-", s != "+" {
            s = "'" + s
            quote = true
        }
        // By scalar: "\r\n" is one Character, equal to neither "\r" nor "\n".
        if quote || s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return s
    }

    /// First characters that make a spreadsheet evaluate a cell.
    static let csvFormulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    private static let csvControlEscaper = TextEscaper([:]) { scalar in
        guard isControl(scalar), scalar != "\n", scalar != "\r", scalar != "\t" else { return nil }
        return unicodeEscape(scalar)
    }

    /// `\u{1b}`: the scalar's value in braces, which no following character can extend (as
    /// `\x1b` followed by `c` could be read as `\x1bc`).
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16) + "}"
    }

    /// One markdown table cell that renders as the text it holds on GitHub and in Slack: the
    /// table's and code's syntax escaped, HTML as entities, and what the data could make
    /// active made inert: `[` `]` escaped (no link or image), an `@` before a name and the
    /// `//` of a URL or the dot of `www.` split by a zero-width space (`&#8203;`, as bots do:
    /// no mention, no autolink), so a value cannot ping people or link anywhere.
    static func markdownCell(_ s: String) -> String {
        markdownEscapedASCII(s) ?? markdownEscaped(s)
    }

    /// `markdownCell`'s rewriting, a character at a time.
    static func markdownEscaped(_ s: String) -> String {
        var out = ""
        var previous: Character?
        var rest = Substring(s)
        while let ch = rest.first {
            rest = rest.dropFirst()
            switch ch {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "\n", "\r\n": out += "<br>"
            case "\r": out += "<br>"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`": out += "\\`"
            case "[": out += "\\["
            case "]": out += "\\]"
            case "@" where rest.first.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } == true:
                out += "@&#8203;"
            case ":" where rest.hasPrefix("//"):
                out += ":&#8203;"
            case "." where previous.map({ $0 == "w" || $0 == "W" }) == true && out.suffix(3).lowercased() == "www":
                out += "&#8203;."
            default:
                if isControl(ch) { out += " " } else { out.append(ch) }
            }
            previous = ch
        }
        return out
    }

    /// `markdownCell` for ASCII text (most cells: names, rules, numbers), on its UTF-8 bytes;
    /// nil for any other text, which the character loop rewrites. The rules are the loop's,
    /// byte for byte ("\r\n" is one character there: one `<br>` here too).
    static func markdownEscapedASCII(_ s: String) -> String? {
        s.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            let n = bytes.count
            var i = 0
            // Nothing to rewrite: the text itself.
            while i < n, Self.markdownPlain(bytes, i) { i += 1 }
            if i == n { return s }
            var out: [UInt8] = []
            out.reserveCapacity(n + 16)
            out.append(contentsOf: bytes[0..<i])
            func add(_ text: StaticString) {
                out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
            }
            while i < n {
                let b = bytes[i]
                if b >= 0x80 { return nil }
                i += 1
                switch b {
                case UInt8(ascii: "|"): add("\\|")
                case UInt8(ascii: "\\"): add("\\\\")
                case UInt8(ascii: "\n"): add("<br>")
                case UInt8(ascii: "\r"):
                    if i < n, bytes[i] == UInt8(ascii: "\n") { i += 1 }
                    add("<br>")
                case UInt8(ascii: "<"): add("&lt;")
                case UInt8(ascii: ">"): add("&gt;")
                case UInt8(ascii: "&"): add("&amp;")
                case UInt8(ascii: "`"): add("\\`")
                case UInt8(ascii: "["): add("\\[")
                case UInt8(ascii: "]"): add("\\]")
                case UInt8(ascii: "@") where i < n && Self.startsName(bytes[i]): add("@&#8203;")
                case UInt8(ascii: ":") where i + 1 < n && bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "/"):
                    add(":&#8203;")
                case UInt8(ascii: ".") where i >= 2 && bytes[i - 2] | 0x20 == UInt8(ascii: "w") && out.count >= 3
                    && out[(out.count - 3)...].allSatisfy({ $0 | 0x20 == UInt8(ascii: "w") }):
                    add("&#8203;.")
                default:
                    out.append(b < 0x20 || b == 0x7F ? UInt8(ascii: " ") : b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        } ?? nil
    }

    /// Whether byte `i` is one `markdownCell` keeps as it is, wherever it stands.
    private static func markdownPlain(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let b = bytes[i]
        switch b {
        case 0x00..<0x20, 0x7F...0xFF, UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"),
             UInt8(ascii: "&"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return false
        case UInt8(ascii: "@"):
            return !(i + 1 < bytes.count && startsName(bytes[i + 1]))
        case UInt8(ascii: ":"):
            return !(i + 2 < bytes.count && bytes[i + 1] == UInt8(ascii: "/") && bytes[i + 2] == UInt8(ascii: "/"))
        case UInt8(ascii: "."):
            return !(i >= 3 && (i - 3..<i).allSatisfy { bytes[$0] | 0x20 == UInt8(ascii: "w") })
        default:
            return true
        }
    }

    /// What an `@` must be followed by to be a mention (as the loop's `isLetter || isNumber || _ || -`).
    private static func startsName(_ c: UInt8) -> Bool {
        isASCIILetterOrDigit(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
    }

    private static func isASCIILetterOrDigit(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// C0 and C1 control characters, DEL, and the bidirectional overrides and isolates that
    /// make a terminal or a browser show text in another order than it is stored.
    static func isControl(_ ch: Character) -> Bool {
        ch.unicodeScalars.contains(where: isControl)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F) || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    /// Table cells longer than this are cut in the middle with "…" (unless `wide`; csv, json and
    /// markdown keep everything).
    static let maxTableCell = 80

    /// One line per row: newlines and control characters are shown escaped, long text cut in
    /// the middle, so both ends stay: a rule's name and its last generic argument.
    static func tableCell(_ s: String) -> String {
        let escaped = escapeForTable(s)
        guard escaped.utf8.count > maxTableCell, escaped.count > maxTableCell else { return escaped }
        return String(escaped.prefix(cutHead)) + "…" + String(escaped.suffix(maxTableCell - 1 - cutHead))
    }

    /// Of a cut cell's `maxTableCell` characters, how many come from the text's start (the
    /// larger half; the rest from its end, around the "…").
    static let cutHead = (maxTableCell - 1) / 2 + (maxTableCell - 1) % 2

    /// Escapes what a terminal would act on rather than show: newlines, C0 and C1 control
    /// characters (ESC starts colour and cursor sequences; U+009B is a one-character CSI on
    /// some terminals), DEL, and bidirectional overrides.
    public static func escapeForTable(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { isControl($0) || isInvisible($0) }) else { return s }
        return tableEscaper.escape(s)
    }

    private static let tableEscaper = TextEscaper(["\n": "\\n", "\r": "\\r", "\t": "\\t"]) { scalar in
        isControl(scalar) || isInvisible(scalar) ? unicodeEscape(scalar) : nil
    }

    /// What a terminal shows as nothing or uses only to order text: zero-width spaces and
    /// joiners, the left-to-right and right-to-left marks, the Arabic letter mark, the word
    /// joiner and invisible operators, the byte order mark. In a table cell or a message they
    /// would hide a character or make two names look the same: escaped like controls.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v >= 0x200B && v <= 0x200F) || v == 0x061C || (v >= 0x2060 && v <= 0x2064) || v == 0xFEFF
    }

    /// `jsonValue(v)` appended to UTF-8 bytes.
    static func appendJSONValue(_ v: SQLValue, to out: inout [UInt8]) {
        switch v {
        case .null: out.appendASCII("null")
        case .integer(let i): out.appendDecimal(i)
        case .real: out.append(contentsOf: jsonValue(v).utf8)
        case .text(let s): JSONText.appendQuoted(s, to: &out)
        }
    }

    static func jsonValue(_ v: SQLValue) -> String {
        switch v {
        case .null: return "null"
        case .integer(let i): return String(i)
        case .real(let d): return d.isFinite ? "\(d)" : "null"
        case .text(let s): return JSONText.quote(s)
        }
    }
}
