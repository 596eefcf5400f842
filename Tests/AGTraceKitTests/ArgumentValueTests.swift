import XCTest
@testable import AGTraceKit

/// Option values read once from their text by their type: the value, or what the option
/// expects (the words after its name in the usage error).
final class ArgumentValueTests: XCTestCase {
    func refusal<V: ArgumentValue>(_ type: V.Type, _ text: String, option: String) -> String? {
        do throws(ArgumentRefusal) {
            _ = try V(argument: text)
            return nil
        } catch {
            return error.message(option: option)
        }
    }

    func testChoicesTakeAnyCaseAndNameEveryValue() throws {
        XCTAssertEqual(try OutputFormat(argument: "JSON"), .json)
        XCTAssertEqual(OutputFormat.placeholder, "table|csv|json|markdown")
        XCTAssertEqual(OutputFormat.choices, ["table", "csv", "json", "markdown"])
        XCTAssertEqual(refusal(OutputFormat.self, "xml", option: "format"), "--format must be one of table|csv|json|markdown, not 'xml'")
        XCTAssertEqual(refusal(CheckFormat.self, "csv", option: "format"), "--format must be one of table|json|markdown|junit, not 'csv'")
        XCTAssertEqual(try FindingsFormat(argument: "Sarif"), .sarif)
        XCTAssertEqual(refusal(BaselineKey.self, "node", option: "key"), "--key must be one of attribute|rule|view, not 'node'")
        XCTAssertEqual(try CompareSort(argument: "KEY"), .key)
        XCTAssertEqual(try WhyGrouping(argument: "cause"), .cause)
        XCTAssertEqual(try CyclesFormat(argument: "DOT"), .dot)
        XCTAssertEqual(try CyclesFormat(argument: "csv"), .rows(.csv))
        XCTAssertEqual(refusal(CyclesFormat.self, "svg", option: "format"), "--format must be one of table|csv|json|markdown|dot, not 'svg'")
    }

    func testNumbers() throws {
        XCTAssertEqual(try Int(argument: "-3"), -3)
        XCTAssertEqual(refusal(Int.self, "1.5", option: "top"), "--top takes a whole number, not '1.5'")
        XCTAssertEqual(try UInt64(argument: "18446744073709551615"), .max)
        XCTAssertEqual(refusal(UInt64.self, "-1", option: "seed"), "--seed takes a whole number from 0, not '-1'")
        // A bound refuses in its own words; text that is no number is refused as Int refuses it.
        XCTAssertEqual(try MaxCycles(argument: "0").value, 0)
        XCTAssertEqual(refusal(MaxCycles.self, "-1", option: "max-cycles"), "--max-cycles is a whole number of cycle reports (0: none allowed), not '-1'")
        XCTAssertEqual(refusal(MaxCycles.self, "abc", option: "max-cycles"), "--max-cycles takes a whole number, not 'abc'")
        XCTAssertEqual(refusal(MaxWarnings.self, "-2", option: "max-warnings"), "--max-warnings is a whole number of SwiftUI warnings (0: none allowed), not '-2'")
        XCTAssertEqual(refusal(MinCount.self, "-1", option: "min-count"), "--min-count is a number of updates, 0 or more, not -1")
        XCTAssertThrowsError(try MinCount(checking: -1)) { XCTAssertEqual($0 as? ArgumentRefusal, MinCount.refusal(below: -1)) }
    }

    func testPercentagesAndTolerances() throws {
        XCTAssertEqual(try Percent(argument: "5").fraction, 0.05)
        XCTAssertEqual(try Percent(argument: "5%").fraction, 0.05)
        XCTAssertEqual(try Percent(argument: "100").fraction, 1)
        for bad in ["101", "-1", "x", "5%%", "", "nan"] {
            XCTAssertEqual(refusal(Percent.self, bad, option: "min-effect"), "--min-effect takes a percentage from 0 to 100 (5 or 5%), not '\(bad)'")
        }
        XCTAssertEqual(try Tolerance(argument: "18.4%"), Tolerance(units: 184, scale: 1))
        XCTAssertEqual(refusal(Tolerance.self, "-5", option: "tolerance"),
                       "--tolerance is a percentage of growth allowed: a decimal from 0 to 1000000 with at most 6 digits after the point (10, 10%, 18.4), not '-5'")
        XCTAssertNil(try MaxDrop(argument: "none").limit)
        XCTAssertEqual(try MaxDrop(argument: "75%").limit, Tolerance(units: 75, scale: 0))
        XCTAssertEqual(refusal(MaxDrop.self, "101", option: "max-drop"), "--max-drop is a percentage from 0 to 100 (50, 75%, 12.5) or none, not '101'")
        XCTAssertEqual(refusal(MaxDrop.self, "NONE", option: "max-drop"), "--max-drop is a percentage from 0 to 100 (50, 75%, 12.5) or none, not 'NONE'")
    }

    /// The limits made of the values given; what is not given keeps its default.
    func testCheckLimitsFromTheirValues() throws {
        let limits = CheckLimits(tolerance: try Tolerance(argument: "10"), minCount: try MinCount(argument: "3"), maxDrop: try MaxDrop(argument: "none"),
                                 maxCycles: try MaxCycles(argument: "0"), maxWarnings: nil)
        XCTAssertEqual(limits.tolerance, Tolerance(units: 10, scale: 0))
        XCTAssertEqual(limits.minCount, 3)
        XCTAssertNil(limits.maxDrop)
        XCTAssertEqual(limits.maxCycles, 0)
        XCTAssertNil(limits.maxWarnings)
        XCTAssertTrue(limits.limitsRecording)
        XCTAssertEqual(CheckLimits(tolerance: nil, minCount: nil, maxDrop: nil, maxCycles: nil, maxWarnings: nil), CheckLimits())
    }

    /// report --by takes the values of the SQL headers (`-- by:`), in the order of the kinds
    /// whose labels select them; each report's own are the registry's to check.
    func testReportGroupingsComeFromTheQueries() throws {
        let declared = Set(ReportRegistry.files.filter { !$0.isInternal }.compactMap(\.by))
        XCTAssertEqual(Set(ReportGrouping.values), declared)
        XCTAssertEqual(ReportGrouping.values, ["rule", "view", "token"])
        XCTAssertEqual(ReportGrouping.placeholder, "rule|view|token")
        XCTAssertEqual(try ReportGrouping(argument: "VIEW").name, "view")
        XCTAssertEqual(refusal(ReportGrouping.self, "type", option: "by"), "--by takes 'rule' or 'view' or 'token' (the groupings of updates), not 'type'")
    }
}
