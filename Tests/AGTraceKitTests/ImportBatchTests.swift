import XCTest
@testable import AGTraceKit

/// `import PATH...` as the library plans and tallies it: the command only prints.
final class ImportBatchTests: TemporaryDirectoryTestCase {
    func testPathsAreWalkedAndTheLastLineSumsUp() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        let a = write("d/a.ag-json", #"{"version": 2, "graphs": []}"#)
        let b = write("d/b.txt", "notes")
        let batch = try ImportBatch(paths: [dir.appendingPathComponent("d").path], label: nil)
        XCTAssertEqual(batch.files.map(\.path), [a, b])
        XCTAssertEqual(batch.files.map(\.explicit), [false, false])
        XCTAssertNil(try ImportBatch(paths: [a], label: "x").summary, "one file: no last line")
        XCTAssertEqual(try ImportBatch(paths: [a], label: nil).files, [ImportBatch.File(path: a, explicit: true)])
    }

    /// Skip or fail, and the exit status, are the batch's to decide: a file a directory holds
    /// that is no input is skipped; a broken input, or any file named on the command line, fails.
    func testEachFileIsImportedSkippedOrFailedAndTheStatusSaysWhetherAnyFailed() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        let a = write("d/a.ag-json", #"{"version": 2, "graphs": []}"#)
        let b = write("d/b.txt", "notes")
        let c = write("d/c.ag-json", #"{"version": 2, "graphs": [{"#)
        let importer = Importer(database: try BaselineFixtures.database(in: dir))
        func results(_ batch: inout ImportBatch) -> [String] {
            var said: [String] = []
            for file in batch.files {
                switch batch.run(file, importer: importer, options: ImportOptions()) {
                case .done(.imported(let item)): said.append("imported \(item.label)")
                case .done: said.append("unchanged")
                case .skipped(let reason): said.append("skipped: \(reason)")
                case .failed: said.append("failed")
                }
            }
            return said
        }
        var folder = try ImportBatch(paths: [dir.appendingPathComponent("d").path], label: nil)
        XCTAssertEqual(folder.files.map(\.path), [a, b, c])
        let said = results(&folder)
        XCTAssertEqual(said.count, 3)
        XCTAssertEqual(said[0], "imported a")
        XCTAssertTrue(said[1].hasPrefix("skipped: "), said[1])
        XCTAssertEqual(said[2], "failed")
        XCTAssertEqual(folder.summary, "imported 1, skipped 1, failed 1")
        XCTAssertEqual(folder.exitStatus, 1)

        // Named on the command line: the same bytes again are unchanged, and a file that is no
        // input fails instead of being skipped.
        var named = try ImportBatch(paths: [a, b], label: nil)
        XCTAssertEqual(results(&named), ["unchanged", "failed"])
        XCTAssertEqual(named.summary, "imported 0, skipped 0, failed 1, unchanged 1")
        XCTAssertEqual(named.exitStatus, 1)

        try FileManager.default.createDirectory(at: dir.appendingPathComponent("e"), withIntermediateDirectories: true)
        _ = write("e/README.md", "notes")
        var skipsOnly = try ImportBatch(paths: [dir.appendingPathComponent("e").path], label: nil)
        XCTAssertEqual(results(&skipsOnly).map { $0.hasPrefix("skipped: ") }, [true])
        XCTAssertEqual(skipsOnly.exitStatus, 0, "a skip is no failure")
        var fine = try ImportBatch(paths: [a], label: nil)
        XCTAssertEqual(results(&fine), ["unchanged"])
        XCTAssertEqual(fine.exitStatus, 0, "nothing failed")
    }

    func testUsageProblemsAreRefusedBeforeAnything() {
        XCTAssertThrowsError(try ImportBatch(paths: [], label: nil)) { XCTAssertTrue($0 is ImportUsageError) }
        XCTAssertThrowsError(try ImportBatch(paths: ["-", "-"], label: nil)) {
            XCTAssertEqual($0 as? ImportUsageError, ImportUsageError("standard input (-) can be read only once"))
        }
        XCTAssertThrowsError(try ImportBatch(paths: ["-"], label: "-x")) { XCTAssertTrue($0 is ImportUsageError) }
        let a = write("a.ag-json", "{}"), b = write("b.ag-json", "{}")
        XCTAssertThrowsError(try ImportBatch(paths: [a, b], label: "x")) {
            XCTAssertEqual($0 as? ImportUsageError, ImportUsageError("--label names one import, but the paths hold 2 files"))
        }
    }
}
