import Foundation
import XCTest

/// The HTML report loaded in a real browser (headless Chromium, Debian's package `chromium`):
/// pages made by the built `agtrace` from the samples and from a dump full of hostile strings.
/// After the scripts ran, the DOM holds the expected rows, names and pictures; the page's error
/// handler left no marker; nothing from the inputs ran. `.ci/run` installs chromium and
/// graphviz, so CI always runs this; elsewhere it is skipped with a message when chromium is
/// absent.
///
/// With AGTRACE_DOCS_SCREENSHOTS=DIR it also writes the screenshots docs/exports.md shows.
final class BrowserTests: XCTestCase {
    static let browser: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for dir in path.split(separator: ":") {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    var directory: URL!
    var env: [String: String] = [:]

    override func setUpWithError() throws {
        guard Self.browser != nil else {
            let message = "SKIPPED BrowserTests: no chromium on the PATH (apt-get install chromium; .ci/run installs it)"
            FileHandle.standardError.write(Data((message + "\n").utf8))
            throw XCTSkip(message)
        }
        directory = makeTemporaryDirectory()
        env = ["AGTRACE_DB": directory.appendingPathComponent("t.db").path]
        XCTAssertEqual(try CLI.run(["import", CLI.samples], environment: env).status, 0)
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Runs the browser on a file; returns its standard output (the DOM with --dump-dom).
    func browse(_ file: URL, fragment: String = "", _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.browser!)
        let profile = directory.appendingPathComponent("profile-\(UUID().uuidString)")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--user-data-dir=\(profile.path)"] + arguments + [file.absoluteString + fragment]
        let out = directory.appendingPathComponent("browser-\(UUID().uuidString).out")
        FileManager.default.createTestFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate(); XCTFail("the browser did not finish within 90 s") }
        process.waitUntilExit()
        try handle.close()
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }

    func export(_ name: String, _ args: [String]) throws -> URL {
        let file = directory.appendingPathComponent(name)
        let result = try CLI.run(["export", "html"] + args + ["-o", file.path], environment: env)
        XCTAssertEqual(result.status, 0, result.stderr)
        return file
    }

    /// The checks every page passes, on the file and on the DOM after the scripts ran.
    func assertLoads(_ file: URL, file line: StaticString = #filePath, _ l: UInt = #line) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        let stripped = text.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
            .replacingOccurrences(of: "xmlns:xlink=\"http://www.w3.org/1999/xlink\"", with: "")
        XCTAssertNil(stripped.range(of: "https?:", options: [.regularExpression, .caseInsensitive]), "a network reference", file: line, line: l)
        let dom = try browse(file, ["--dump-dom"])
        let root = dom.range(of: "<html[^>]*>", options: .regularExpression).map { String(dom[$0]) } ?? ""
        XCTAssertTrue(root.contains("data-ready=\"1\""), "the page's script did not finish: \(root)", file: line, line: l)
        XCTAssertFalse(root.contains("data-page-error"), "a script error: \(root)", file: line, line: l)
        XCTAssertFalse(dom.contains("data-pwned=\""), "input text ran as markup", file: line, line: l)
        return dom
    }

    func testSamplePagesInChromium() throws {
        let full = try export("trip.html", ["--snapshot", "trip-3-after-invalidate", "--run", "trip-frame-info",
                                            "--compare", "trip-1-before", "trip-3-after-invalidate"])
        let dom = try assertLoads(full)
        // Rows the script drew from the data: the run's top update, the finder's walk, the compare rows.
        XCTAssertTrue(dom.contains("<td class=\"num\">3152</td><td class=\"value\">Trip</td>"))
        XCTAssertTrue(dom.contains("<td class=\"value\">DynamicBody&lt;<wbr>ViewBodyAccessor&lt;<wbr>Trip&gt;&gt;</td><td class=\"num\">4</td>"))
        XCTAssertTrue(dom.contains("walk: downstream, what a write to it marks (4)"))
        XCTAssertTrue(dom.contains("<td class=\"value\">changed</td><td class=\"num\">3152</td>"))
        XCTAssertTrue(dom.contains("<svg"))
        XCTAssertTrue(dom.contains("<tbody><tr>"))
        XCTAssertTrue(dom.contains("write 1: 3032 Trip — hit 13, line 40"))

        let planner = try export("planner.html", ["--snapshot", "planner-profiled"])
        let plannerDOM = try assertLoads(planner)
        XCTAssertTrue(plannerDOM.contains("time by rule"))
        XCTAssertTrue(plannerDOM.contains("<td class=\"value\">RootDisplayList</td><td class=\"num\">4</td>"))
        // Seconds read as the reports show them, the exact value in the tooltip.
        XCTAssertTrue(plannerDOM.contains("<td class=\"value\">RootDisplayList</td><td class=\"num\">4</td><td class=\"num\" title=\"0.0002\">200 µs</td>"))

        let trace = try export("trace.html", ["--trace", "trip-taps"])
        let traceDOM = try assertLoads(trace)
        XCTAssertTrue(traceDOM.contains("<td class=\"value\">StaticBody&lt;<wbr>ViewBodyAccessor&lt;<wbr>TripView&gt;,<wbr> MainThreadFlags&gt;</td><td class=\"num\">3</td>"))
        XCTAssertTrue(traceDOM.contains("write 1: 536 _External — event 33"))

        if let dir = ProcessInfo.processInfo.environment["AGTRACE_DOCS_SCREENSHOTS"] {
            for section in ["inputs", "work", "writes", "finder-section", "compare"] {
                let png = URL(fileURLWithPath: dir).appendingPathComponent("html-\(section).png")
                _ = try browse(full, fragment: "#only-\(section)", ["--window-size=1100,900", "--screenshot=\(png.path)"])
                XCTAssertTrue(FileManager.default.fileExists(atPath: png.path))
            }
        }
    }

