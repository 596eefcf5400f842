import XCTest
@testable import AGTraceKit

/// `import PATH...` as the library plans and tallies it: the command only prints.
final class ImportBatchTests: TemporaryDirectoryTestCase {
    func testPathsAreWalkedAndTheLastLineSumsUp() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        let a = write("d/a.ag-json", #"{"version": 2, "graphs": []}"#)
        let b = write("d/b.txt", "notes")
        var batch = try ImportBatch(paths: [dir.appendingPathComponent("d").path], label: nil)
        XCTAssertEqual(batch.files.map(\.path), [a, b])
        XCTAssertEqual(batch.files.map(\.explicit), [false, false])
        batch.count(.imported(ImportedItem(path: a, label: "a", kind: .archive, compressed: false, sha256: "")))
        batch.countSkipped()
        XCTAssertEqual(batch.summary, "imported 1, skipped 1, failed 0")
        batch.count(.duplicate(path: a, kind: .archive, existingLabel: "a"))
        batch.countFailed()
        XCTAssertEqual(batch.summary, "imported 1, skipped 1, failed 1, unchanged 1")
        XCTAssertNil(try ImportBatch(paths: [a], label: "x").summary, "one file: no last line")
        XCTAssertEqual(try ImportBatch(paths: [a], label: nil).files, [ImportBatch.File(path: a, explicit: true)])
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
