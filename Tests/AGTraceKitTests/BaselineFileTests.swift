import Foundation
import XCTest
@testable import AGTraceKit

final class BaselineFileTests: XCTestCase {
    private func parse(_ text: String, path: String = "b.json") throws -> Baseline { try parseBaseline(text, path: path) }

    private func assertRefused(_ text: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        assertBaselineRefused(text, fragment, path: "Baselines/tap.json", file: file, line: line)
    }

    // MARK: Writing

    func testRunBaselineTextIsStableAndSorted() {
        let counts = UpdateCounts(
            source: MeasuredSource(kind: .run, label: "tap", sha256: "9f2c", importedAt: "2026-05-01T09:30:00Z"),
            key: .attribute,
            entries: ["1760": UpdateEntry(updates: 2), "792": UpdateEntry(updates: 3), "712": UpdateEntry(updates: 1),
                      "(unknown)": UpdateEntry(updates: 1)])
        let expected = """
            {
              "format": "agtrace-baseline",
              "version": 2,
              "source": {"kind": "run", "label": "tap", "sha256": "9f2c", "imported_at": "2026-05-01T09:30:00Z"},
              "key": "attribute",
              "total": {"updates": 7},
              "entries": {
                "712": {"updates": 1},
                "792": {"updates": 3},
                "1760": {"updates": 2},
                "(unknown)": {"updates": 1}
              }
            }

            """
        XCTAssertEqual(Baseline(counts: counts).rendered(), expected)
        XCTAssertEqual(Baseline(counts: counts).rendered(), Baseline(counts: counts).rendered())
    }

