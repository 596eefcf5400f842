import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import AGTraceKit

/// What an XML parse of a JUnit report found.
final class JUnitParse: NSObject, XMLParserDelegate {
    var testcases: [[String: String]] = []
    var failures: [[String: String]] = []
    var suites: [[String: String]] = []
    var properties: [String: String] = [:]
    var failureTexts: [String] = []
    private var text = ""
    private var inFailure = false

    static func parse(_ xml: String) -> (JUnitParse, ok: Bool, error: String?) {
        let delegate = JUnitParse()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = delegate
        let ok = parser.parse()
        return (delegate, ok, parser.parserError.map { "\($0)" })
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testcase": testcases.append(attributes)
        case "failure": failures.append(attributes); inFailure = true; text = ""
        case "testsuite": suites.append(attributes)
        case "property": properties[attributes["name"] ?? ""] = attributes["value"]
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { failureTexts.append(text); inFailure = false }
    }
}

final class BaselineCheckFormatterTests: XCTestCase {
    static let nasty = "Odd<\"A&B\"|'C'>\u{1}\u{1B}[31m\n\t\\`*_[x]\u{FFFF}"

    /// The real-log counts against 30x of them, plus a new key, a vanished key and a nasty name.
    func thirtyTimes() -> BaselineComparison {
        var old: [String: Int64] = [:]
        for (a, n) in BaselineFixtures.realLogCounts { old[String(a)] = Int64(n) }
        var new = old.mapValues { $0 * 30 }
        old["9000"] = 4
        new[Self.nasty] = 2
        return BaselineComparison(baseline: BaselineFixtures.baseline(old),
                                  current: BaselineFixtures.counts(.run, "after", new))
    }

    func passing() -> BaselineComparison {
        let b = BaselineFixtures.baseline(["792": 3])
        return BaselineComparison(baseline: b, current: b.counts)
    }

    func render(_ c: BaselineComparison, _ f: CheckFormat) -> String {
        CheckReportFormatter.render(c, format: f, baselinePath: "Baselines/tap \"1\".json")
    }

