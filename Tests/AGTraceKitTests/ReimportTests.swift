@testable import AGTraceKit
import Foundation
import XCTest

/// Re-importing bytes already stored is answered from the file's hash, before any parsing
/// (`StoredCopy`), for every kind of input, with the same outcomes as before.
final class ReimportTests: DatabaseTestCase {
    static let inputs = ["trip-1-before.ag-json", "trip-2-after-write.ag-gzon", "transcripts/trip-frame-info.lldb.log",
                         "traces/trip-taps.ag-trace", "traces/planner-edit.ag-trace.gz"]

    /// A copy under another name, so that only the bytes can match.
    func copy(_ sample: String) throws -> String {
        let to = dir.appendingPathComponent(UUID().uuidString + "-" + URL(fileURLWithPath: sample).lastPathComponent).path
        try FileManager.default.copyItem(atPath: TestPaths.sample(sample), toPath: to)
        return to
    }

    func counts() throws -> [Int64] {
        try ["snapshots", "runs", "traces", "node_rows", "events", "trace_event_rows", "aliases"].map {
            try db.scalar("SELECT count(*) FROM \($0)")?.intValue ?? -1
        }
    }

    func testEveryKindIsKnownByItsBytesBeforeParsing() throws {
        let importer = Importer(database: db)
        var labels: [String] = []
        for sample in Self.inputs {
            guard case .imported(let item) = try importer.importItem(TestPaths.sample(sample)) else {
                return XCTFail("\(sample) imported")
            }
            labels.append(item.label)
        }
        let before = try counts()
        for (sample, label) in zip(Self.inputs, labels) {
            let path = try copy(sample)
            XCTAssertEqual(try StoredCopy.label(ofFileAt: path, in: db), label, sample)
            guard case .duplicate(_, _, let existing) = try importer.importItem(path) else {
                return XCTFail("\(sample) is a duplicate")
            }
            XCTAssertEqual(existing, label)
        }
        XCTAssertEqual(try counts(), before, "nothing stored twice")
        // An explicit label still becomes an alias.
        guard case .aliased(_, .archive, "trip-1-before", "again") = try importer.importItem(
            try copy("trip-1-before.ag-json"), options: ImportOptions(label: "again")) else { return XCTFail("aliased") }
        // --replace imports the bytes again.
        guard case .imported(let replaced) = try importer.importItem(
            TestPaths.sample("trip-1-before.ag-json"), options: ImportOptions(label: "trip-1-before", replace: true)) else {
            return XCTFail("replaced")
        }
        XCTAssertTrue(replaced.replaced)
    }

    func testRunsRecordTheirSizeAndRowsOfOlderVersionsWithoutOneAreStillFound() throws {
        let importer = Importer(database: db)
        _ = try importer.importItem(TestPaths.sample("transcripts/trip-frame-info.lldb.log"))
        let size = try XCTUnwrap(fileSize(TestPaths.sample("transcripts/trip-frame-info.lldb.log")))
        XCTAssertEqual(try db.scalar("SELECT size_bytes FROM runs")?.intValue, Int64(size))
        try db.execute("UPDATE runs SET size_bytes = NULL")
        XCTAssertEqual(try StoredCopy.label(ofFileAt: try copy("transcripts/trip-frame-info.lldb.log"), in: db), "trip-frame-info")
    }

    func testOtherBytesOfTheSameSizeAreImported() throws {
        let importer = Importer(database: db)
        _ = try importer.importItem(TestPaths.sample("trip-1-before.ag-json"))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("trip-1-before.ag-json")))
        // Same length, another byte: the first number from 1 to 8 after a key counts one more.
        let digit = try XCTUnwrap((1..<bytes.count).first { i in
            bytes[i - 1] == UInt8(ascii: ":") && (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(bytes[i])
        })
        bytes[digit] += 1
        let path = dir.appendingPathComponent("other.ag-json").path
        try bytes.write(to: URL(fileURLWithPath: path))
        XCTAssertNil(try StoredCopy.label(ofFileAt: path, in: db))
        guard case .imported = try importer.importItem(path) else { return XCTFail("imported") }
    }
}
