import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import AGTraceKit

/// Labels, descriptions and type names are data: whatever characters they hold, every output
/// format must stay well-formed and give them back. Each format is checked by parsing it the way
/// its consumer would (JSONSerialization, an RFC 4180 reader, XMLParser, a markdown-table
/// splitter), over fixed hostile strings and seeded random ones.
final class OutputSafetyTests: XCTestCase {
    /// Printable-ASCII cells take a shortcut (no escaping, cut by bytes): the same text and width
    /// as the general path by characters.
    func testASCIICellsShowAsTheGeneralPathShowsThem() {
        for s in ["", "short", String(repeating: "abcdefghij", count: 8), String(repeating: "abcdefghij", count: 12) + "XYZ",
                  String(repeating: "x", count: 81)] {
            let entry = RowWriter.tableEntry(s)
            XCTAssertEqual(entry.text, RowWriter.tableCell(s), s)
            XCTAssertEqual(entry.width, RowWriter.width(RowWriter.tableCell(s)), s)
            XCTAssertEqual(RowWriter.tableEntry(s, wide: true).text, s)
        }
    }

    /// Reals are spelled as `%.1f` for whole numbers below 1e15, else as `%.6g` when that
    /// round-trips, else with all the digits the value needs.
    func testRealsSpelledAsPrintfWouldSpellThem() {
        func printf(_ v: Double) -> String {
            if v == v.rounded() && abs(v) < 1e15 { return String(format: "%.1f", v) }
            let s = String(format: "%.6g", v)
            return Double(s) == v ? s : "\(v)"
        }
        // Two subnormals (about 5e-323 and -7.4e-323), written by their bits: as literals they
        // would lose precision, which the compiler warns of.
        let subnormals = [Double(bitPattern: 10), -Double(bitPattern: 15)]
        for v in [0.0, -0.0, 1.0, -2.0, 0.5, 0.00236, 1e-5, 1.5e-7, 123456.5, 999999999999999.0, 1e15, 3554440000000000.0,
                  1.2345678901234567e+18] + subnormals + [0.1 + 0.2, 1.0 / 3.0, .infinity, -.infinity] {
            XCTAssertEqual(SQLValue.real(v).description, printf(v), "\(v)")
        }
    }

    /// Strings that break naive writers.
    static let hostile: [String] = [
        "Foo<Bar, \"Baz\">", "a|b|c", "line1\nline2", "crlf\r\nend", "cr\ronly", "tab\there",
        "\u{1B}[31mred\u{1B}[0m", "nul\u{0}byte", "c1\u{9B}2Jcsi", "bidi\u{202E}txet", "isolate\u{2066}x\u{2069}",
        "quote\"inside", "'single'", "&lt;entity&gt;", "amp & amp", "=cmd|' /C calc'!A0", "`code`", "back\\slash",
        "*bold* _em_ [link](x)", "<script>alert(1)</script>", "]]><!--", "emoji 😀 e\u{301}", "", " ", ",", "\"",
        "\u{7F}del", "\u{FFFE}\u{FFFF}", String(repeating: "long,\"|\n", count: 200),
    ]

