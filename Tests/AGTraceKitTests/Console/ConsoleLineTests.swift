import XCTest
@testable import AGTraceKit

/// What the console reader takes off a line before it reads the message: os_log's, `log
/// stream`'s, Xcode's and CI runners' prefixes, Markdown backticks; line ends.
final class ConsoleLineTests: XCTestCase {
    func message(_ line: String) -> String { String(ConsoleLine.message(Substring(line))) }

    func testPrefixesComeOff() {
        let m = "Modifying state during view update, this will cause undefined behavior."
        XCTAssertEqual(message("2022-07-27 13:12:59.104218-0500 AuthenticationExample[10764:47490343] [SwiftUI] " + m), m)
        XCTAssertEqual(message("2024-04-01 11:18:40.997781+0800 App[893:14394] [error] precondition failure: cyclic graph: 7"),
                       "precondition failure: cyclic graph: 7")
        XCTAssertEqual(message("2024-04-01 11:18:40.997781+0800 0x1a2b     Info        0x0                  893    0    MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed."),
                       "ContentView: @self changed.")
        XCTAssertEqual(message("… Info 0x0 PID 0 MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed."),
                       "… Info 0x0 PID 0 MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.",
                       "without a timestamp nothing is taken for a column")
        XCTAssertEqual(message("11:18:40.997 MyApp[893:14394] ContentView: unchanged."), "ContentView: unchanged.")
        XCTAssertEqual(message("2026-01-01T10:00:00.123Z ContentView: unchanged."), "ContentView: unchanged.")
        XCTAssertEqual(message("2026-01-01T10:00:00.123Z 2024-04-01 11:18:40.997781+0800 App[1:2] [SwiftUI] x"), "x")
        XCTAssertEqual(message("`ContentView: `@self` changed.`"), "ContentView: @self changed.")
        XCTAssertEqual(message("   frame 0.0: attribute 1; count=1, index=0/1 "), "frame 0.0: attribute 1; count=1, index=0/1 ",
                       "a frame line's trailing space (no flags) is kept")
    }

    func testAppOutputIsLeftAlone() {
        XCTAssertEqual(message("Saved [1, 2] trips"), "Saved [1, 2] trips")
        XCTAssertEqual(message("12:00 is lunch"), "12:00 is lunch")
    }

    func testCRLFLFAndACutLastLine() throws {
        let (read, summary) = try readConsole("A: @self changed.\r\nB: unchanged.\nC: _x changed.")
        XCTAssertEqual(read.bodyChanges.map(\.view), ["A", "B", "C"])
        XCTAssertEqual(read.bodyChanges.map(\.position), [1, 2, 3])
        XCTAssertEqual(summary.lines, 3)
    }
}
