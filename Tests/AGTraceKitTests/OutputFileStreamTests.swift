import XCTest
@testable import AGTraceKit

/// Exports are streamed to a temporary file and renamed into place: never held whole, never
/// seen half-written, and nothing left behind by a failure.
final class OutputFileStreamTests: TemporaryDirectoryTestCase {
    func testWritesStreamAndAppearOnlyAtCommit() throws {
        let path = dir.appendingPathComponent("out.json").path
        FileManager.default.createTestFile(atPath: path, contents: Data("old".utf8))
        let sink = try OutputFileSink(try OutputFile.open(path, what: "the export"))
        let line = String(repeating: "x", count: 999) + "\n"
        for _ in 0..<1000 { sink.write(line) }  // 1 MB through a 64 KB buffer
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("old".utf8), "the old file until the commit")
        let pending = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".out.json.agtrace-") }
        XCTAssertEqual(pending.count, 1)
        let written = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(pending[0]).path)[.size] as? Int ?? 0
        XCTAssertGreaterThan(written, 900_000, "written as it came, not held")
        try sink.commit()
        XCTAssertEqual(FileManager.default.contents(atPath: path)?.count, 1_000_000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.json"])
    }

    func testAnAbandonedExportLeavesNothing() throws {
        let path = dir.appendingPathComponent("never.json").path
        do {
            let sink = try OutputFileSink(try OutputFile.open(path, what: "the export"))
            sink.write("half")
            sink.abandon()
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        XCTAssertThrowsError(try OutputFile.open(dir.appendingPathComponent("no/such/dir.json").path, what: "the export")) { XCTAssertTrue("\($0)".contains("refusing to write the export there: the folder"), "\($0)") }
        // A body that throws leaves the target as it was.
        let kept = dir.appendingPathComponent("kept.json").path
        FileManager.default.createTestFile(atPath: kept, contents: Data("old".utf8))
        struct Stop: Error {}
        XCTAssertThrowsError(try OutputFile.open(kept, what: "the export").stream { $0.write("new"); throw Stop() }) { XCTAssertTrue($0 is Stop, "\($0)") }
        XCTAssertEqual(FileManager.default.contents(atPath: kept), Data("old".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["kept.json"])
    }
}