    /// Random strings over an alphabet of characters that matter to some format.
    static func randomStrings(count: Int, seed: UInt64) -> [String] {
        var rng = SeededRandom(seed: seed)
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", ",", "\"", "'", "|", "<", ">", "&", ";", "\\", "`", "*", "_",
                                          "[", "]", "#", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{85}",
                                          "\u{9B}", "\u{A0}", "\u{2028}", "\u{202E}", "\u{FEFF}", "\u{FFFD}", "é", "😀"]
        return (0..<count).map { _ in
            var s = String.UnicodeScalarView()
            for _ in 0..<rng.int(0...24) { s.append(alphabet[rng.int(0...(alphabet.count - 1))]) }
            return String(s)
        }
    }

    /// Every hostile string, and random ones, as rows of text plus the other value kinds.
    func sampleRows() -> (columns: [String], rows: [[SQLValue]]) {
        let texts = Self.hostile + Self.randomStrings(count: 300, seed: 7)
        let columns = ["label", "name, \"quoted\"", "n|x", "real\nvalue", "empty"]
        let rows: [[SQLValue]] = texts.enumerated().map { i, s in
            [.text(s), .text(String(s.reversed())), .integer(Int64(i) - 5), .real(i % 7 == 0 ? -0.5e-7 : Double(i) / 3), .null]
        }
        return (columns, rows)
    }

    func render(_ format: OutputFormat, columns: [String], rows: [[SQLValue]]) -> String {
        let sink = StringSink()
        RowWriter(format: format, out: sink).write(columns: columns, rows: rows)
        return sink.text
    }

    // MARK: CSV

    func testCSVRoundTripsThroughAnRFC4180Reader() throws {
        let (columns, rows) = sampleRows()
        let text = render(.csv, columns: columns, rows: rows)
        let records = try RFC4180.parse(text)
        XCTAssertEqual(records.count, rows.count + 1)
        XCTAssertEqual(records.first, columns.map { OutputInjectionTests.csvExpected(.text($0)) })
        for (record, row) in zip(records.dropFirst(), rows) {
            XCTAssertEqual(record, row.map(OutputInjectionTests.csvExpected))
        }
    }

    // MARK: JSON

    func testJSONParsesAndKeepsEveryString() throws {
        let (columns, rows) = sampleRows()
        let text = render(.json, columns: columns, rows: rows)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.count, rows.count)
        for (object, row) in zip(parsed, rows) {
            XCTAssertEqual(Set(object.keys), Set(columns))
            XCTAssertEqual(object["label"] as? String, row[0].description)
            XCTAssertEqual(object["name, \"quoted\""] as? String, row[1].description)
            XCTAssertEqual((object["n|x"] as? NSNumber)?.int64Value, row[2].intValue)
            XCTAssertTrue(object["empty"] is NSNull)
        }
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control characters are escaped")
    }

    func testJSONNonFiniteRealsAreNull() throws {
        let text = render(.json, columns: ["x"], rows: [[.real(.nan)], [.real(.infinity)], [.real(-.infinity)]])
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertTrue(parsed.allSatisfy { $0["x"] is NSNull })
    }

    // MARK: Markdown

    func testMarkdownKeepsOneTableRowPerRowAndItsCells() {
        let (columns, rows) = sampleRows()
        let text = render(.markdown, columns: columns, rows: rows)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, rows.count + 2, "one line per row, plus the header and the rule")
        for (i, line) in lines.enumerated() {
            let cells = MarkdownTable.cells(String(line))
            XCTAssertEqual(cells.count, columns.count, "line \(i): \(line)")
            if i >= 2 {
                let row = rows[i - 2]
                // Cells give back the text, except control characters (shown as spaces) and
                // line breaks (shown as <br>).
                XCTAssertEqual(cells[0], MarkdownTable.expected(row[0].description), "line \(i)")
            }
        }
        XCTAssertFalse(text.contains("<script"), "HTML is escaped")
        XCTAssertFalse(text.unicodeScalars.contains { $0 != "\n" && RowWriter.isControl($0) })
    }

    // MARK: Table

    func testTableIsOneLinePerRowWithNothingATerminalWouldExecute() {
        let (columns, rows) = sampleRows()
        let text = render(.table, columns: columns, rows: rows)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, rows.count + 2, "header, rule, one line per row")
        XCTAssertFalse(text.unicodeScalars.contains { $0 != "\n" && RowWriter.isControl($0) },
                       "no raw control characters, C1 controls or bidi overrides")
        XCTAssertEqual(RowWriter.tableCell("\u{1B}[2J\u{9B}1m\u{202E}"), "\\u{1b}[2J\\u{9b}1m\\u{202e}")
        XCTAssertEqual(RowWriter.tableCell("a\r\nb\tc"), "a\\r\\nb\\tc")
    }

    // MARK: DOT (the exporter's own tests cover its layout; these cover many strings)

    func testDOTQuotingIsInertAndReversible() {
        for s in Self.hostile + Self.randomStrings(count: 400, seed: 13) {
            let quoted = DotExport.quote(s)
            guard let decoded = DOTString.decode(quoted) else { return XCTFail("not one inert DOT string: \(quoted.debugDescription)") }
            // What goes in comes back, except carriage returns (dropped) and other control
            // characters (shown as \xNN text).
            var expected = ""
            for scalar in s.unicodeScalars where scalar != "\r" {
                let v = scalar.value
                if scalar != "\n" && (v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029) {
                    expected += "\\x" + (v < 0x10 ? "0" : "") + String(v, radix: 16)
                } else {
                    expected.unicodeScalars.append(scalar)
                }
            }
            XCTAssertEqual(decoded, expected, s.debugDescription)
        }
    }

    /// The byte path (`append(utf8:)`, which `export dot` writes nodes through) gives the bytes
    /// of the String path, also for bytes that are not UTF-8 (SQLite gives text back as stored).
    func testEscapingBytesIsEscapingTheirString() {
        var random = SeededRandom(seed: 31)
        var inputs: [[UInt8]] = (Self.hostile + Self.randomStrings(count: 400, seed: 17)).map { Array($0.utf8) }
        for _ in 0..<400 {
            inputs.append((0..<random.int(0...24)).map { _ in
                random.chance(0.5) ? UInt8(random.int(0...127)) : [0x80, 0xBF, 0xC2, 0xC3, 0xE2, 0xF0, 0xFF, 0x9B][random.int(0...7)]
            })
        }
        for input in inputs {
            var bytes: [UInt8] = []
            input.withUnsafeBufferPointer { DotExport.escaper.append(utf8: $0, to: &bytes) }
            XCTAssertEqual(bytes, Array(DotExport.escaper.escape(String(decoding: input, as: UTF8.self)).utf8), "\(input)")
        }
        // A combining mark after `External<` makes `<` another character: not an External rule.
        for (rule, external) in [("External<Int>", true), ("External<\u{301}Int>", false), ("External", false), ("External<", true)] {
            var rule = rule
            XCTAssertEqual(rule.withUTF8 { DotExport.isExternal($0) }, external, rule)
        }
    }

    // MARK: check reports (the formatter's own tests cover one nasty key; these cover many)

    func testCheckReportsStayWellFormedForRandomKeys() throws {
        let keys = Self.hostile + Self.randomStrings(count: 150, seed: 11)
        var old: [String: Int64] = [:], new: [String: Int64] = [:]
        for (i, key) in Set(keys).enumerated() {
            old[key] = Int64(i % 5)
            new[key] = Int64(i % 7)
        }
        let comparison = BaselineComparison(baseline: BaselineFixtures.baseline(old),
                                            current: BaselineFixtures.counts(.run, "la|bel\n<x>", new))
        let path = "Base\"lines\"/a|b\n.json"

        let json = CheckReportFormatter.render(comparison, format: .json, baselinePath: path)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)), json)

        let xml = CheckReportFormatter.render(comparison, format: .junit, baselinePath: path)
        let (parsed, ok, error) = JUnitParse.parse(xml)
        XCTAssertTrue(ok, "JUnit is not XML: \(error ?? "")")
        XCTAssertEqual(parsed.testcases.count, Set(keys).count + 1, "every key and the total")
        XCTAssertEqual(parsed.properties["baseline"], path)

        let markdown = CheckReportFormatter.render(comparison, format: .markdown, baselinePath: path)
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") {
            XCTAssertEqual(MarkdownTable.cells(String(line)).count, 5, "\(line)")
        }
        XCTAssertFalse(markdown.unicodeScalars.contains { $0 != "\n" && RowWriter.isControl($0) })

        let table = CheckReportFormatter.render(comparison, format: .table, baselinePath: path)
        XCTAssertFalse(table.unicodeScalars.contains { $0 != "\n" && RowWriter.isControl($0) })
    }
}

