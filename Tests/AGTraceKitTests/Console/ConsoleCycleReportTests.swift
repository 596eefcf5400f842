import XCTest
@testable import AGTraceKit

/// AttributeGraph's cycle reports in a console (../shared/formats/ag-cycles.md): the header at
/// every level, frames, the digraph's labels, cut reports, and the traps and os_log lines that
/// report the same cycle (one report, not two).
final class ConsoleCycleReportTests: XCTestCase {
    let header = "=== AttributeGraph: cycle detected through attribute 278848 ==="

    func testLevelOneTwoAndThree() throws {
        let (read, summary) = try readConsole("""
            \(header)
            other output
            === AttributeGraph: cycle detected through attribute 10 ===
            frame 1.0: attribute 11; count=1, index=0/2 PD
            frame 0.0: attribute 10; count=2, index=1/3 PDV
            ===
            === AttributeGraph: cycle detected through attribute 20 ===
            digraph {
              _20[label="20: DynamicBody<ViewBodyAccessor<Sheet>>" fillcolor="#ff0"];
              _21[label="21: say \\"hi\\"" style=dashed];
              _20 -> _21[color=red];
            }
            === Evaluation stack ===
            frame 0.1: attribute 20; count=1, index=0/1 PD
            frame 0.0: attribute 21; count=1, index=0/1\u{20}
            ===

            """)
        XCTAssertEqual(summary.notes, [])
        XCTAssertEqual(read.cycles.map(\.position), [1, 3, 7])
        XCTAssertEqual(read.cycles.map(\.attribute), [278848, 10, 20])
        XCTAssertEqual(read.cycles.map(\.level), [1, 2, 3])
        XCTAssertEqual(read.cycles.map(\.form), ["header", "header", "header"])
        XCTAssertEqual(read.cycles.map(\.complete), [true, true, true])
        XCTAssertEqual(read.cycles[1].frames, [
            ConsoleFrame(stackIndex: 1, frameIndex: 0, attribute: 11, count: 1, inputIndex: 0, inputCount: 2, flags: "PD"),
            ConsoleFrame(stackIndex: 0, frameIndex: 0, attribute: 10, count: 2, inputIndex: 1, inputCount: 3, flags: "PDV"),
        ])
        XCTAssertEqual(read.cycles[2].frames.map(\.flags), ["PD", ""], "a line ending in a space has no flags")
        XCTAssertEqual(read.cycles[2].frames.map(\.frameIndex), [1, 0])
        XCTAssertEqual(read.cycles[2].labels, [ConsoleLabel(attribute: 20, label: "DynamicBody<ViewBodyAccessor<Sheet>>"),
                                               ConsoleLabel(attribute: 21, label: "say \"hi\"")])
    }

    func testAFrameLineWhoseSpaceWasTrimmedHasUnknownFlags() throws {
        let (read, _) = try readConsole("\(header)\nframe 0.0: attribute 1; count=1, index=0/1\n===\n")
        XCTAssertEqual(read.cycles[0].frames[0].flags, nil)
        XCTAssertTrue(read.cycles[0].complete)
    }

    func testACutFrameLineKeepsWhatItHolds() throws {
        let (read, summary) = try readConsole("\(header)\n\n=== Evaluation stack ===\nframe 2.0: attribute 5; count=1, index=0/1 PD\nframe 1.0: attribute 280896; count=1, index\n")
        XCTAssertEqual(read.cycles.count, 1)
        let cycle = read.cycles[0]
        XCTAssertFalse(cycle.complete)
        XCTAssertEqual(cycle.frames.last, ConsoleFrame(stackIndex: 1, frameIndex: 0, attribute: 280896, count: 1, cut: true))
        XCTAssertEqual(summary.notes.map(\.code), ["cycle-report-cut"])
        XCTAssertEqual(summary.notes[0].position, 5)
        XCTAssertTrue(summary.notes[0].message.contains("frame line 5 is cut mid-way"), summary.notes[0].message)
        XCTAssertTrue(summary.notes[0].message.contains("closing `===` never came"), summary.notes[0].message)
        for cut in ["frame 3.", "frame 3.0", "frame 3.0: attr", "frame 3.0: attribute 9; co", "frame 3.0: attribute 9; count=1, index=0/"] {
            let (r, s) = try readConsole("\(header)\n\(cut)\n")
            XCTAssertEqual(r.cycles.first?.complete, false, cut)
            XCTAssertEqual(r.cycles.first?.frames.first?.cut, true, cut)
            XCTAssertEqual(s.notes.count, 1, cut)
        }
    }

    func testAReportWithNoClosingLineIsIncomplete() throws {
        let (read, summary) = try readConsole("\(header)\nframe 0.0: attribute 1; count=1, index=0/1 PD\nTapped\n")
        XCTAssertEqual(read.cycles.map(\.complete), [false])
        XCTAssertEqual(summary.notes.count, 1)
        XCTAssertFalse(summary.notes[0].message.contains("cut mid-way"))
    }

    func testATrapAfterItsHeaderIsTheSameCycle() throws {
        let (read, _) = try readConsole("""
            \(header)
            frame 0.0: attribute 278848; count=1, index=0/1 PD
            ===
            2024-04-01 11:18:40.997781+0800 App[893:14394] [error] precondition failure: cyclic graph: 278848
            AttributeGraph precondition failure: cyclic graph: 278848.

            """)
        XCTAssertEqual(read.cycles.count, 1)
        XCTAssertEqual(read.cycles[0].form, "header")
        XCTAssertEqual(read.warnings.map(\.code), ["cycle-trap", "cycle-trap"])
        XCTAssertEqual(read.warnings.map(\.position), [4, 5])
        XCTAssertEqual(read.warnings.map(\.subject), ["278848", "278848"])
        XCTAssertEqual(read.warnings[0].message, "precondition failure: cyclic graph: 278848")
    }