    func assertNoRawControlCharacters(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }
        XCTAssertTrue(bad.isEmpty, "raw control characters: \(bad.map { $0.value })", file: file, line: line)
    }

    // MARK: table

    func testTableStartsWithTheVerdictThenRegressionsWorstFirstThenImprovements() {
        let text = render(thirtyTimes(), .table)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "FAIL: 8 of 9 attributes regressed; total updates 14 -> 302 (+288, +2057.1%), regressed")
        let regressions = lines.firstIndex(of: "Regressions (worst first):")!
        let improvements = lines.firstIndex(of: "Improvements:")!
        XCTAssertLessThan(regressions, improvements)
        XCTAssertEqual(lines[regressions + 1].split(separator: " ", omittingEmptySubsequences: true),
                       ["attribute", "baseline", "current", "delta", "percent"])
        let firstKeys = lines[(regressions + 3)...].prefix(3).map { $0.split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertEqual(firstKeys, ["792", "1760", "712"])
        XCTAssertTrue(lines[regressions + 3].hasSuffix("+2900.0%"), lines[regressions + 3])
        XCTAssertTrue(lines[improvements + 3].hasPrefix("9000 "), lines[improvements + 3])
        XCTAssertTrue(lines[improvements + 3].hasSuffix("vanished"), lines[improvements + 3])
        XCTAssertTrue(text.contains("new\n"), "the new key is marked new")
        assertNoRawControlCharacters(text)
    }

    func testTablePass() {
        let text = render(passing(), .table)
        XCTAssertTrue(text.hasPrefix("PASS: no regressions in 1 attributes; total updates 3 -> 3 (0)\n"), text)
        XCTAssertTrue(text.contains("Regressions (worst first): none\n"))
        XCTAssertTrue(text.contains("Improvements: none\n"))
    }

    // MARK: json

    func testJSONIsTheFullComparison() throws {
        let text = render(thirtyTimes(), .json)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["verdict"] as? String, "fail")
        let regressions = try XCTUnwrap(object["regressions"] as? [[String: Any]])
        XCTAssertEqual(regressions.count, 8)
        XCTAssertEqual(regressions.first?["key"] as? String, "792")
        XCTAssertEqual((regressions.first?["delta"] as? NSNumber)?.intValue, 87)
        XCTAssertEqual((regressions.first?["percent"] as? NSNumber)?.doubleValue, 2900)
        let new = try XCTUnwrap(regressions.first { $0["key"] as? String == Self.nasty }, "the nasty key survives JSON")
        XCTAssertTrue(new["percent"] is NSNull)
        XCTAssertEqual((new["new"] as? NSNumber)?.boolValue, true)
        let improvements = try XCTUnwrap(object["improvements"] as? [[String: Any]])
        XCTAssertEqual(improvements.map { $0["key"] as? String }, ["9000"])
        XCTAssertEqual((object["keys"] as? [Any])?.count, 9)
        let baseline = try XCTUnwrap(object["baseline"] as? [String: Any])
        XCTAssertEqual(baseline["file"] as? String, "Baselines/tap \"1\".json")
        XCTAssertEqual(baseline["format_version"] as? Int, 2)
        let limits = try XCTUnwrap(object["limits"] as? [String: Any])
        XCTAssertEqual((limits["min_count"] as? NSNumber)?.intValue, 1)
        let total = try XCTUnwrap(object["total"] as? [String: Any])
        XCTAssertEqual(total["status"] as? String, "regressed")
        assertNoRawControlCharacters(text)
    }

    // MARK: markdown

    func testMarkdownIsAPullRequestCommentWithTables() {
        let text = render(thirtyTimes(), .markdown)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("### ❌ agtrace check failed"), lines[0])
        let header = lines.firstIndex(of: "| attribute | baseline | current | delta | percent |")!
        XCTAssertEqual(lines[header + 1], "| --- | ---: | ---: | ---: | ---: |")
        XCTAssertEqual(lines[header + 2], "| 792 | 3 | 90 | +87 | +2900.0% |")
        // Every table row has exactly five cells: escaped pipes in the nasty key do not split it.
        for line in lines where line.hasPrefix("|") {
            var cells = 0, escaped = false
            for ch in line {
                if escaped { escaped = false; continue }
                if ch == "\\" { escaped = true } else if ch == "|" { cells += 1 }
            }
            XCTAssertEqual(cells, 6, line)
        }
        XCTAssertTrue(text.contains("Odd&lt;\"A&amp;B\"\\|'C'&gt;"), text)
        XCTAssertTrue(text.contains("<details><summary>Improvements (1)</summary>"))
        assertNoRawControlCharacters(text)
        XCTAssertTrue(render(passing(), .markdown).hasPrefix("### ✅ agtrace check passed"))
    }

    // MARK: junit

    func testJUnitIsValidXMLWithAFailurePerRegression() throws {
        let text = render(thirtyTimes(), .junit)
        let (parsed, ok, error) = JUnitParse.parse(text)
        XCTAssertTrue(ok, "not valid XML: \(error ?? "")\n\(text)")
        XCTAssertEqual(parsed.testcases.count, 10, "the total and nine keys")
        XCTAssertEqual(parsed.failures.count, 9, "eight keys and the total")
        XCTAssertEqual(parsed.suites.first?["failures"], "9")
        XCTAssertEqual(parsed.suites.first?["tests"], "10")
        XCTAssertEqual(parsed.testcases.first?["name"], "total")
        XCTAssertTrue(parsed.testcases.contains { $0["name"] == "792" && $0["classname"] == "agtrace.updates.attribute" })
        XCTAssertTrue(parsed.failures.allSatisfy { $0["type"] == "regression" })
        XCTAssertTrue(parsed.failures.contains { $0["message"]?.hasPrefix("updates of attribute 792: 3 -> 90 (+87, +2900.0%)") == true })
        // The nasty name arrives intact except for characters XML cannot carry.
        let nasty = try XCTUnwrap(parsed.testcases.first { $0["name"]?.hasPrefix("Odd<\"A&B\"|'C'>") == true })
        XCTAssertEqual(nasty["name"], "Odd<\"A&B\"|'C'>\\u0001\\u001B[31m\n\t\\`*_[x]\\uFFFF")
        XCTAssertEqual(parsed.properties["baseline"], "Baselines/tap \"1\".json")
        XCTAssertEqual(parsed.properties["verdict"], "fail")
        XCTAssertTrue(parsed.failureTexts.allSatisfy { !$0.isEmpty })
        assertNoRawControlCharacters(text)
    }

    func testJUnitPassHasNoFailures() {
        let (parsed, ok, _) = JUnitParse.parse(render(passing(), .junit))
        XCTAssertTrue(ok)
        XCTAssertEqual(parsed.testcases.count, 2)
        XCTAssertTrue(parsed.failures.isEmpty)
    }

    func testXMLEscape() {
        XCTAssertEqual(CheckReportFormatter.xmlEscape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;")
        XCTAssertEqual(CheckReportFormatter.xmlEscape("\u{0}\u{7F}\u{FFFE}\t\r\n😀é"), "\\u0000\\u007F\\uFFFE&#9;&#13;&#10;😀é")
    }
}