    /// Narrow columns keep their words whole (issue 45: "hitc h", "Pote ntiall y" in the cycles
    /// and hitches tables): a cell wraps between words, and a long identifier only after one of
    /// < . , / : ( [ →, where the script puts a <wbr> (the cell's text is unchanged). The
    /// screenshots (written to the test's folder) are what the fix was checked by.
    func testNarrowColumnsBreakBetweenWordsNeverInsideOne() throws {
        let page = try export("narrow.html", ["--trace", "sheet-cycle", "--xctrace", "feed-after"])
        let text = try String(contentsOf: page, encoding: .utf8)
        XCTAssertFalse(text.contains("overflow-wrap: anywhere"), "a cell may not shrink to a letter")
        let dom = try assertLoads(page)
        XCTAssertTrue(dom.contains("<td class=\"value\">Potentially expensive app update(s)</td>"), "words are whole")
        XCTAssertTrue(dom.contains("<td class=\"value\">DynamicContainerInfo&lt;<wbr>DynamicLayoutViewAdaptor&gt;</td>"))
        XCTAssertTrue(dom.contains("<section id=\"cycles\">"))
        XCTAssertTrue(dom.contains("<td class=\"value\">closed</td>"))
        for section in ["cycles", "xctrace"] {
            let png = directory.appendingPathComponent("narrow-\(section).png")
            _ = try browse(page, fragment: "#only-\(section)", ["--window-size=900,1400", "--screenshot=\(png.path)"])
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0, 0)
        }
    }

    /// A dump whose labels, rules, values and descriptions are markup and script: the page
    /// shows them as text and runs none of them. Its attributes are the Trip's, so it also
    /// names the trip-frame-info run's updates.
    func testHostileDumpRunsNothing() throws {
        let evil = "</script><script>document.documentElement.setAttribute('data-pwned','1')</script>"
            + "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','2')\">"
            + "<svg onload=\"document.documentElement.setAttribute('data-pwned','3')\"><!--\u{2028}\u{2029}'\"&amp;"
        func q(_ s: String) -> String {
            let data = try! JSONSerialization.data(withJSONObject: [s], options: [])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        let archive = """
        {"version": 2, "graphs": [{"id": 1, "types": [{"id": 1, "name": \(q(evil)), "value": \(q(evil))}, {"id": 2, "name": \(q("Body<" + evil + ">")), "value": "V"}],
          "nodes": [{"id": 3152, "type": 0, "flags": 1, "value": \(q(evil)), "desc": \(q(evil))}, {"id": 3216, "type": 1, "value": \(q(evil))},
                    {"id": 3256, "type": 0, "value": "v"}],
          "edges": [{"src": 0, "dst": 1, "flags": 8}, {"src": 0, "dst": 2}], "subgraphs": []}]}
        """
        let path = directory.appendingPathComponent("evil.ag-json")
        try archive.write(to: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["import", "--label", "evil" + evil, path.path], environment: env).status, 0)
        let page = try export("evil.html", ["--snapshot", "evil" + evil, "--run", "trip-frame-info", "--compare", "evil" + evil, "trip-1-before"])
        let dom = try assertLoads(page)
        XCTAssertTrue(dom.contains("&lt;img src=x onerror="), "the hostile text is shown as text")
        XCTAssertTrue(dom.contains("<svg"))
    }
}
