import Foundation
import XCTest

/// `agtrace export perfetto|html` as a user runs them: exit statuses, --output, warnings.
final class ExportCLITests: CLITestCase {
    var env: [String: String] = [:]

    override func setUpWithError() throws {
        try super.setUpWithError()
        env = ["AGTRACE_DB": db]
        XCTAssertEqual(try CLI.run(["import", CLI.samples], environment: env).status, 0)
    }

    func testUsageErrorsExitTwo() throws {
        for args in [["export"], ["export", "svg"], ["export", "perfetto"], ["export", "perfetto", "--run", "trip-frame-info", "--trace", "trip-taps"],
                     ["export", "perfetto", "--trace", "trip-taps", "--snapshot", "trip-1-before"], ["export", "html"],
                     ["export", "html", "--compare", "trip-1-before"], ["export", "perfetto", "--run", "trip-frame-info", "--focus", "3152"],
                     ["export", "dot", "--snapshot", "trip-1-before", "--run", "trip-frame-info"]] {
            let r = try CLI.run(args, environment: env)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("Usage:"), r.stderr)
        }
    }

    func testUnknownLabelsExitOneAndWriteNothing() throws {
        let out = dir.appendingPathComponent("x.html").path
        for args in [["export", "perfetto", "--run", "nope"], ["export", "html", "--snapshot", "nope", "-o", out],
                     ["export", "html", "--trace", "trip-1-before", "-o", out], ["export", "html", "--compare", "trip-1-before", "nope", "-o", out]] {
            let r = try CLI.run(args, environment: env)
            XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("'nope'") || r.stderr.contains("'trip-1-before'"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testOutputsToStdoutAndFiles() throws {
        let timeline = try CLI.run(["export", "perfetto", "--run", "trip-frame-info", "--snapshot", "trip-1-before", "-o", "-"], environment: env)
        XCTAssertEqual(timeline.status, 0, timeline.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(timeline.stdout.utf8)) as? [String: Any]
        XCTAssertEqual((json?["traceEvents"] as? [Any])?.isEmpty, false)
        XCTAssertEqual(timeline.stderr, "")
        let trace = try CLI.run(["export", "perfetto", "--trace", "trip-taps"], environment: env)
        XCTAssertEqual(trace.status, 0, trace.stderr)
        XCTAssertTrue(trace.stdout.hasPrefix("{\"traceEvents\": ["))
        let page = dir.appendingPathComponent("p.html")
        let html = try CLI.run(["export", "html", "--snapshot", "trip-1-before", "--run", "trip-frame-info", "--output", page.path], environment: env)
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertEqual(html.stdout, "")
        XCTAssertTrue(try String(contentsOf: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    /// A run named through a snapshot of another process: refused when none of its attributes
    /// are there, a warning (stderr and page) when some are missing.
    func testRunAndUnrelatedSnapshot() throws {
        let none = try CLI.run(["export", "perfetto", "--run", "trip-frame-info", "--snapshot", "planner-profiled"], environment: env)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("not a dump of the same process"), none.stderr)
        let page = try CLI.run(["export", "html", "--run", "trip-frame-info", "--snapshot", "planner-profiled"], environment: env)
        XCTAssertEqual(page.status, 1, page.stderr)
    }
}
