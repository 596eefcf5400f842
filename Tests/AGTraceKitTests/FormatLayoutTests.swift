import XCTest
@testable import AGTraceKit

/// The formats and the stored kinds are spelled out in their folders and the registry only:
/// everything else reads `InputFormat` and `StoredKind`.
final class FormatLayoutTests: XCTestCase {
    /// The library's own formats (a test may register more, such as the probe).
    static var formats: [any InputFormat] { InputFormats.all.filter { ["trace", "archive", "transcript", "console", "xctrace"].contains($0.kind.rawValue) } }

    /// The formats' folders: every folder under Importers/ but Common/.
    static func formatFolders() throws -> [String] {
        let importers = TestPaths.packageRoot.appendingPathComponent("Sources/AGTraceKit/Importers")
        return try FileManager.default.contentsOfDirectory(atPath: importers.path).filter { name in
            var isFolder: ObjCBool = false
            return name != "Common" && FileManager.default.fileExists(atPath: importers.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// Where a format or a stored kind may be named case by case: its own folder, the
    /// registry, and the schema (which creates the tables).
    static func allowed() throws -> [String] {
        try formatFolders().map { "Sources/AGTraceKit/Importers/\($0)/" }
            + ["Sources/AGTraceKit/Importers/InputFormats.swift",
               "Sources/AGTraceKit/Store/Schema.swift", "Sources/AGTraceKit/Store/ImportsMigration.swift",
               "Sources/AGTraceKit/Store/CurrentSchema.swift",
               "Sources/AGTraceKit/Store/SchemaReference.swift", "Sources/AGTraceKit/Store/SchemaDocument.swift"]
    }

    /// What a case-by-case spelling looks like, for every kind the registry holds: a switch over
    /// the input kinds, the stored kinds or the measured kinds (what the gate counts), a
    /// comparison with one, a stored kind's table by name, the nouns listed.
    static var patterns: [String] {
        let inputKinds = formats.map(\.kind.rawValue)
        let nouns = formats.map(\.storedKind.noun) + formats.compactMap { $0.measuredKind?.rawValue }
        var patterns = inputKinds.flatMap { ["case .\($0)", "InputKind.\($0)", "kind == .\($0)", "kind != .\($0)"] }
        patterns += Set(nouns).sorted().flatMap { ["case .\($0):", "case .\($0),", "kind == .\($0)", "kind != .\($0)"] }
        patterns += formats.map { "\"\($0.storedKind.table)\"" }
        patterns.append("[\"snapshot\", \"run\", \"trace\"]")
        return Array(Set(patterns)).sorted()
    }

    func testEachFormatHasItsFolder() throws {
        XCTAssertEqual(try Self.formatFolders(), ["Archive", "Console", "Instruments", "Trace", "Transcript"])
        XCTAssertEqual(Self.formats.count, try Self.formatFolders().count)
    }

    func testThePatternsCoverEveryKind() {
        let patterns = Self.patterns
        for word in ["case .archive", "case .transcript", "case .trace", "case .console", "case .xctrace",
                     "case .run:", "case .snapshot:", "case .recording:", "kind == .console", "kind != .recording",
                     "InputKind.xctrace", "\"snapshots\"", "\"runs\"", "\"traces\"", "\"consoles\""] {
            XCTAssertTrue(patterns.contains(word), word)
        }
        XCTAssertTrue(patterns.contains("\"\(StoredKind.recording.table)\""))
    }

    func testNoFileOutsideTheFormatFoldersSpellsTheKindsOut() throws {
        let root = TestPaths.packageRoot
        let sources = root.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        let allowed = try Self.allowed(), patterns = Self.patterns
        var found: [String] = []
        for file in files {
            let relative = "Sources/" + file
            guard !allowed.contains(where: { relative.hasPrefix($0) }) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for pattern in patterns where text.contains(pattern) { found.append("\(relative): \(pattern)") }
        }
        // The CI gate too: its options, what it counts and what it refuses come from each
        // format's `MeasuredKind` (RunCounting, SnapshotCounting, TraceCounting, ...).
        XCTAssertEqual(found, [])
    }

    /// The registry lists each format once, and every stored kind it makes has its own noun,
    /// table and options.
    func testTheRegistryDescribesEachKindOnce() {
        let formats = InputFormats.all
        XCTAssertEqual(Array(formats.prefix(5).map(\.kind.rawValue)), ["trace", "archive", "transcript", "console", "xctrace"])
        XCTAssertEqual(Set(formats.map(\.kind)).count, formats.count)
        let kinds = InputFormats.storedKinds
        XCTAssertEqual(Array(kinds.prefix(5).map(\.noun)), ["snapshot", "run", "trace", "console", "recording"])
        XCTAssertEqual(Set(kinds.map(\.noun)).count, kinds.count)
        XCTAssertEqual(Set(kinds.map(\.table)).count, kinds.count)
        let options = kinds.flatMap { $0.options.map(\.name) }
        XCTAssertEqual(Set(options).count, options.count)
        for format in formats { XCTAssertTrue(kinds.contains(format.storedKind), format.kind.rawValue) }
        for kind in kinds.prefix(5) { XCTAssertTrue(Self.formats.contains { $0.storedKind == kind }, kind.noun) }
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
