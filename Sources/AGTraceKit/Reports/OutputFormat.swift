/// The row formats every command that prints rows accepts through `--format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, csv, json, markdown

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
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
    private var buffered: [[String]] = []
    private var rowCount = 0

    public init(format: OutputFormat, out: TextSink) {
        self.format = format
        self.out = out
    }

    public func begin(columns: [String]) {
        self.columns = columns
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
            out.write("| " + values.map { Self.markdownCell($0.description) }.joined(separator: " | ") + " |\n")
        case .table:
            buffered.append(values.map { Self.tableCell($0.description) })
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

    /// Convenience: a whole result at once.
    public func write(columns: [String], rows: [[SQLValue]]) {
        begin(columns: columns)
        rows.forEach(row)
        end()
    }

    private func writeTable() {
        var widths = columns.map { $0.count }
        for r in buffered {
            for (i, cell) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var s = ""
            for (i, c) in cells.enumerated() {
                if i > 0 { s += "  " }
                s += i == cells.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            return s + "\n"
        }
        out.write(line(columns))
        out.write(line(widths.map { String(repeating: "-", count: $0) }))
        for r in buffered { out.write(line(r)) }
        if buffered.isEmpty { out.write("(no rows)\n") }
        buffered = []
    }

    // MARK: Escaping: every value is data, whatever characters it holds.

    /// RFC 4180: quote when needed, double inner quotes. Leading `=`,`+`,`-`,`@` are left as is:
    /// agtrace's CSV is for tools, not spreadsheets that evaluate formulas.
    static func csvField(_ s: String) -> String {
        if s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
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
            case "`": out += "\\`"
            default:
                if let a = ch.asciiValue, a < 0x20 || a == 0x7F { out += " " } else { out.append(ch) }
            }
        }
        return out
    }

    /// Table cells longer than this are cut with "…" (csv, json and markdown keep everything).
    static let maxTableCell = 80

    /// One line per row: newlines and control characters are shown escaped, long text cut.
    static func tableCell(_ s: String) -> String {
        let escaped = escapeForTable(s)
        guard escaped.count > maxTableCell else { return escaped }
        return String(escaped.prefix(maxTableCell - 1)) + "…"
    }

    static func escapeForTable(_ s: String) -> String {
        guard s.contains(where: { ($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F }) ?? false || $0 == "\r\n" }) else { return s }
        var out = ""
        for ch in s {
            switch ch {
            case "\n": out += "\\n"
            case "\r", "\r\n": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let a = ch.asciiValue, a < 0x20 || a == 0x7F {
                    out += "\\x" + String(a, radix: 16)
                } else {
                    out.append(ch)
                }
            }
        }
        return out
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
