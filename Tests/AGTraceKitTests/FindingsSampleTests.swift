import Foundation
import XCTest
@testable import AGTraceKit

/// SampleArchives/findings/ (Scripts/make-findings-samples.py): each kind of finding raised by
/// its sample and never by the lean twin beside it, per kind of evidence that can show it.
final class FindingsSampleTests: TemporaryDirectoryTestCase {
    func findings(_ relative: String) throws -> [Finding] {
        let path = TestPaths.sample("findings/" + relative)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        return try FindingsRunner.run(FindingsRequest(inputs: [path]), database: dir.appendingPathComponent("unused.db").path,
                                      openDatabase: { throw ReportError("no database should be opened for files") }).findings
    }

    /// `name` raises exactly `kinds` (each at least once) and `name-lean` raises nothing.
    func assertPair(_ folder: String, _ name: String, _ ext: String, raises kinds: Set<FindingKind>,
                    file: StaticString = #filePath, line: UInt = #line) throws {
        let raised = try findings("\(folder)/\(name).\(ext)")
        XCTAssertEqual(Set(raised.map(\.kind)), kinds, "\(name).\(ext): \(raised.map(\.message))", file: file, line: line)
        let lean = try findings("\(folder)/\(name)-lean.\(ext)")
        XCTAssertEqual(lean.map(\.message), [], "\(name)-lean.\(ext) must raise nothing", file: file, line: line)
    }

    func testConsoleSamples() throws {
        try assertPair("console", "wasted-rows", "log", raises: [.wastedBodyRuns])
        try assertPair("console", "broad-token", "log", raises: [.broadInvalidation])
        try assertPair("console", "whole-object", "log", raises: [.wholeObjectDependency])
        try assertPair("console", "identity-churn", "log", raises: [.identityChurn])
        try assertPair("console", "cycle", "log", raises: [.dependencyCycle])
        try assertPair("console", "state-during-update", "log", raises: [.stateModifiedDuringUpdate])
    }

    func testTraceSamples() throws {
        try assertPair("traces", "broad-write", "ag-trace", raises: [.broadInvalidation, .wastedBodyRuns])
        try assertPair("traces", "slow-body", "ag-trace", raises: [.slowBody])
        try assertPair("traces", "repeated-pass", "ag-trace", raises: [.repeatedBodyInPass])
        try assertPair("traces", "timer", "ag-trace", raises: [.repeatingWrite])
        try assertPair("traces", "state-write-logged", "ag-trace", raises: [.stateModifiedDuringUpdate])
        try assertPair("traces", "height-loop", "ag-trace", raises: [.dependencyCycle])
    }

    func testProfiledDumpSamples() throws {
        try assertPair("dumps", "wasted-profile", "ag-json", raises: [.wastedBodyRuns])
    }

    /// The numbers behind the findings, exactly.
    func testEvidenceIsExact() throws {
        let wasted = try XCTUnwrap(findings("console/wasted-rows.log").first)
        XCTAssertEqual(wasted.view, "FeedRow")
        XCTAssertEqual(wasted.evidence.count("body_runs"), 6)
        XCTAssertEqual(wasted.evidence.count("unchanged"), 4)
        XCTAssertEqual(wasted.evidence.positions, [2, 3, 5, 6])
        XCTAssertEqual(wasted.evidence.positionKind, "line")
        XCTAssertNil(wasted.cost.seconds, "a console times nothing: unknown, not 0")

        let broad = try findings("traces/broad-write.ag-trace")
        let write = try XCTUnwrap(broad.first { $0.kind == .broadInvalidation })
        XCTAssertEqual(write.evidence.count("writes"), 2)
        XCTAssertEqual(write.evidence.count("bodies"), 10)
        XCTAssertEqual(write.evidence.count("unchanged"), 6)
        XCTAssertEqual(write.attributes, [536])
        let rows = try XCTUnwrap(broad.first { $0.kind == .wastedBodyRuns })
        XCTAssertEqual(rows.evidence.count("evaluations"), 12)
        XCTAssertEqual(rows.evidence.count("unchanged"), 6)
        XCTAssertEqual(rows.attributes, [1048, 1112, 1176, 1240])
        // Six evaluations of 1/8192 s each.
        XCTAssertEqual(rows.cost.seconds, 6.0 / 8192)

        let slow = try XCTUnwrap(findings("traces/slow-body.ag-trace").first)
        XCTAssertEqual(slow.severity, .error, "over 1 ms: Instruments' red mark")
        XCTAssertEqual(slow.evidence.count("very_slow"), 2)

        let dump = try XCTUnwrap(findings("dumps/wasted-profile.ag-json").first)
        XCTAssertEqual(dump.evidence.count("updates"), 18)
        XCTAssertEqual(dump.evidence.count("changes"), 6)
    }

