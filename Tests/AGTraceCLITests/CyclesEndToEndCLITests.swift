import Foundation
import XCTest

/// `agtrace import` of console logs, then `agtrace cycles`: the sample pair of
/// SampleArchives/cycles/ and the real excerpts of ../shared/real-console (skipped when absent).
/// Needs the console importer (Importers/Console/).
final class CyclesEndToEndCLITests: XCTestCase {
    private var dir: URL!
    private var db: String { dir.appendingPathComponent("t.db").path }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-cycles-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func rows(_ args: [String]) throws -> (rows: [[String: Any]], stderr: String) {
        let r = try CLI.run(["cycles", "--db", db, "--format", "json"] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        return (try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]), r.stderr)
    }

    func testTheSamplePairNamesEveryFramesViewAndTheOtherMomentIsFlagged() throws {
        let imported = try CLI.run(["import", "--db", db, CLI.samples + "/cycles"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let atCycle = try rows(["--console", "sheet-height", "--snapshot", "sheet-height-at-cycle"])
        XCTAssertEqual(atCycle.rows.map { $0["view"] as? String }, [
            "HeightBadge", "SheetContent", "GeometryReader<SizeReader.Content>", "SizeReader", "SheetContent",
            "CounterField", "CounterLabel", "SheetContent",
        ])
        XCTAssertEqual(atCycle.rows.map { $0["reports"] as? Int }, [2, 2, 2, 2, 2, 1, 1, 1])
        XCTAssertEqual(atCycle.rows.map { $0["position"] as? Int }, [3, 3, 3, 3, 3, 19, 19, 19])
        XCTAssertEqual(atCycle.rows.map { $0["flags"] as? String }, ["PD", "PD", "PD", "PDV", "DV", "PD", "PDV", "DV"])
        XCTAssertEqual(atCycle.rows.map { $0["edge"] as? Int }, [1, 1, 1, 1, 1, 1, 1, 1])
        XCTAssertFalse(atCycle.stderr.contains("warning"), atCycle.stderr)
        let alone = try rows(["--console", "sheet-height"])
        XCTAssertEqual(alone.rows[5]["named_by"] as? String, "digraph")
        XCTAssertEqual(alone.rows[5]["rule"] as? String, "DynamicBody<ViewBodyAccessor<CounterFiel…")
        XCTAssertTrue(alone.rows[0]["view"] is NSNull, "a level-2 report names nothing by itself")
        let later = try rows(["--console", "sheet-height", "--snapshot", "sheet-height-later"])
        XCTAssertEqual(later.rows[0]["snapshot_names"] as? String, "names 3 of 5")
        XCTAssertTrue(later.stderr.contains("warning: snapshot 'sheet-height-later' names 3 of 5 frames of chain 1"), later.stderr)
        XCTAssertTrue(later.stderr.contains("(attribute 2344): snapshot 'sheet-height-later' names it DynamicBody<ViewBodyAccessor<SettingsRow>>"), later.stderr)
    }

    func testTheRealConsoleExcerptsAsTheirReadmeCountsThem() throws {
        let folder = CLI.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/real-console")
        let files = ["sheet-effect.log", "toolbar-button.log", "html-attributed-string.log"].map { folder.appendingPathComponent($0).path }
        guard files.allSatisfy(FileManager.default.fileExists(atPath:)) else { throw XCTSkip("../shared/real-console is not here") }
        let imported = try CLI.run(["import", "--db", db] + files)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let all = try rows([]).rows
        func chain(_ through: Int) -> [[String: Any]] { all.filter { $0["through"] as? Int == through } }
        // sheet-effect: 22 whole frames 23.0 … 2.0 (count=1, PD), frame 1.0 cut; no frame is 278848.
        let sheet = chain(278848)
        XCTAssertGreaterThanOrEqual(sheet.count, 22)
        XCTAssertEqual(sheet.first?["frame"] as? String, "23.0")
        XCTAssertEqual(sheet.filter { $0["flags"] as? String == "PD" }.count, 22)
        XCTAssertEqual(Set(sheet.compactMap { $0["loop"] as? String }), ["open"])
        XCTAssertEqual(Set(sheet.compactMap { $0["complete"] as? Int }), [0])
        XCTAssertTrue(sheet.allSatisfy { $0["in_loop"] is NSNull }, "open: no loop made up")
        XCTAssertTrue(sheet.allSatisfy { $0["view"] is NSNull }, "nothing names them")
        // toolbar-button: 10 headers, 103752 six times, 104216 four times.
        XCTAssertEqual(chain(103752).map { $0["reports"] as? Int }, [6])
        XCTAssertEqual(chain(104216).map { $0["reports"] as? Int }, [4])
        XCTAssertEqual(chain(103752).first?["loop"] as? String, "no frames")
        // html-attributed-string: 33496 twice, 32904 once.
        XCTAssertEqual(chain(33496).map { $0["reports"] as? Int }, [2])
        XCTAssertEqual(chain(32904).map { $0["reports"] as? Int }, [1])
    }
}
