import XCTest
@testable import AGTraceKit

/// What a value from the data can do to whoever opens the output: a spreadsheet that runs
/// formulas, a markdown renderer that links and mentions, a terminal that acts on escapes.
final class OutputInjectionTests: XCTestCase {
    /// The text an RFC 4180 reader gets back for `v`: numbers as they are; text with a leading
    /// `'` when it would start a formula, and control characters other than tab, LF, CR as
    /// `\u{…}`.
    static func csvExpected(_ v: SQLValue) -> String {
        guard case .text(let s) = v else { return v.description }
        var out = ""
        for scalar in s.unicodeScalars {
            if RowWriter.isControl(scalar) && scalar != "\n" && scalar != "\r" && scalar != "\t" {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if let first = out.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first), out != "-", out != "+" { out = "'" + out }
        return out
    }

    func csv(_ rows: [[SQLValue]]) throws -> [[String]] {
        let sink = StringSink()
        RowWriter(format: .csv, out: sink).write(columns: ["a"], rows: rows)
        return Array(try RFC4180.parse(sink.text).dropFirst())
    }

    func testCSVCellsThatWouldRunAsFormulasAreText() throws {
        let cells = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "=cmd|' /C calc'!A0"]
        let rows = try csv(cells.map { [.text($0)] })
        for (row, cell) in zip(rows, cells) {
            XCTAssertEqual(row, ["'" + cell], cell)
        }
        let sink = StringSink()
        RowWriter(format: .csv, out: sink).write(columns: ["a"], rows: [[.text("=1+1")]])
        XCTAssertEqual(sink.text, "a\n\"'=1+1\"\n", "quoted, with the apostrophe spreadsheets hide")
        // Numbers are numbers: a negative count is not neutralised.
        XCTAssertEqual(try csv([[.integer(-5)], [.real(-0.5)]]), [["-5"], ["-0.5"]])
        // A lone "-" (a placeholder) is no formula.
        XCTAssertEqual(try csv([[.text("-")], [.text("+")]]), [["-"], ["+"]])
        // Not at the start: left alone.
        XCTAssertEqual(try csv([[.text("a=b")], [.text("x-1")]]), [["a=b"], ["x-1"]])
    }

    func testCSVNeverCarriesARawControlCharacter() throws {
        let sink = StringSink()
        RowWriter(format: .csv, out: sink).write(columns: ["a"], rows: [[.text("red\u{1B}[31m\u{9B}2J\u{7F}\u{202E}x\u{0}")], [.text("line\nbreak\tok")]])
        XCTAssertFalse(sink.text.unicodeScalars.contains { RowWriter.isControl($0) && $0 != "\n" && $0 != "\t" }, sink.text)
        XCTAssertEqual(try RFC4180.parse(sink.text).dropFirst().map { $0 }, [["red\\u{1b}[31m\\u{9b}2J\\u{7f}\\u{202e}x\\u{0}"], ["line\nbreak\tok"]])
    }

    func testTableControlCharactersAreBracedEscapesThatCannotRunIntoTheNextCharacter() {
        // "\x1b" then "c" read as one hex escape "\x1bc"; braces end the escape.
        XCTAssertEqual(RowWriter.tableCell("\u{1B}c\u{7}f\u{9B}"), "\\u{1b}c\\u{7}f\\u{9b}")
        XCTAssertEqual(RowWriter.tableCell("a\nb"), "a\\nb")
    }

    func testMarkdownLinksImagesMentionsAndURLsFromTheDataAreInert() {
        func cell(_ s: String) -> String { RowWriter.markdownCell(s) }
        XCTAssertEqual(cell("[click](https://evil.example)"), "\\[click\\](https:&#8203;//evil.example)")
        XCTAssertEqual(cell("![img](http://x/p.png)"), "!\\[img\\](http:&#8203;//x/p.png)")
        XCTAssertEqual(cell("ping @octocat and @team-x"), "ping @&#8203;octocat and @&#8203;team-x")
        XCTAssertEqual(cell("see www.example.com"), "see www&#8203;.example.com")
        XCTAssertEqual(cell("<@U123> <!channel>"), "&lt;@&#8203;U123&gt; &lt;!channel&gt;")
        // Linear in the text: a megabyte of "www." (each one checked) is escaped in one pass.
        XCTAssertEqual(cell(String(repeating: "www.", count: 250_000)).components(separatedBy: "&#8203;").count - 1, 250_000)
        // What is not active stays as it is.
        XCTAssertEqual(cell("a@ b: c.d Type<T>.body"), "a@ b: c.d Type&lt;T&gt;.body")
        for s in ["[x](y)", "![x](y)", "@user", "https://a.b", "www.a.b"] {
            let rendered = cell(s)
            XCTAssertFalse(rendered.contains("](") && !rendered.contains("\\]("), s)
            XCTAssertFalse(rendered.contains("://"), s)
            XCTAssertFalse(rendered.range(of: "@[A-Za-z0-9_]", options: .regularExpression) != nil, s)
            XCTAssertFalse(rendered.lowercased().contains("www."), s)
        }
    }

    /// The byte-level paths for ASCII cells (markdown's rewriting, CSV's "unchanged") agree with
    /// the character loops: checked on the characters they look at, in every order.
    func testByteLevelCellPathsAgreeWithTheCharacterLoops() {
        let pieces = ["a", "w", "W", "ww", "www", ".", ":", "/", "//", "@", "@x", "@-", "@_", "@ ", "|", "\\", "<", ">",
                      "&", "`", "[", "]", "\n", "\r", "\r\n", "\t", "\u{1B}", "\u{7F}", "é", "\u{202E}", "1", " ", "_", "-",
                      "Type<T>.body", "www.", "http://", "a.b"]
        var random = SeededRandom(seed: 50)
        var ascii = 0
        for _ in 0..<20_000 {
            let s = (0..<random.int(0...6)).map { _ in pieces[random.int(0...(pieces.count - 1))] }.joined()
            XCTAssertEqual(RowWriter.markdownCell(s), RowWriter.markdownEscaped(s), s.debugDescription)
            if RowWriter.markdownEscapedASCII(s) != nil { ascii += 1 }
        }
        XCTAssertGreaterThan(ascii, 1_000)
        var csvKept = 0
        let csvPieces = pieces + [",", "\"", "=", "+", "@", "'", "=1+2"]
        for _ in 0..<20_000 {
            let s = (0..<random.int(0...4)).map { _ in csvPieces[random.int(0...(csvPieces.count - 1))] }.joined()
            XCTAssertEqual(RowWriter.csvField(s), RowWriter.csvQuoted(s), s.debugDescription)
            if RowWriter.csvKeepsAsIs(s) {
                csvKept += 1
                XCTAssertEqual(RowWriter.csvQuoted(s), s, s.debugDescription)
            }
        }
        XCTAssertGreaterThan(csvKept, 1_000)
        XCTAssertEqual(RowWriter.markdownEscapedASCII("FeedRow.body"), "FeedRow.body")
        XCTAssertNil(RowWriter.markdownEscapedASCII("Caf\u{E9}<T>"))
    }
}
