import XCTest
@testable import AGTraceKit

/// Whitespace longer than the sniffer's head before the JSON is an archive, not a "blank file".
final class SnifferWhitespaceTests: TemporaryDirectoryTestCase {
    func testAnArchiveAfterMoreWhitespaceThanTheHeadIsImported() throws {
        let path = write("indented.ag-json", String(repeating: " ", count: InputSniffer.headSize * 3) + #"{"graphs":[]}"#)
        guard case .imported(let item) = try importer().importItem(path) else { return XCTFail("not imported") }
        XCTAssertEqual(item.kind, .archive)
        // Whitespace alone, however long, is still refused.
        let blank = write("blank.ag-json", String(repeating: " ", count: InputSniffer.headSize * 2))
        XCTAssertThrowsError(try importer().importItem(blank)) { XCTAssertTrue("\($0)".hasSuffix("no JSON value in the input (byte 131072)"), "\($0)") }
    }
}
