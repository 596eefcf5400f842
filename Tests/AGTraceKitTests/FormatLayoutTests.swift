import XCTest
@testable import AGTraceKit

/// The formats and the stored kinds are spelled out in their folders and the registry only:
/// everything else reads `InputFormat` and `StoredKind`.
final class FormatLayoutTests: XCTestCase {
    /// Where a format or a stored kind may be named case by case: its own folder, the
    /// registry, and the schema (which creates the tables).
    static let allowed = ["Sources/AGTraceKit/Importers/Archive/", "Sources/AGTraceKit/Importers/Transcript/",
                          "Sources/AGTraceKit/Importers/Trace/", "Sources/AGTraceKit/Importers/Console/", "Sources/AGTraceKit/Importers/InputFormats.swift",
                          "Sources/AGTraceKit/Store/Schema.swift", "Sources/AGTraceKit/Store/ImportsMigration.swift", "Sources/AGTraceKit/Store/CurrentSchema.swift",
                          "Sources/AGTraceKit/Store/SchemaReference.swift", "Sources/AGTraceKit/Store/SchemaDocument.swift"]
    /// What a case-by-case spelling looks like: a switch over the input kinds or the measured
    /// kinds (what the gate counts), a comparison with one, a stored kind's table by name, the
    /// three nouns listed.
    static let patterns = ["case .archive", "case .transcript", "\"snapshots\"", "\"runs\"", "\"traces\"",
                           "[\"snapshot\", \"run\", \"trace\"]", "InputKind.archive", "InputKind.transcript",
                           "case .run:", "case .snapshot:", "case .trace:", "kind == .run", "kind == .snapshot", "kind == .trace",
                           "kind != .run", "kind != .snapshot", "kind != .trace"]

    func testNoFileOutsideTheFormatFoldersSpellsTheKindsOut() throws {
        let root = TestPaths.packageRoot
        let sources = root.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        var found: [String] = []
        for file in files {
            let relative = "Sources/" + file
            guard !Self.allowed.contains(where: { relative.hasPrefix($0) }) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for pattern in Self.patterns where text.contains(pattern) { found.append("\(relative): \(pattern)") }
        }
        // The CI gate too: its options, what it counts and what it refuses come from each
        // format's `MeasuredKind` (RunCounting, SnapshotCounting, TraceCounting).
        XCTAssertEqual(found, [])
    }

    /// The registry lists each format once, and every stored kind it makes has its own noun,
    /// table and options.
    func testTheRegistryDescribesEachKindOnce() {
        let formats = InputFormats.all
        XCTAssertEqual(Array(formats.prefix(3).map(\.kind.rawValue)), ["trace", "archive", "transcript"])
        XCTAssertEqual(Set(formats.map(\.kind)).count, formats.count)
        let kinds = InputFormats.storedKinds
        XCTAssertEqual(Array(kinds.prefix(3).map(\.noun)), ["snapshot", "run", "trace"])
        XCTAssertEqual(Set(kinds.map(\.table)).count, kinds.count)
        let options = kinds.flatMap { $0.options.map(\.name) }
        XCTAssertEqual(Set(options).count, options.count)
        for format in formats { XCTAssertTrue(kinds.contains(format.storedKind), format.kind.rawValue) }
    }
}

/// The gate's kinds come from the formats: a format that declares a `MeasuredKind` is counted
/// by `baseline`/`check` with no edit to the gate (shown with a copy of the trace's kind under
/// another name and options).
final class MeasuredKindRegistryTests: XCTestCase {
    func testTheGateReadsItsKindsFromTheFormats() throws {
        XCTAssertEqual(MeasuredKind.gateOrder.map(\.rawValue), ["run", "snapshot", "trace", "console", "recording"])
        XCTAssertEqual(GateSources.options, ["transcript", "archive", "trace", "console", "xctrace", "run", "snapshot"])
        XCTAssertEqual(MeasuredKind(rawValue: "trace"), .trace)
        XCTAssertNil(MeasuredKind(rawValue: "nothing"))
        // A kind counted alone refuses company, whatever its name.
        XCTAssertThrowsError(try GateSources(values: ["trace": "t", "run": "r"])) { error in
            XCTAssertEqual((error as? CheckProblem)?.message,
                           "--trace is counted alone (its own types name its rules and views): give no --run, --snapshot, --transcript or --archive with it")
        }
        let sources = try GateSources(values: ["transcript": "a.lldb.log", "archive": "a.ag-json"])
        XCTAssertEqual(sources.kinds.map(\.rawValue), ["run", "snapshot"])
        XCTAssertEqual(sources.fileInputs.map(\.option), ["--transcript", "--archive"])
        XCTAssertEqual(sources.option(.run), "--transcript")
    }
}
