import Foundation
import XCTest
@testable import AGTraceKit

/// What the check report says where it used to mislead, and what it escapes.
final class CheckReportWordingTests: XCTestCase {
    func testAFailureOfTheTotalAloneSaysSo() {
        // Eight keys grow by 1 each: within --min-count 2, but the total grows by 8.
        let keys = (1...8).map { String($0 * 100) }
        let baseline = BaselineFixtures.baseline(Dictionary(uniqueKeysWithValues: keys.map { ($0, Int64(1)) }))
        let current = BaselineFixtures.counts(.run, "after", Dictionary(uniqueKeysWithValues: keys.map { ($0, Int64(2)) }))
        let c = BaselineComparison(baseline: baseline, current: current, limits: CheckLimits(minCount: 2))
        XCTAssertFalse(c.passed)
        XCTAssertTrue(c.regressions.isEmpty)
        assertCheckReport(c, .table, prefix: "FAIL: the total regressed: total updates 8 -> 16 (+8, +100.0%), regressed; no single attribute grew beyond the limits\n",
                          contains: ["\nRegressions (worst first): no single attribute grew beyond the limits; the check failed on the total alone (many small increases)\n"],
                          lacks: ["Regressions (worst first): none"])
        assertCheckReport(c, .markdown,
                          contains: ["#### Regressions (worst first)\n\nNo single attribute grew beyond the limits; the check failed on the total alone (many small increases).\n"],
                          lacks: ["#### Regressions (worst first)\n\nNone."])
        // A pass still says none.
        let pass = BaselineComparison(baseline: baseline, current: baseline.counts)
        assertCheckReport(pass, .table, contains: ["Regressions (worst first): none\n"])
    }

    func testUpdateBaselineReportsWhatItWrote() {
        let baseline = BaselineFixtures.baseline(["792": 3, "712": 1, "760": 2])
        let current = BaselineFixtures.counts(.run, "tap", ["792": 5, "760": 1, "9": 1])
        let c = BaselineComparison(baseline: baseline, current: current)
        let text = CheckReportFormatter.renderUpdate(c, baselinePath: "Baselines/tap.json")
        XCTAssertTrue(text.hasPrefix("UPDATED Baselines/tap.json with the counts of run 'tap': total updates 6 -> 7 (+1, +16.7%); 2 attributes grew, 2 dropped\n"), text)
        XCTAssertFalse(text.contains("FAIL"), text)
        XCTAssertTrue(text.contains("\nGrew:\n"), text)
        XCTAssertTrue(text.contains("\nDropped:\n"), text)
    }

    /// C1 controls and bidi overrides, which XML and markdown would carry as they are.
    static let sneaky = "Row\u{202E}weiV\u{202C}\u{85}\u{9B}31m\u{2066}x\u{2069}\u{7F}"

    func testJUnitAndMarkdownEscapeBidiAndC1Controls() {
        let baseline = BaselineFixtures.baseline([Self.sneaky: 1], key: .view)
        let current = BaselineFixtures.counts(.run, "tap\u{202E}", key: .view, [Self.sneaky: 5])
        let c = BaselineComparison(baseline: baseline, current: current)
        func dangerous(_ s: String) -> [Unicode.Scalar] {
            s.unicodeScalars.filter { v in
                (0x80...0x9F).contains(v.value) || (0x202A...0x202E).contains(v.value) || (0x2066...0x2069).contains(v.value) || v.value == 0x7F
            }
        }
        let junit = CheckReportFormatter.render(c, format: .junit, baselinePath: "b\u{202E}.json")
        XCTAssertEqual(dangerous(junit), [], junit)
        XCTAssertTrue(junit.contains("name=\"Row\\u202EweiV\\u202C\\u0085\\u009B31m\\u2066x\\u2069\\u007F\""), junit)
        let markdown = CheckReportFormatter.render(c, format: .markdown, baselinePath: "b\u{202E}.json")
        XCTAssertEqual(dangerous(markdown), [], markdown)
        XCTAssertTrue(markdown.contains("| Row\\\\u{202e}weiV\\\\u{202c}\\\\u{85}\\\\u{9b}31m\\\\u{2066}x\\\\u{2069}\\\\u{7f} | 1 | 5 |"), markdown)
        let problem = CheckProblem(.baseline, "b.json: entry \"\(Self.sneaky)\" is not a key")
        XCTAssertEqual(dangerous(CheckReportFormatter.renderProblem(problem, format: .junit, baselinePath: "b.json")), [])
        XCTAssertEqual(dangerous(CheckReportFormatter.renderProblem(problem, format: .markdown, baselinePath: "b.json")), [])
        XCTAssertEqual(dangerous(CheckReportFormatter.renderProblem(problem, format: .table, baselinePath: "b.json")), [])
    }

    func testTheToleranceIsShownAsWritten() {
        let c = BaselineComparison(baseline: BaselineFixtures.baseline(["1": 375]), current: BaselineFixtures.counts(.run, "x", ["1": 444]),
                                   limits: CheckLimits(tolerance: Tolerance("18.4")!))
        XCTAssertTrue(c.passed)
        let table = CheckReportFormatter.render(c, format: .table, baselinePath: "b.json")
        XCTAssertTrue(table.contains("limits:   tolerance 18.4%, min-count 1, max-drop 50%"), table)
        XCTAssertTrue(CheckReportFormatter.render(c, format: .json, baselinePath: "b.json")
            .contains("\"limits\": {\"tolerance_percent\": 18.4, \"min_count\": 1, \"max_drop_percent\": 50}"))
    }
}