/// A strict RFC 4180 reader: fields separated by commas, records by LF or CRLF, quoted fields may
/// hold anything with `""` for a quote; a quote inside an unquoted field is an error.
enum RFC4180 {
    struct Malformed: Error { var offset: Int }

    static func parse(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false, inQuotes = false, fieldStarted = false
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func endField() { record.append(String(field)); field = .init(); quoted = false; fieldStarted = false }
        while i < scalars.count {
            let c = scalars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < scalars.count && scalars[i + 1] == "\"" { field.append("\""); i += 2; continue }
                    inQuotes = false
                } else {
                    field.append(c)
                }
                i += 1
                continue
            }
            switch c {
            case "\"":
                guard !fieldStarted else { throw Malformed(offset: i) }
                inQuotes = true; quoted = true; fieldStarted = true
            case ",":
                endField()
            case "\r" where i + 1 < scalars.count && scalars[i + 1] == "\n":
                break
            case "\n":
                endField()
                records.append(record)
                record = []
            default:
                guard !quoted else { throw Malformed(offset: i) }
                field.append(c)
                fieldStarted = true
            }
            i += 1
        }
        guard !inQuotes else { throw Malformed(offset: i) }
        if fieldStarted || !record.isEmpty { endField(); records.append(record) }
        return records
    }
}

