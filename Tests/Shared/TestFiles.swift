// Compiled into both test targets through a link in each (see TemporaryDirectory.swift).
import Foundation
import XCTest

extension FileManager {
    /// Creates (or empties) the file at `path` for a test, failing the test where it cannot:
    /// `createFile` reports failure only by its result, and a test whose input was never
    /// written would go on to check something else.
    func createTestFile(atPath path: String, contents: Data? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(createFile(atPath: path, contents: contents), "cannot create \(path)", file: file, line: line)
    }
}
