import Foundation
import XCTest
@testable import AGTraceKit

/// `findings --baseline F [--update-baseline]` decided by the library: the exit status and the
/// lines to say, for the samples' findings, without the command line.
final class FindingsGateTests: TemporaryDirectoryTestCase {
    func findings(_ relative: String) throws -> [Finding] {
        try FindingsRunner.run(FindingsRequest(inputs: [TestPaths.sample("findings/" + relative)]), database: dir.appendingPathComponent("unused.db").path,
                               openDatabase: { throw ReportError("no database should be opened for files") }).findings
    }

    func testWrittenThenPassedThenNewFindingsFail() throws {
        let wasted = try findings("console/wasted-rows.log")
        let cycle = try findings("console/cycle.log")
        XCTAssertEqual(wasted.count, 1)
        XCTAssertEqual(cycle.count, 1)
        let path = dir.appendingPathComponent("accepted.json").path

        let written = try FindingsGate.run(wasted, baseline: path, update: true)
        XCTAssertEqual(written, FindingsGate.Outcome(status: 0, lines: ["wrote \(path): 1 accepted (1 new, 0 gone)"]))
        XCTAssertEqual(try FindingsBaseline.read(path).findings.map(\.fingerprint), wasted.map(\.fingerprint))

        XCTAssertEqual(try FindingsGate.run(wasted, baseline: path, update: false), FindingsGate.Outcome(status: 0, lines: []))

        // A new finding fails (exit 1), each named with its fingerprint's prefix; the accepted
        // one no longer found is said to be gone.
        let failed = try FindingsGate.run(cycle, baseline: path, update: false)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.lines.count, 3)
        XCTAssertEqual(failed.lines[0], "1 accepted finding is gone (run with --update-baseline to drop it)")
        XCTAssertTrue(failed.lines[1].hasPrefix("new: dependency-cycle "), failed.lines[1])
        XCTAssertTrue(failed.lines[1].hasSuffix("[\(cycle[0].fingerprint.prefix(12))]"), failed.lines[1])
        XCTAssertEqual(failed.lines[2], "1 finding not in \(path): fix it, or accept with --update-baseline")

        let rewritten = try FindingsGate.run(cycle + wasted, baseline: path, update: true)
        XCTAssertEqual(rewritten.lines, ["wrote \(path): 2 accepted (1 new, 0 gone)"])
        XCTAssertEqual(try FindingsGate.run(cycle, baseline: path, update: false).status, 0)
    }

    func testNoBaselineIsNoGateAndWhatCannotBeReadIsAUsageError() throws {
        let wasted = try findings("console/wasted-rows.log")
        XCTAssertEqual(try FindingsGate.run(wasted, baseline: nil, update: false), FindingsGate.Outcome(status: 0, lines: []))
        XCTAssertThrowsError(try FindingsGate.check(baseline: nil, update: true)) {
            XCTAssertEqual($0 as? ReportUsageError, ReportUsageError("--update-baseline writes the file given by --baseline FILE: give it"))
        }
        let missing = dir.appendingPathComponent("missing.json").path
        XCTAssertThrowsError(try FindingsGate.run(wasted, baseline: missing, update: false)) {
            XCTAssertEqual($0 as? ReportUsageError, ReportUsageError("baseline \(missing): no such file (write it with --update-baseline)"))
        }
        let other = write("other.json", #"{"format": "agtrace-baseline"}"#)
        XCTAssertThrowsError(try FindingsGate.run(wasted, baseline: other, update: false)) {
            XCTAssertTrue(($0 as? ReportUsageError)?.message.hasPrefix("baseline \(other): not a findings baseline") == true, "\($0)")
        }
    }
}
