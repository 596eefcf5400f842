import Foundation
import XCTest
@testable import AGTraceKit

/// ../shared/real-console/'s `_printChanges` and cycle excerpts (their README says what each
/// shows a developer should fix): the findings the text shows are raised, and nothing on the
/// clean ones. Skipped without ../shared.
final class FindingsRealConsoleTests: TemporaryDirectoryTestCase {
    func findings(_ name: String) throws -> [Finding] {
        let path = try TestPaths.sharedFile("real-console/" + name)
        return try FindingsRunner.run(FindingsRequest(inputs: [path]), database: "", openDatabase: { throw ReportError("none") }).findings
    }

    func testSheetCounterShowsWastedRuns() throws {
        let found = try findings("sheet-counter.log")
        XCTAssertEqual(found.map(\.kind), [.wastedBodyRuns])
        XCTAssertEqual(found[0].view, "ContentModel")
        XCTAssertEqual(found[0].evidence.count("body_runs"), 6)
        XCTAssertEqual(found[0].evidence.count("unchanged"), 4)
    }

    func testToolbarButtonShowsACycleAndAStateWrite() throws {
        let found = try findings("toolbar-button.log")
        XCTAssertEqual(Set(found.map(\.kind)), [.dependencyCycle, .stateModifiedDuringUpdate])
        let cycles = found.filter { $0.kind == .dependencyCycle }
        XCTAssertEqual(Set(cycles.compactMap(\.attributes.first)), [103752, 104216])
        XCTAssertEqual(cycles.reduce(Int64(0)) { $0 + ($1.evidence.count("reports") ?? 0) }, 10)
    }

    func testHTMLAttributedStringShowsCyclesAndTheCrash() throws {
        let log = CommandLog()
        let path = try TestPaths.sharedFile("real-console/html-attributed-string.log")
        let result = try FindingsRunner.run(FindingsRequest(inputs: [path]), database: "", openDatabase: { throw ReportError("none") }, log: log)
        XCTAssertEqual(Set(result.findings.map(\.kind)), [.dependencyCycle])
        XCTAssertEqual(result.findings.reduce(Int64(0)) { $0 + ($1.evidence.count("reports") ?? 0) }, 3)
        XCTAssertTrue(result.notes.contains { $0.contains("did not end normally") }, "\(result.notes)")
    }

    func testCleanExcerptsRaiseNothing() throws {
        for name in ["animals-containers.log", "observable-dependencies.log", "breakpoint-action.log"] {
            // Outside the assertion, so that a missing ../shared skips the test (XCTSkip thrown
            // inside an assertion's autoclosure is counted as a failure).
            let found = try findings(name)
            XCTAssertEqual(found.map(\.message), [], name)
        }
    }
}
