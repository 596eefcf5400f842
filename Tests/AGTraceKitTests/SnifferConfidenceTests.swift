import XCTest
@testable import AGTraceKit

/// Every format is asked how sure it is of a head and the surest wins (ties: the registry's
/// order), so a format that only sees a shape it shares (any XML, any protobuf records) sits
/// beside the Instruments and trace sniffers without claiming their files, and a format with a
/// signature of its own wins wherever it stands.
final class SnifferConfidenceTests: XCTestCase {
    /// Any text that starts like XML: `.likely` (the shape only).
    struct AnyXML: InputFormat {
        let facts = FormatFacts(kind: InputKind(rawValue: "any-xml"), storedKind: .probe, noun: "some XML", plural: "", signs: "", docs: "", fileExtensions: [],
                                fileOption: "--any-xml", surest: .likely)
        func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
            head.first == UInt8(ascii: "<") ? .likely : nil
        }
        func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {}
        func counts(of item: ImportedItem) -> String { "" }
    }

    /// Any bytes that start with a protobuf tag of field 1, length-delimited: `.likely`.
    struct AnyProtobuf: InputFormat {
        let facts = FormatFacts(kind: InputKind(rawValue: "any-protobuf"), storedKind: .probe, noun: "some protobuf", plural: "", signs: "", docs: "",
                                fileExtensions: [], fileOption: "--any-protobuf", surest: .likely)
        func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
            head.first == 0x0A ? .likely : nil
        }
        func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {}
        func counts(of item: ImportedItem) -> String { "" }
    }

    /// A format whose signature is in the head: `.certain`, wherever it stands.
    struct Signed: InputFormat {
        let signature: [UInt8]
        var facts: FormatFacts {
            FormatFacts(kind: InputKind(rawValue: "signed"), storedKind: .probe, noun: "a signed file", plural: "", signs: "", docs: "", fileExtensions: [], fileOption: "--signed", surest: .certain)
        }
        func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
            head.starts(with: signature) ? .certain : nil
        }
        func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {}
        func counts(of item: ImportedItem) -> String { "" }
    }

    /// Refuses every head (as the archive refuses a baseline).
    struct Refusing: InputFormat {
        let facts = FormatFacts(kind: InputKind(rawValue: "refusing"), storedKind: .probe, noun: "nothing", plural: "", signs: "", docs: "", fileExtensions: [],
                                fileOption: "--refusing")
        func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
            throw InputError(path: path, message: "recognisably something else", notAnInput: true)
        }
        func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {}
        func counts(of item: ImportedItem) -> String { "" }
    }

    func sniff(_ path: String, _ formats: [any InputFormat]) throws -> InputKind {
        try InputSniffer.sniff(PeekingSource(try FileSource(path: path)), path: path, formats: formats).kind
    }

    func sniff(bytes: [UInt8], _ formats: [any InputFormat]) throws -> InputKind {
        try InputSniffer.sniff(PeekingSource(MemorySource(bytes)), path: "memory", formats: formats).kind
    }

    func testAFormatThatSeesOnlyTheShapeDoesNotClaimTheSurerFormatsFiles() throws {
        let xctrace = TestPaths.sample("xctrace/updates-xcode26.xml"), trace = TestPaths.sample("traces/trip-taps.ag-trace")
        // Asked first, and still passed over: the Instruments and trace sniffers are surer.
        XCTAssertEqual(try sniff(xctrace, [AnyXML(), XctraceFormat()]), .xctrace)
        XCTAssertEqual(try sniff(TestPaths.sample("xctrace/updates-xcode27.xml.gz"), [AnyXML(), XctraceFormat()]), .xctrace)
        XCTAssertEqual(try sniff(trace, [AnyProtobuf(), TraceFormat()]), .trace)
        // Their own files: no other format claims them.
        XCTAssertEqual(try sniff(bytes: Array("<probe-export><value>1</value></probe-export>\n".utf8), [AnyXML(), XctraceFormat()]).rawValue,
                       "any-xml")
        // (A record the engine's tracer would not write: an event of type 0. Records it could
        // write are the trace's, unless a format with a signature of its own is surer: below.)
        XCTAssertEqual(try sniff(bytes: [0x0A, 0x02, 0x08, 0x00] + Array(repeating: 0x20, count: 8), [AnyProtobuf(), TraceFormat()]).rawValue,
                       "any-protobuf")
    }

    func testASignatureWinsWhereverItStands() throws {
        let trace = TestPaths.sample("traces/trip-taps.ag-trace")
        let head = Array(try XCTUnwrap(FileManager.default.contents(atPath: trace)).prefix(4))
        XCTAssertEqual(try sniff(trace, [TraceFormat(), Signed(signature: head)]).rawValue, "signed", "after the trace, surer than it")
        XCTAssertEqual(try sniff(trace, [TraceFormat(), Signed(signature: Array("nope".utf8))]), .trace)
        // Equally sure: the registry's order.
        XCTAssertEqual(try sniff(trace, InputFormats.all), .trace)
    }

    func testARefusalIsHeardUnlessAFormatBeforeItWasSure() throws {
        let trace = TestPaths.sample("traces/trip-taps.ag-trace")
        XCTAssertEqual(try sniff(trace, [TraceFormat(), Refusing()]), .trace)
        XCTAssertThrowsError(try sniff(trace, [Refusing(), TraceFormat()])) { error in
            XCTAssertEqual((error as? InputError)?.message, "recognisably something else")
        }
    }
}
