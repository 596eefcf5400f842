import CSQLite
import XCTest
@testable import AGTraceKit

/// `cycles` and the gate's count grow with the reports and frames they read, not with their
/// square (issue 45 item 10, issue 46 item 2). Measured in SQLite's own steps and in what is
/// stored, never in seconds: the benchmark's cycles row shows the speed.
final class CycleScalingTests: TemporaryDirectoryTestCase {
    /// `reports` reports in the shapes of the real logs: a header alone, two alternating, a
    /// stack of 4 frames cut mid-line with no closing `===`.
    static func log(reports: Int) -> String {
        var text = ""
        for i in 0..<reports {
            switch i % 3 {
            case 0:
                text += "=== AttributeGraph: cycle detected through attribute \(100 + 4 * (i % 7)) ===\n"
            case 1:
                text += "=== AttributeGraph: cycle detected through attribute 2000 ===\n=== Evaluation stack ===\n"
                for f in 0..<4 { text += "frame \(4 - f).0: attribute \(2004 + 4 * f); count=1, index=0/1 PD\n" }
                text += "frame 0.0: attribute 2000; count=1, index\n"
            default:
                text += "=== AttributeGraph: cycle detected through attribute 3000 ===\ndigraph {\n  _3000[label=\"3000: DynamicBody<ViewBodyAccessor<Row>>\"];\n}\n"
                text += "frame 1.0: attribute 3004; count=1, index=0/1 PD\nframe 0.0: attribute 3000; count=1, index=0/1 PDV\n===\n"
            }
        }
        return text
    }

    /// The VM steps of one owner's `cycles-frames` query, and its rows.
    private func frameQuerySteps(reports: Int) throws -> (steps: Int32, rows: Int) {
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(write("r\(reports).log", Self.log(reports: reports)))))
        XCTAssertEqual(item[count: "cycles"], reports)
        let owner = try XCTUnwrap(try imp.db.scalar("SELECT id FROM consoles WHERE label = 'r\(reports)'")?.intValue)
        let stmt = try ReportRegistry.query("cycles-frames").prepare(in: imp.db, [
            "kind": .text("console"), "owner": .integer(owner), "trace": .integer(owner), "snapshot": .null,
        ])
        var rows = 0
        try stmt.forEachRow { _ in rows += 1 }
        return (sqlite3_stmt_status(stmt.handle, SQLITE_STMTSTATUS_VM_STEP, 0), rows)
    }

    func testTheFramesQueryStepsGrowWithTheReportsNotTheirSquare() throws {
        let small = try frameQuerySteps(reports: 600)
        let large = try frameQuerySteps(reports: 2400)
        // Each report is a row for N and one per frame: 4 times the reports, 4 times the rows.
        XCTAssertEqual(large.rows, 4 * small.rows)
        // Linear: about 4 times the steps (a sort adds a logarithm); the quadratic plan took 16.
        XCTAssertLessThan(Double(large.steps), 5 * Double(small.steps), "steps \(small.steps) -> \(large.steps)")
    }

    func testTheGateCountsThousandsOfReportsOfOneLog() throws {
        let imp = try importer()
        _ = try XCTUnwrap(imported(try imp.importItem(write("many.log", Self.log(reports: 3000)))))
        let owner = try XCTUnwrap(try imp.db.scalar("SELECT id FROM consoles WHERE label = 'many'")?.intValue)
        let count = try CycleCounts.count(in: imp.db, kind: .console, owner: owner)
        XCTAssertEqual(count.reports, 3000)
        // Seven header-only attributes, the cut stack, the closed one: 9 chains.
        XCTAssertEqual(count.chains.count, 9)
        XCTAssertEqual(count.chains.map(\.reports).reduce(0, +), 3000)
        XCTAssertEqual(count.views, ["Row"])
    }

    /// One report of `frames` frame lines (and as many digraph labels): its loop closes at the
    /// bottom frame.
    static func longReport(frames: Int) -> String {
        var text = "=== AttributeGraph: cycle detected through attribute 4 ===\ndigraph {\n"
        for i in 0..<frames { text += "  _\(8 + 4 * i)[label=\"\(8 + 4 * i): DynamicBody<ViewBodyAccessor<Row\(i)>>\"];\n" }
        text += "}\n=== Evaluation stack ===\n"
        for i in 0..<frames { text += "frame \(frames - i).0: attribute \(8 + 4 * i); count=1, index=0/1 PD\n" }
        return text + "frame 0.0: attribute 4; count=1, index=0/1 PDV\n===\n"
    }

    func testAReportOfTwentyThousandFramesIsReadAndNamedWhole() throws {
        let frames = 20_000
        var collector = ConsoleCollector()
        let summary = try ConsoleReader(source: MemorySource(Array(Self.longReport(frames: frames).utf8))).read(into: &collector)
        XCTAssertEqual(summary.cycles, 1)
        XCTAssertEqual(collector.cycles.first?.frames.count, frames + 1)
        XCTAssertEqual(collector.cycles.first?.labels.count, frames)
        XCTAssertEqual(collector.cycles.first?.complete, true)

        let imp = try importer()
        _ = try XCTUnwrap(imported(try imp.importItem(write("long.log", Self.longReport(frames: frames)))))
        let outcome = try CycleRunner.run(CycleRequest(console: "long"), in: imp.db, log: CommandLog { _ in })
        let chain = try XCTUnwrap(outcome.chains.first)
        XCTAssertEqual(chain.loop, .closed)
        XCTAssertEqual(chain.loopStart, frames)
        let rows = outcome.rows.rows
        XCTAssertEqual(rows.count, frames + 1)
        let column = { (name: String) in CycleRows.columns.firstIndex(of: name)! }
        // The top frame read N; each other frame read the one above it; all are in the loop.
        XCTAssertEqual(rows[0][column("reads")], .integer(4))
        XCTAssertEqual(rows[frames][column("reads")], .integer(Int64(8 + 4 * (frames - 1))))
        XCTAssertEqual(rows[frames][column("in_loop")], .integer(1))
        XCTAssertEqual(rows[frames - 1][column("view")], .text("Row\(frames - 1)"))
    }

    func testFramesOfOrdinalsNotFromZeroStillReadTheFrameAbove() {
        func frame(_ ordinal: Int, _ attribute: Int64) -> CycleFrame { CycleFrame(ordinal: ordinal, attribute: attribute) }
        let report = CycleReport(id: 1, kind: .console, ownerId: 1, position: 1, attribute: 9, level: 2, form: "header", complete: true,
                                 frames: [frame(3, 10), frame(5, 9), frame(8, 11)])
        let chain = CycleChain(number: 1, reports: [report])
        XCTAssertEqual(chain.loopStart, 5)
        XCTAssertEqual(chain.frames.map { chain.reads($0) }, [9, 10, 9])
        XCTAssertEqual(chain.frames.map { chain.inLoop($0) }, [true, true, false])
        XCTAssertNil(chain.reads(frame(4, 1)), "no frame of that ordinal")
    }
}
