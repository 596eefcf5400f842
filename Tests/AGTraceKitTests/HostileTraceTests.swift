import XCTest
@testable import AGTraceKit

/// Traces made to cost memory or to start unlike any trace seen so far: bounds by meaning
/// (open evaluations), offsets for early corruption, a newer engine's leading field.
final class HostileTraceTests: TemporaryDirectoryTestCase {
    static func varint(_ v: UInt64) -> [UInt8] {
        var v = v, out: [UInt8] = []
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        return out + [UInt8(v)]
    }

    /// One event record (top-level field 1): type, and p1 when given.
    static func event(_ type: UInt64, _ p1: UInt64? = nil) -> [UInt8] {
        var body = [0x08] + varint(type)
        if let p1 { body += [0x18] + varint(p1) }
        return [0x0A] + varint(UInt64(body.count)) + body
    }

    func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = dir.appendingPathComponent(name).path
        FileManager.default.createTestFile(atPath: path, contents: Data(bytes))
        return path
    }

    func testEvaluationsOpenBeyondAnyEngineDepthAreAnErrorWithTheOffset() throws {
        var bytes = Self.event(1)
        var offsets: [Int] = []
        for i in 0..<(TraceTimeline.maxOpenEvaluations + 5) {
            offsets.append(bytes.count)
            bytes += Self.event(UInt64(TraceEventTypes.beginValueUpdate), UInt64(i + 1))
        }
        let path = write(bytes, "deep.ag-trace")
        let imp = try importer()
        XCTAssertThrowsError(try imp.importItem(path)) { error in
            guard let e = error as? TraceFormatError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.offset, offsets[TraceTimeline.maxOpenEvaluations], "the BeginValueUpdate one past the limit")
            XCTAssertTrue(e.message.contains("more than 10000 rule evaluations open at once"), e.message)
        }
        XCTAssertEqual(try imp.db.scalar("SELECT count(*) FROM traces")?.intValue, 0, "nothing stored")
        // At the limit, and ended, it imports.
        var fine = Self.event(1)
        for i in 0..<TraceTimeline.maxOpenEvaluations { fine += Self.event(UInt64(TraceEventTypes.beginValueUpdate), UInt64(i + 1)) }
        for i in (0..<TraceTimeline.maxOpenEvaluations).reversed() { fine += Self.event(UInt64(TraceEventTypes.endValueUpdate), UInt64(i + 1)) }
        guard case .imported(let item) = try imp.importItem(write(fine, "fine.ag-trace")) else { return XCTFail("not imported") }
        XCTAssertEqual(item.updates, TraceTimeline.maxOpenEvaluations)
    }

    func testCorruptionRightAfterTheFirstRecordGetsItsByteOffset() throws {
        let first = Self.event(32, 6)
        // A record whose tag has wire type 7: the wire format has none.
        let bytes = first + [0x0F, 0x00, 0x00] + Self.event(1)
        let imp = try importer()
        XCTAssertThrowsError(try imp.importItem(write(bytes, "early.ag-trace"))) { error in
            guard let e = error as? TraceFormatError else { return XCTFail("not a trace error with an offset: \(error)") }
            XCTAssertEqual(e.offset, first.count)
        }
        // Text that merely starts with a newline is still not a trace.
        XCTAssertFalse(TraceReader.looksLikeTrace(Array("\n\nhello world, not a trace".utf8)))
    }

    func testATextLongerThanAnyNameOrMessageIsRefusedWithItsOffset() throws {
        // A LogMessage-like event (type 3) whose text (field 9) is 5 MiB.
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: 5 << 20)
        let body: [UInt8] = [0x08, 0x03, 0x4A] + Self.varint(UInt64(text.count)) + text
        let first = Self.event(32, 6)
        let bytes = first + [0x0A] + Self.varint(UInt64(body.count)) + body
        let imp = try importer()
        XCTAssertThrowsError(try imp.importItem(write(bytes, "long-text.ag-trace"))) { error in
            guard let e = error as? TraceFormatError else { return XCTFail("\(error)") }
            XCTAssertTrue(e.message.contains("longer than 4 MiB"), e.message)
            XCTAssertGreaterThan(e.offset, first.count)
        }
    }

    func testATraceThatStartsWithAFieldOfANewerEngineIsReadSkippingIt() throws {
        let trip = Array(FileManager.default.contents(atPath: TraceImportTests.trip)!)
        // Field 20, length-delimited, then field 21, a varint: unknown to this reader.
        let newer: [UInt8] = [0xA2, 0x01, 0x03, 0x01, 0x02, 0x03, 0xA8, 0x01, 0x2A]
        let imp = try importer()
        guard case .imported(let item) = try imp.importItem(write(newer + trip, "newer.ag-trace")) else { return XCTFail("not imported") }
        XCTAssertEqual(item.kind, .trace)
        XCTAssertEqual([item.events, item.updates, item.writes], [65, 9, 2], "as the sample without the field")
    }
}
