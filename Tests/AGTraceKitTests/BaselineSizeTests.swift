import XCTest
@testable import AGTraceKit

/// A baseline is kilobytes: anything past `BaselineJSON.maxFileSize` is refused while it is
/// read, before it is held (an endless input stops there).
final class BaselineSizeTests: TemporaryDirectoryTestCase {
    func testAnEndlessBaselineIsRefusedWhileReading() throws {
        XCTAssertThrowsError(try Baseline.read(path: "/dev/zero")) { error in
            XCTAssertTrue("\(error)".contains("more than 8 MB: not a baseline"), "\(error)")
        }
    }

    func testABaselineFileOverTheLimitIsRefusedAndOneUnderItIsRead() throws {
        let big = dir.appendingPathComponent("big.json").path
        var text = #"{"format": "agtrace-baseline", "pad": ""#
        text += String(repeating: " ", count: BaselineJSON.maxFileSize) + "\"}"
        FileManager.default.createTestFile(atPath: big, contents: Data(text.utf8))
        XCTAssertThrowsError(try Baseline.read(path: big)) { error in
            XCTAssertTrue("\(error)".contains("more than 8 MB"), "\(error)")
        }
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: big))
        XCTAssertEqual(try BoundedRead.all(handle, limit: 1 << 30).count, text.utf8.count)
    }
}
