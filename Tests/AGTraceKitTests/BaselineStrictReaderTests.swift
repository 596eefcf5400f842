import Foundation
import XCTest
@testable import AGTraceKit

/// The baseline reader refuses what would change a verdict without a word.
final class BaselineStrictReaderTests: XCTestCase {
    func parse(_ text: String) throws -> Baseline { try parseBaseline(text) }

    func assertRefused(_ text: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        assertBaselineRefused(text, fragment, file: file, line: line)
    }

    func v2(key: String = "attribute", total: String? = nil, entries: String) -> String {
        """
        {"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "tap"}, "key": "\(key)",
        \(total.map { "\"total\": \($0)," } ?? "") "entries": {\(entries)}}
        """
    }

    func testDuplicateKeysAnywhereAreRefusedWithTheirLines() {
        assertRefused("{\"format\": \"agtrace-baseline\", \"version\": 2,\n\"source\": {\"kind\": \"run\", \"label\": \"t\"},\n\"entries\": {\n\"792\": 3,\n\"792\": 1}}",
                      "line 5: key \"792\" appears twice in \"entries\" (first on line 4)")
        assertRefused("{\"format\": \"agtrace-baseline\",\n\"version\": 2,\n\"version\": 1, \"source\": {\"kind\": \"run\", \"label\": \"t\"}, \"entries\": {}}",
                      "line 3: key \"version\" appears twice at the top level (first on line 2)")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "t", "kind": "snapshot"}, "entries": {}}"#,
                      "key \"kind\" appears twice in \"source\"")
        assertRefused(v2(entries: #""792": {"updates": 3, "updates": 1}"#), "key \"updates\" appears twice in \"entries\".\"792\"")
    }

    func testKeysMustBeOfTheFilesKeyKind() throws {
        for bad in ["0x318", "abc", "", " 792", "0792", "-1", "4294967296", "(attribute 792)"] {
            assertRefused(v2(entries: "\(JSONText.quote(bad)): 1"), "is not a key of kind attribute")
        }
        XCTAssertEqual(try parse(v2(entries: #""0": 1, "4294967295": 2, "(unknown)": 3"#)).counts.total.updates, 6)
        for kind in ["rule", "view"] {
            assertRefused(v2(key: kind, entries: #""792": 1"#), "a \(kind) key is a name, not a bare number")
            assertRefused(v2(key: kind, entries: #""": 1"#), "a \(kind) key is a name, not empty")
            assertRefused(v2(key: kind, entries: #""Summary ": 1"#), "no blanks at its ends")
            XCTAssertEqual(try parse(v2(key: kind, entries: #""(no view)": 1, "DynamicBody<ViewBodyAccessor<Editor>>": 2, "(unknown)": 1"#)).counts.total.updates, 4)
        }
    }

    func testAWrittenTotalMustBeTheSum() throws {
        assertRefused(v2(total: #"{"updates": 5}"#, entries: #""792": 3, "712": 1"#), "the \"total\" is 5 but the entries sum to 4")
        assertRefused(v2(total: "5", entries: #""792": 3"#), "the \"total\" is 5 but the entries sum to 3")
        assertRefused(v2(total: #"{"seconds": 1}"#, entries: #""792": 3"#), "the \"total\" has no \"updates\" count")
        XCTAssertEqual(try parse(v2(total: #"{"updates": 4}"#, entries: #""792": 3, "712": 1"#)).counts.total.updates, 4)
        // Version 1's bare total too.
        assertRefused(#"{"format": "agtrace-baseline", "version": 1, "run": "t", "total": 9, "updates": {"792": 3}}"#, "the \"total\" is 9")
    }

    func testCountsOutside0To2Pow53AreRefusedNeverBent() throws {
        let max = Baseline.maxCount
        XCTAssertEqual(max, 9_007_199_254_740_992)
        XCTAssertEqual(try parse(v2(entries: "\"792\": \(max)")).counts.entries["792"]?.updates, max)
        XCTAssertEqual(try parse(v2(entries: #""792": 3.0, "712": 1e1"#)).counts.total.updates, 13, "whole numbers however written")
        for (text, shown) in [("9007199254740993", "9007199254740993"), ("9223372036854775807", "9223372036854775807"),
                              ("9223372036854775808", "9223372036854775808"), ("18446744073709551616", "18446744073709551616"),
                              ("-1", "-1"), ("-9223372036854775809", "-9223372036854775808"), ("1e300", "1")] {
            assertRefused(v2(entries: "\"792\": {\"updates\": \(text)}"), "entry \"792\" has the count \(shown)")
            assertRefused(v2(entries: "\"792\": {\"updates\": \(text)}"), "outside 0 ... 2^53")
        }
        assertRefused(v2(entries: #""792": 1.5"#), "entry \"792\" has no whole \"updates\" count")
        assertRefused(v2(entries: #""792": {"updates": "3"}"#), "entry \"792\" has no whole \"updates\" count")
        assertRefused(v2(total: "9007199254740993", entries: #""792": 1"#), "the \"total\" has the count 9007199254740993")
        assertRefused(v2(total: "0", entries: "\"1\": \(max), \"2\": \(max)"), "the entries sum past 2^53")
    }

    /// No input makes the reader crash: every mutation of a good baseline ends in a baseline
    /// or a BaselineError.
    func testMutationsNeverCrash() throws {
        let good = Array(Baseline(counts: BaselineFixtures.counts(.run, "tap", key: .attribute, ["792": 3, "712": 1])).rendered().utf8)
        var random = SeededRandom(seed: 13)
        let pieces: [[UInt8]] = ["9223372036854775808", "-", "\"", "{", "}", "[", "]", ",", ":", "1e999", "\\u0000", "null", "\"version\": 2,",
                                 "\"792\": 1,", "\u{202E}", "\u{85}"].map { Array($0.utf8) }
        for _ in 0..<3000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &random) }
                }
            }
            do {
                let b = try Baseline.parse(Data(bytes), path: "m.json")
                for e in b.counts.entries.values { XCTAssertTrue((0...Baseline.maxCount).contains(e.updates)) }
            } catch is BaselineError {
            }
        }
    }
}
