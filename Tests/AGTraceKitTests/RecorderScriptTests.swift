import Foundation
import XCTest
@testable import AGTraceKit

final class RecorderScriptTests: XCTestCase {
    /// Scripts/gen-embedded-queries.sh keeps EmbeddedRecorderScript.swift in step with
    /// lldb/agtrace_lldb.py, byte for byte (what `agtrace lldb-script` writes).
    func testTheEmbeddedScriptIsTheRepositorysFileByteForByte() throws {
        let file = TestPaths.packageRoot.appendingPathComponent("lldb/agtrace_lldb.py")
        XCTAssertEqual(Array(RecorderScript.text.utf8), Array(try Data(contentsOf: file)),
                       "run Scripts/gen-embedded-queries.sh after changing lldb/agtrace_lldb.py")
    }
}
