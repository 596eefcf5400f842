import XCTest
@testable import AGTraceKit

/// A console line keeps its meaning under any decoration a terminal or CI runner puts before it
/// (colours, stream names, tags, other tools' timestamps), alone or several at once.
final class ConsoleDecorationTests: XCTestCase {
    static let decorations = [
        "\u{1B}[31m", "\u{1B}[0;36m[info]\u{1B}[0m ", "[Simulator] ", "stderr | ", "web_1  | ", "(stdout) ",
        "2026-01-01T10:00:00.123Z ", "2026-01-01T10:00:00.123+02:00 ", "2026-01-01T10:00:00 ", "2026-01-01 10:00:00,123 ",
        "[12:34:56]: ", "12:34:56.789 ", "\u{1B}]0;title\u{07}",
        "2024-04-01 11:18:40.997781+0800 App[893:14394] [SwiftUI] ",
    ]

    /// One line of each shape, then what the reader makes of the log: (cycles, body runs, warnings, end).
    static let shapes: [(line: String, cycles: Int, bodyRuns: Int, warnings: Int, crashed: Bool)] = [
        ("=== AttributeGraph: cycle detected through attribute 42 ===", 1, 0, 0, false),
        ("ContentView: @self, _counter changed.", 0, 1, 0, false),
        ("Sheet: unchanged.", 0, 1, 0, false),
        ("Modifying state during view update, this will cause undefined behavior.", 0, 0, 1, false),
        ("Publishing changes from within view updates is not allowed, this will cause undefined behavior.", 0, 0, 1, false),
        ("Thread 1: Fatal error: Unexpectedly found nil while unwrapping an Optional value", 0, 0, 0, true),
        ("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'x'", 0, 0, 0, true),
        ("Segmentation fault (core dumped)", 0, 0, 0, true),
    ]

    func read(_ line: String) throws -> (Int, Int, Int, Bool) {
        let (sink, summary) = try readConsole(line + "\n")
        let crashed: Bool
        if case .crashed = summary.end { crashed = true } else { crashed = false }
        return (sink.cycles.count, sink.bodyChanges.count, sink.warnings.count, crashed)
    }

    func testEveryShapeUnderEveryDecoration() throws {
        for shape in Self.shapes {
            for decoration in Self.decorations {
                let got = try read(decoration + shape.line + "\u{1B}[0m")
                XCTAssertTrue(got == (shape.cycles, shape.bodyRuns, shape.warnings, shape.crashed), "\(decoration.debugDescription)\(shape.line): \(got)")
            }
        }
    }

    func testEveryShapeUnderRandomStacksOfDecorations() throws {
        var random = SeededRandom(seed: 45)
        for trial in 0..<400 {
            let shape = Self.shapes[Int(random.next() % UInt64(Self.shapes.count))]
            let n = 1 + Int(random.next() % 3)
            let prefix = (0..<n).map { _ in Self.decorations[Int(random.next() % UInt64(Self.decorations.count))] }.joined()
            let got = try read(prefix + shape.line)
            XCTAssertTrue(got == (shape.cycles, shape.bodyRuns, shape.warnings, shape.crashed), "trial \(trial): \(prefix.debugDescription)\(shape.line): \(got)")
        }
    }

    func testTheMessageUnderTheDecorations() {
        XCTAssertEqual(String(ConsoleLine.message("\u{1B}[31m=== AttributeGraph: cycle detected through attribute 42 ===\u{1B}[0m")),
                       "=== AttributeGraph: cycle detected through attribute 42 ===")
        XCTAssertEqual(String(ConsoleLine.message("stderr | [Simulator] V: @self changed.")), "V: @self changed.")
        // A line that only looks decorated keeps its text: no bar after the first word, a bracket with no blank after it.
        XCTAssertEqual(String(ConsoleLine.message("ContentView: @self changed.")), "ContentView: @self changed.")
        XCTAssertEqual(String(ConsoleLine.message("[x]y")), "[x]y")
    }
}
