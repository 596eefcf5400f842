// One file, compiled into both test targets through a link in each (Tests/AGTraceKitTests and
// Tests/AGTraceCLITests): a shared test-support target would have to import XCTest from a
// plain library target, which `swift build` on macOS cannot do.
import Foundation
import XCTest

/// A test case with a fresh directory (`dir`) made before each test and removed after it.
/// Subclasses that override `setUpWithError` call `super` first.
class TemporaryDirectoryTestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        dir = makeTemporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
        try super.tearDownWithError()
    }
}

/// A fresh directory under the system temp folder, removed by the caller's teardown.
func makeTemporaryDirectory(_ name: String = "agtrace-tests") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