    func testAnOSLogLineBeforeItsHeaderIsTheSameCycle() throws {
        let (read, _) = try readConsole("Cycle detected through attribute: 7\n=== AttributeGraph: cycle detected through attribute 7 ===\n")
        XCTAssertEqual(read.cycles.map(\.form), ["header"])
        XCTAssertEqual(read.cycles.map(\.position), [2])
        XCTAssertEqual(read.warnings.map(\.code), ["cycle-trap"])
    }

    func testTrapsAndOSLogLinesWithNoHeaderAreReportsOfTheirOwn() throws {
        let (read, _) = try readConsole("""
            precondition failure: cyclic graph: 9
            AttributeGraph precondition failure: cyclic graph: 9.
            Cycle detected through attribute: 12
            === AttributeGraph: cycle detected through attribute 13 ===
            AttributeGraph precondition failure: cyclic graph: 14.

            """)
        XCTAssertEqual(read.cycles.map(\.form), ["trap", "os_log", "header", "trap"])
        XCTAssertEqual(read.cycles.map(\.attribute), [9, 12, 13, 14])
        XCTAssertEqual(read.cycles.map(\.position), [1, 3, 4, 5])
        XCTAssertEqual(read.cycles.map(\.level), [1, 1, 1, 1])
        XCTAssertEqual(read.warnings.map(\.position), [2], "the second spelling of trap 9")
    }

    func testRepeatedHeadersAreEachAReportAndEachTakesItsOwnOSLogLine() throws {
        let (read, _) = try readConsole("""
            === AttributeGraph: cycle detected through attribute 5 ===
            Cycle detected through attribute: 5
            === AttributeGraph: cycle detected through attribute 5 ===
            Cycle detected through attribute: 5
            Cycle detected through attribute: 5

            """)
        XCTAssertEqual(read.cycles.map(\.form), ["header", "header", "os_log"])
        XCTAssertEqual(read.warnings.map(\.position), [2, 4])
    }

    func testBodyChangeLinesBetweenAHeaderAndItsTrapDoNotPartThem() throws {
        let (read, _) = try readConsole("\(header)\nV: @self changed.\nprecondition failure: cyclic graph: 278848\n")
        XCTAssertEqual(read.cycles.count, 1)
        XCTAssertEqual(read.bodyChanges.count, 1)
        XCTAssertEqual(read.warnings.map(\.code), ["cycle-trap"])
    }

    func testFrameLinesOutsideAReportAreNotedNotStored() throws {
        let (read, summary) = try readConsole("frame 1.0: attribute 2; count=1, index=0/1 PD\nframe 0.0: attribute 3; count=1, index=0/1 PD\n")
        XCTAssertEqual(read.cycles, [])
        XCTAssertEqual(summary.notes.map(\.code), ["stray-frame-lines"])
        XCTAssertEqual(summary.notes[0].position, 1)
    }

    func testSwiftUIWarnings() throws {
        let (read, _) = try readConsole("""
            2022-07-27 13:12:59.104218-0500 App[1:2] [SwiftUI] Modifying state during view update, this will cause undefined behavior.
            Publishing changes from within view updates is not allowed, this will cause undefined behavior.
            Thread 1: Fatal error: attempting to create attribute with no subgraph:
            UnwrapConditional<ViewDescriptor, Optional<Text>, Text>
            SwiftUI/Graph.swift:12: Fatal error: attempting to create attribute with no subgraph: Text
            A README quoting Modifying state during view update, this will cause undefined behavior.
            | `Thread 1: Fatal error: attempting to create attribute with no subgraph:` |

            """)
        XCTAssertEqual(read.warnings.map(\.code), ["modifying-state-during-update", "publishing-during-update",
                                                   "attribute-without-subgraph", "attribute-without-subgraph"])
        XCTAssertEqual(read.warnings.map(\.position), [1, 2, 3, 5])
        XCTAssertEqual(read.warnings.map(\.subject), [nil, nil, "UnwrapConditional<ViewDescriptor, Optional<Text>, Text>", "Text"])
        XCTAssertEqual(read.warnings[0].message, "Modifying state during view update, this will cause undefined behavior.")
    }

    func testTheSnifferWantsOneConsoleLine() {
        func sniff(_ s: String) -> Bool { ConsoleReader.looksLikeConsole(Array(s.utf8), full: false) }
        XCTAssertTrue(sniff("hello\n\(header)\n"))
        XCTAssertTrue(sniff("ContentModel: unchanged.\n"))
        XCTAssertTrue(sniff("precondition failure: cyclic graph: 3\n"))
        XCTAssertTrue(sniff("2022-07-27 13:12:59.104218-0500 App[1:2] [SwiftUI] Modifying state during view update, this will cause undefined behavior.\n"))
        XCTAssertFalse(sniff("hello\n() $R6 = {}\nError: value changed.\n# Notes\n| `V: @self changed.` |\n"))
        XCTAssertFalse(sniff("===\n=== Evaluation stack ===\ndigraph {\n}\n"), "lines only a report holds say nothing alone")
        // A head that may be cut: its last line is not read.
        XCTAssertFalse(ConsoleReader.looksLikeConsole(Array("x\nV: @self changed.".utf8), full: true))
    }
}