/// Splits a markdown table line into cells at unescaped pipes, and undoes RowWriter's escapes.
enum MarkdownTable {
    static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for ch in line {
            if escaped { current.append("\\"); current.append(ch); escaped = false; continue }
            if ch == "\\" { escaped = true; continue }
            if ch == "|" { cells.append(current); current = ""; continue }
            current.append(ch)
        }
        // "| a | b |": drop what stands outside the first and last pipe.
        guard cells.count >= 1 else { return [] }
        return cells.dropFirst().map { unescape(String($0.dropFirst().dropLast())) }
    }

    static func unescape(_ cell: String) -> String {
        var out = ""
        var i = cell.startIndex
        while i < cell.endIndex {
            let ch = cell[i]
            if ch == "\\", cell.index(after: i) < cell.endIndex {
                out.append(cell[cell.index(after: i)])
                i = cell.index(i, offsetBy: 2)
                continue
            }
            out.append(ch)
            i = cell.index(after: i)
        }
        return out.replacingOccurrences(of: "&#8203;", with: "").replacingOccurrences(of: "<br>", with: "\n").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// What a cell gives back for `s`: line breaks as newlines, control characters as spaces.
    static func expected(_ s: String) -> String {
        var out = ""
        for ch in s {
            if ch == "\n" || ch == "\r\n" || ch == "\r" { out.append("\n") } else if RowWriter.isControl(ch) { out.append(" ") } else { out.append(ch) }
        }
        return out
    }
}

/// Reads one DOT double-quoted string the way Graphviz would, refusing anything that would
/// mean more than text: an escape other than \" \\ \n, a raw quote, newline or control
/// character, a raw < or >, an entity other than &lt; &gt; &amp;.
enum DOTString {
    static func decode(_ quoted: String) -> String? {
        let s = Array(quoted.unicodeScalars)
        guard s.count >= 2, s.first == "\"", s.last == "\"" else { return nil }
        var out = String.UnicodeScalarView()
        var i = 1
        while i < s.count - 1 {
            let c = s[i]
            if c == "\\" {
                guard i + 1 < s.count - 1 else { return nil }
                switch s[i + 1] {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "n": out.append("\n")
                default: return nil
                }
                i += 2
                continue
            }
            if c == "\"" || c == "<" || c == ">" || c.value < 0x20 || c.value == 0x7F { return nil }
            if c == "&" {
                let rest = String(String.UnicodeScalarView(s[i..<min(s.count, i + 5)]))
                if rest.hasPrefix("&lt;") { out.append("<"); i += 4; continue }
                if rest.hasPrefix("&gt;") { out.append(">"); i += 4; continue }
                if rest.hasPrefix("&amp;") { out.append("&"); i += 5; continue }
                return nil
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }
}