    func testSnapshotBaselineCarriesSecondsAndSortsRulesByBytes() {
        let counts = UpdateCounts(
            source: MeasuredSource(kind: .snapshot, label: "planner", sha256: nil, importedAt: nil),
            key: .rule,
            entries: ["b": UpdateEntry(updates: 1, seconds: 0.1 + 0.2), "B": UpdateEntry(updates: 2, seconds: 2.75e-05),
                      "a": UpdateEntry(updates: 3, seconds: 0), "Z<é>": UpdateEntry(updates: 4)])
        let text = Baseline(counts: counts).rendered()
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[3], "  \"source\": {\"kind\": \"snapshot\", \"label\": \"planner\"},")
        // Profile seconds include nested runs: their sum would count those twice, so the total has none.
        XCTAssertEqual(lines[5], "  \"total\": {\"updates\": 10},")
        XCTAssertEqual(Array(lines[7...10]), [
            "    \"B\": {\"updates\": 2, \"seconds\": 2.75e-05},",
            "    \"Z<é>\": {\"updates\": 4},",
            "    \"a\": {\"updates\": 3, \"seconds\": 0},",
            "    \"b\": {\"updates\": 1, \"seconds\": 0.3}",  // no float noise
        ])
    }

    func testRoundTripKeepsEverythingIncludingNastyKeys() throws {
        let nasty = "Odd<\"A&B\"|'C'>\u{1}\n\t\\\u{2028}😀"
        var counts = BaselineFixtures.counts(.run, "tap", key: .rule, [nasty: 5, "RootDisplayList": 2])
        counts.source.namedBy = NamingSnapshot(label: "planner \"x\"", sha256: "beef")
        counts.entries["RootDisplayList"]?.seconds = 1.5e-06
        let baseline = Baseline(counts: counts)
        let text = baseline.rendered()
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters in \(text)")
        XCTAssertEqual(text.split(separator: "\n").count, 11, "one entry per line")
        let back = try parse(text)
        XCTAssertEqual(back, baseline)
        XCTAssertEqual(back.rendered(), text)
    }

    func testEmptyEntries() throws {
        let b = BaselineFixtures.baseline([:])
        XCTAssertTrue(b.rendered().contains("  \"entries\": {}\n"))
        XCTAssertEqual(try parse(b.rendered()).counts.entries, [:])
    }

    func testWriteAndReadAFile() throws {
        let dir = makeTemporaryDirectory("agtrace-baseline-tests")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("tap.json").path
        let b = BaselineFixtures.baseline(["792": 3, "712": 1])
        try b.write(to: try Baseline.output(path, database: nil))
        XCTAssertEqual(try Baseline.read(path: path), b)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), b.rendered())
        XCTAssertThrowsError(try Baseline.output(dir.appendingPathComponent("missing/dir/x.json").path, database: nil)) { error in
            XCTAssertTrue("\(error)".contains("refusing to write the baseline there: the folder"), "\(error)")
        }
    }

    // MARK: Reading: tolerance and older versions

    func testReaderToleratesOrderUnknownFieldsAndBareCounts() throws {
        let b = try parse("""
            {"entries": {"792": 3, "712": {"updates": 1, "note": "x"}, "1": {"updates": 0}},
             "key": "attribute", "total": {"updates": 4}, "comment": "reviewed",
             "source": {"label": "tap", "kind": "run", "extra": true},
             "version": 2, "format": "agtrace-baseline"}
            """)
        XCTAssertEqual(b.formatVersion, 2)
        XCTAssertEqual(b.counts.entries, ["792": UpdateEntry(updates: 3), "712": UpdateEntry(updates: 1)])
        XCTAssertEqual(b.counts.total.updates, 4)
        XCTAssertNil(b.counts.source.sha256)
    }

    func testVersion2WithoutKeyUsesTheKindsDefault() throws {
        let run = try parse(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "r"}, "entries": {}}"#)
        XCTAssertEqual(run.counts.key, .attribute)
        let snap = try parse(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "snapshot", "label": "s"}, "entries": {}}"#)
        XCTAssertEqual(snap.counts.key, .rule)
    }

    func testReadsVersion1RunBaseline() throws {
        let b = try parse("""
            {"format": "agtrace-baseline", "version": 1, "run": "tap", "sha256": "9f2c", "total": 10,
             "updates": {"792": 3, "760": 1, "712": 1, "1760": 2, "1712": 1, "1664": 1, "1620": 1}}
            """)
        XCTAssertEqual(b.formatVersion, 1)
        XCTAssertEqual(b.counts.source, MeasuredSource(kind: .run, label: "tap", sha256: "9f2c"))
        XCTAssertEqual(b.counts.key, .attribute)
        XCTAssertEqual(b.counts.total.updates, 10)
        XCTAssertEqual(b.counts.entries["792"], UpdateEntry(updates: 3))
        // Rewriting upgrades it to the current version.
        let upgraded = try parse(b.rendered())
        XCTAssertEqual(upgraded.formatVersion, Baseline.currentFormatVersion)
        XCTAssertEqual(upgraded.counts, b.counts)
    }

    func testReadsVersion1SnapshotBaseline() throws {
        let b = try parse(#"{"format": "agtrace-baseline", "version": 1, "snapshot": "planner", "updates": {"RootDisplayList": 4}}"#)
        XCTAssertEqual(b.counts.source.kind, .snapshot)
        XCTAssertEqual(b.counts.key, .rule)
        XCTAssertEqual(b.counts.entries, ["RootDisplayList": UpdateEntry(updates: 4)])
        let keyed = try parse(#"{"format": "agtrace-baseline", "version": 1, "snapshot": "p", "key": "attribute", "updates": {"4": 1}}"#)
        XCTAssertEqual(keyed.counts.key, .attribute)
    }

    // MARK: Reading: refusals name the file and the problem

    func testNewerVersionIsRefused() {
        assertRefused(#"{"format": "agtrace-baseline", "version": 3, "whatever": {}}"#, "newer agtrace (baseline format version 3")
    }

    func testBrokenFilesAreRefused() {
        assertRefused("", "empty")
        assertRefused("{\"format\": \"agtrace-baseline\", ", "not valid JSON")
        assertRefused("[1, 2]", "expected a JSON object")
        assertRefused("{}", "not an agtrace baseline")
        assertRefused(#"{"format": "something-else", "version": 2}"#, "not an agtrace baseline")
        assertRefused(#"{"format": "agtrace-baseline"}"#, "no \"version\"")
        assertRefused(#"{"format": "agtrace-baseline", "version": "2"}"#, "not a whole number")
        assertRefused(#"{"format": "agtrace-baseline", "version": 0}"#, "unknown baseline format version 0")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "entries": {}}"#, "no \"source\"")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "tape", "label": "x"}, "entries": {}}"#, "source.kind")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "x"}}"#, "no \"entries\"")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "x"}, "key": "node", "entries": {}}"#, "\"key\" must be one of")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "x"}, "entries": {"7": {"updates": 1.5}}}"#, "entry \"7\"")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "x"}, "entries": {"7": true}}"#, "entry \"7\"")
        assertRefused(#"{"format": "agtrace-baseline", "version": 2, "source": {"kind": "run", "label": "x"}, "entries": {"7": -2}}"#, "has the count -2, outside 0 ... 2^53")
        assertRefused(#"{"format": "agtrace-baseline", "version": 1, "updates": {}}"#, "neither a \"run\" nor a \"snapshot\"")
    }

    func testMissingFileAndDirectoryAreRefusedByName() throws {
        let dir = makeTemporaryDirectory("agtrace-baseline-tests")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nope.json").path
        XCTAssertThrowsError(try Baseline.read(path: missing)) { error in
            XCTAssertEqual((error as? BaselineError)?.path, missing)
            XCTAssertTrue("\(error)".contains("no such baseline file"), "\(error)")
        }
        XCTAssertThrowsError(try Baseline.read(path: dir.path)) { error in
            XCTAssertTrue("\(error)".contains("is a directory"), "\(error)")
        }
    }
}
