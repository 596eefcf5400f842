import Foundation
import XCTest
@testable import AGTraceKit

final class RecorderScriptTests: XCTestCase {
    /// The plugin EmbedText (Scripts/embed-text.sh) compiles
    /// lldb/agtrace_lldb.py into the binary, byte for byte (what `agtrace lldb-script` writes).
    func testTheEmbeddedScriptIsTheRepositorysFileByteForByte() throws {
        let file = TestPaths.packageRoot.appendingPathComponent("lldb/agtrace_lldb.py")
        XCTAssertEqual(Array(RecorderScript.text.utf8), Array(try Data(contentsOf: file)),
                       "the embedded recorder script differs from lldb/agtrace_lldb.py")
    }
}
