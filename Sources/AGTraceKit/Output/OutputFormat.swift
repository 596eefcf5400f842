/// The row formats every command that prints rows accepts through `--format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, csv, json, markdown

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// What a number in a column measures, for showing it to people (table, markdown).
public enum ColumnUnit: String, Sendable {
    case seconds, fraction

    /// `0.0002` seconds -> "200 µs"; `0.69` fraction -> "69.2%". Raw for anything else.
    public func display(_ v: SQLValue) -> String {
        let x: Double
        switch v {
        case .integer(let i): x = Double(i)
        case .real(let d) where d.isFinite: x = d
        default: return v.description
        }
        switch self {
        case .fraction:
            return Self.number(x * 100) + "%"
        case .seconds:
            let a = abs(x)
            if a == 0 { return "0 s" }
            if a >= 1 { return Self.number(x) + " s" }
            if a >= 0.001 { return Self.number(x * 1000) + " ms" }
            return Self.number(x * 1_000_000) + " µs"
        }
    }

    /// Three significant digits, no exponent.
    static func number(_ x: Double) -> String {
        let a = abs(x)
        let decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", x)
    }
}

/// Somewhere text goes: standard output in the CLI, a string in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
}

public final class StringSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ s: String) { text += s }
}

/// Writes rows in one of the formats as they come; only `table` holds rows back (to size its
/// columns).
public final class RowWriter {
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

    public init(format: OutputFormat, out: TextSink, wide: Bool = false) {
        self.format = format
        self.out = out
        self.wide = wide
    }

    public func begin(columns: [String]) {
        self.columns = columns
        columnUnits = columns.map { units[$0] }
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
            out.write(values.map { Self.csvField($0.description) }.joined(separator: ",") + "\n")
        case .json:
            var object = rowCount == 0 ? "\n  {" : ",\n  {"
            for (i, v) in values.enumerated() {
                if i > 0 { object += ", " }
                object += JSONText.quote(columns[i]) + ": " + Self.jsonValue(v)
            }
            out.write(object + "}")
        case .markdown:
            out.write("| " + values.enumerated().map { Self.markdownCell(shown($0.offset, $0.element)) }.joined(separator: " | ") + " |\n")
        case .table:
            buffered.append(values.enumerated().map { Self.tableEntry(shown($0.offset, $0.element), wide: wide) })
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
        let columns = self.columns.map { Self.tableEntry($0, wide: true) }
        var widths = columns.map(\.width)
        for r in buffered {
            for (i, cell) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.width) }
        }
        let spaces = String(repeating: " ", count: (widths.max() ?? 0) + 2)
        func line(_ cells: [(text: String, width: Int)]) -> String {
            var s = ""
            for (i, c) in cells.enumerated() {
                if i > 0 { s += "  " }
                s += c.text
                if i < cells.count - 1 && c.width < widths[i] { s += spaces.prefix(widths[i] - c.width) }
            }
            return s + "\n"
        }
        out.write(line(columns))
        out.write(line(widths.map { (String(repeating: "-", count: $0), $0) }))
        for r in buffered { out.write(line(r)) }
        if buffered.isEmpty { out.write("(no rows)\n") }
        buffered = []
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

    /// RFC 4180: quote when needed, double inner quotes. Leading `=`,`+`,`-`,`@` are left as is:
    /// agtrace's CSV is for tools, not spreadsheets that evaluate formulas.
    static func csvField(_ s: String) -> String {
        // By scalar: "\r\n" is one Character, equal to neither "\r" nor "\n".
        if s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return s
    }

    static func markdownCell(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "\n", "\r\n": out += "<br>"
            case "\r": out += "<br>"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`": out += "\\`"
            default:
                if isControl(ch) { out += " " } else { out.append(ch) }
            }
        }
        return out
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
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        return tableEscaper.escape(s)
    }

    private static let tableEscaper = TextEscaper(["\n": "\\n", "\r": "\\r", "\t": "\\t"]) { scalar in
        guard isControl(scalar) else { return nil }
        return scalar.value < 0x100 ? TextEscaper.hex(scalar, prefix: "\\x", digits: 0) : "\\u{" + String(scalar.value, radix: 16) + "}"
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

import Foundation