    /// The same recording gives the same fingerprints; counts are not part of them.
    func testFingerprintsAreStable() throws {
        let a = try findings("traces/broad-write.ag-trace").map(\.fingerprint)
        let b = try findings("traces/broad-write.ag-trace").map(\.fingerprint)
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set(a).count, a.count)
        var f = try XCTUnwrap(findings("console/wasted-rows.log").first)
        let before = f.fingerprint
        f = Finding(kind: f.kind, view: f.view, message: "other numbers", evidence: f.evidence, cost: FindingCost(seconds: 1, evaluations: 99))
        XCTAssertEqual(f.fingerprint, before)
    }

    /// Costliest first: seconds before evaluations, unknown seconds after known ones.
    func testRanking() {
        func finding(_ view: String, _ seconds: Double?, _ evaluations: Int64) -> Finding {
            Finding(kind: .wastedBodyRuns, view: view, message: view,
                    evidence: FindingEvidence(input: "trace", label: "t", counts: [], positionKind: "seq", positions: []),
                    cost: FindingCost(seconds: seconds, evaluations: evaluations))
        }
        let ranked = FindingsRunner.ranked([finding("a", nil, 100), finding("b", 0.001, 1), finding("c", 0.01, 1), finding("d", nil, 5)])
        XCTAssertEqual(ranked.map { $0.view }, ["c", "b", "a", "d"])
    }

    /// The request and result encode as `--format json` writes them, and a tool's arguments
    /// may leave keys out.
    func testRequestAndResultAreJSON() throws {
        let request = try JSONDecoder().decode(FindingsRequest.self, from: Data(#"{"consoles": ["ui"]}"#.utf8))
        XCTAssertEqual(request.consoles, ["ui"])
        XCTAssertEqual(request.thresholds, FindingThresholds())
        let path = TestPaths.sample("findings/console/wasted-rows.log")
        let result = try FindingsRunner.run(FindingsRequest(inputs: [path]), database: "", openDatabase: { throw ReportError("none") })
        let decoded = try JSONDecoder().decode(FindingsResult.self, from: Data(FindingsJSON.encode(result).utf8))
        XCTAssertEqual(decoded, result)
        XCTAssertEqual(FindingsFormat.json.render(result), FindingsJSON.encode(result))
    }

    /// Labels and files are not mixed; an unknown label is named.
    func testLabelsAndFilesAreNotMixed() throws {
        let path = TestPaths.sample("findings/console/wasted-rows.log")
        XCTAssertThrowsError(try FindingsRunner.run(FindingsRequest(inputs: [path, "no-such-label"]), database: "", openDatabase: { throw ReportError("none") })) {
            XCTAssertTrue("\($0)".contains("no-such-label"), "\($0)")
        }
        let db = try DatabaseOpener.open(dir.appendingPathComponent("a.db").path, mode: .write)
        XCTAssertThrowsError(try FindingsRunner.run(FindingsRequest(consoles: ["ui"]), in: db)) {
            XCTAssertTrue("\($0)".contains("'ui'"), "\($0)")
        }
    }

    /// Workflow commands: `%`, CR, LF escaped in the message; `:` and `,` too in properties.
    func testGitHubCommandEscaping() {
        var f = Finding(kind: .slowBody, severity: .error, view: "Bad%View:\r\n,x", message: "line1\r\nline2 100%: a, b",
                        evidence: FindingEvidence(input: "console", label: "c", counts: [], positionKind: "line", positions: [7]),
                        cost: FindingCost(seconds: nil, evaluations: 1))
        f.evidence.file = "ui,tests:1%.log"
        let line = FindingsGitHub.command(f)
        XCTAssertTrue(line.hasPrefix("::error file=ui%2Ctests%3A1%25.log,line=7,title=slow-body%3A Bad%25View%3A%0D%0A%2Cx::line1%0D%0Aline2 100%25: a, b. Fix: "), line)
        XCTAssertEqual(line.filter { $0 == "\n" || $0 == "\r" }.count, 1, "one line, ended once")
        XCTAssertTrue(line.hasSuffix("#slow-body\n"), line)
    }
}
