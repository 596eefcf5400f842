import Foundation
import XCTest
@testable import AGTraceKit

/// `export html` within bounds whatever the input: Graphviz has a time limit, and the page's
/// size cut applies to the pictures too.
final class HTMLBoundsTests: TemporaryDirectoryTestCase {
    func testPicturesPastTheBudgetAreANote() {
        let big = "<svg>" + String(repeating: "x", count: 1_000_000) + "</svg>"
        let kept = HTMLReport.withinBudget(Array(repeating: big, count: 5), bytes: 3_000_000)
        XCTAssertEqual(kept.prefix(2), [big, big])
        XCTAssertTrue(kept[2...].allSatisfy { $0.contains("Picture left out") }, "the third would pass 3 MB, and the cut is one place")
        XCTAssertLessThan(kept.reduce(0) { $0 + $1.utf8.count }, 3_000_000)
    }

    func testAGraphvizPastItsTimeLimitIsStoppedAndThePageHasNoPictures() throws {
        // A "dot" that never ends.
        let fake = dir.appendingPathComponent("dot").path
        FileManager.default.createTestFile(atPath: fake, contents: Data("#!/bin/sh\nexec sleep 600\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let graphviz = Graphviz(executable: fake, timeLimit: 1)
        XCTAssertThrowsError(try graphviz.svg(["digraph { a -> b }"])) { error in
            XCTAssertTrue(error is Graphviz.TimedOut, "\(error)")
        }
        let f = try ReportFixture()
        var options = HTMLReport.Options(generator: "agtrace test", madeAt: "2026-01-01T00:00:00Z", graphviz: graphviz)
        options.pictureAllNodes = 300
        let sink = StringSink()
        let warnings = try HTMLReport.write(HTMLReport.Inputs(["snapshot": "trip-3-after-invalidate"]), options: options, in: f.db, to: sink)
        XCTAssertTrue(warnings.contains { $0.contains("Graphviz took more than 1 s") }, "\(warnings)")
        XCTAssertTrue(sink.text.contains("No picture: Graphviz took more than 1 s"))
        XCTAssertFalse(sink.text.contains("<div class=\"picture\"><svg"))
    }

    func testGraphvizRunsUnderACPULimitThatOutlivesAgtrace() throws {
        // A "dot" that spins: started as `svg` starts dot, with a 1 s CPU limit, it is stopped by
        // the kernel (SIGXCPU, or SIGKILL at the hard limit) with no one watching it, as when
        // agtrace was killed with SIGKILL on a system without a death signal (macOS).
        let fake = dir.appendingPathComponent("dot").path
        FileManager.default.createTestFile(atPath: fake, contents: Data("#!/bin/sh\nwhile :; do :; done\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let launch = Graphviz.launch(fake, arguments: ["-Tsvg"], cpuSeconds: 1, deathSignal: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launch.executable)
        process.arguments = launch.arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertTrue([SIGXCPU, SIGKILL].contains(process.terminationStatus), "ended by signal \(process.terminationStatus)")
        // Names with spaces, quotes and $ reach the executable as they are: never shell text.
        let echo = Graphviz.launch("/bin/echo", arguments: ["a b", "$HOME", "'q'"], cpuSeconds: 5, deathSignal: nil)
        let out = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: echo.executable)
        p.arguments = echo.arguments
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "a b $HOME 'q'\n")
    }
}
