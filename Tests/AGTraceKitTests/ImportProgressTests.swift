import XCTest
@testable import AGTraceKit

/// Long imports say how far they got and about how long is left, even when the input makes no
/// records for a long while (megabytes of whitespace).
final class ImportProgressTests: TemporaryDirectoryTestCase {
    func testInputThatMakesNoRecordsStillReportsProgress() throws {
        let path = write("spaces.ag-json", "{\"graphs\":[" + String(repeating: " ", count: 4_000_000) + "]}")
        var seen: [ImportProgress] = []
        let options = ImportOptions(progress: { seen.append($0) })
        _ = try importer().importFile(path, options: options)
        XCTAssertGreaterThanOrEqual(seen.count, 2, "reported as the bytes are read, not only every few batches of records")
        XCTAssertEqual(seen.map(\.bytesRead), seen.map(\.bytesRead).sorted())
        XCTAssertEqual(seen.last?.totalBytes, 4_000_013)
        XCTAssertTrue(seen.allSatisfy { $0.seconds >= 0 })
    }

    func testTheLineGivesAnEstimateOnceASecondHasPassed() {
        XCTAssertEqual(ImportProgress(path: "x", bytesRead: 1_000_000, totalBytes: 4_000_000, seconds: 2).line,
                       "importing x: 25% (1.0 MB of 4.0 MB), about 6 s left")
        XCTAssertEqual(ImportProgress(path: "x", bytesRead: 1_000_000, totalBytes: 4_000_000, seconds: 0.5).line,
                       "importing x: 25% (1.0 MB of 4.0 MB)")
        XCTAssertEqual(ImportProgress(path: "x", bytesRead: 100_000, totalBytes: 10_000_000, seconds: 10).line,
                       "importing x: 1% (0.1 MB of 10.0 MB), about 16 min left")
        XCTAssertEqual(ImportProgress(path: "-", bytesRead: 2_500_000, totalBytes: nil, seconds: 3).line, "importing -: 2.5 MB")
    }
}
