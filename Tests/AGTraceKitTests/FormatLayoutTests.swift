import XCTest
@testable import AGTraceKit

/// The formats and the stored kinds are spelled out in their folders and the registry only:
/// everything else reads `InputFormat` and `StoredKind`.
final class FormatLayoutTests: XCTestCase {
    /// The library's own formats (a test may register more, such as the probe).
    static var formats: [any InputFormat] { InputFormats.library }

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
               "Sources/AGTraceKit/Store/SchemaReference.swift", "Sources/AGTraceKit/Store/SchemaDocument.swift",
               // The benchmark's sweep makes each kind's inputs with that kind's generator: a new
               // kind is taught there, and until it is, the sweep's `S.cover` row fails.
               "Sources/agtrace-bench/Sweep/"]
    }

    /// The names a kind goes by, for every kind the registry holds: its input kind
    /// (`archive`), its stored kind's noun (`snapshot`) and its measured kind's.
    static var names: [String] {
        Array(Set(formats.map(\.kind.rawValue) + formats.map(\.storedKind.noun) + formats.compactMap { $0.measuredKind?.rawValue })).sorted()
    }

    /// What a case-by-case spelling looks like, for every kind the registry holds: a switch over
    /// the input kinds, the stored kinds or the measured kinds (what the gate counts), by enum
    /// case or by name, a comparison with one, a stored kind's table by name, the nouns listed,
    /// and a branch on which kind's label option was given (`values["trace"]`).
    static var patterns: [String] {
        let inputKinds = formats.map(\.kind.rawValue)
        let nouns = formats.map(\.storedKind.noun) + formats.compactMap { $0.measuredKind?.rawValue }
        var patterns = inputKinds.flatMap { ["case .\($0)", "InputKind.\($0)", "kind == .\($0)", "kind != .\($0)", "case \"\($0)\""] }
        patterns += Set(nouns).sorted().flatMap { ["case .\($0):", "case .\($0),", "kind == .\($0)", "kind != .\($0)", "case \"\($0)\""] }
        patterns += formats.map { "\"\($0.storedKind.table)\"" }
        let options = Set(formats.flatMap { $0.storedKind.options.map(\.name) }).sorted()
        patterns += options.flatMap { ["values[\"\($0)\"]", "options[\"\($0)\"]", "labels[\"\($0)\"]"] }
        patterns.append("[\"snapshot\", \"run\", \"trace\"]")
        return Array(Set(patterns)).sorted()
    }

    /// The case labels of every `switch` in `text` that name a kind (`case .trace`, `case
    /// "console"`, `case .run, .snapshot`), whatever the switch's subject is spelled.
    static func switchedKinds(in text: String) -> [String] {
        let names = Set(Self.names)
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "switch ") {
            guard let open = rest[start.upperBound...].firstIndex(of: "{") else { break }
            var depth = 0, i = open, end = rest.endIndex
            while i < rest.endIndex {
                if rest[i] == "{" { depth += 1 } else if rest[i] == "}" { depth -= 1; if depth == 0 { end = i; break } }
                i = rest.index(after: i)
            }
            for line in rest[open..<end].split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("case "), let colon = trimmed.firstIndex(of: ":") else { continue }
                for label in trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<colon].split(separator: ",") {
                    let word = label.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ".\""))
                    if names.contains(word) { found.append("case " + label.trimmingCharacters(in: .whitespaces)) }
                }
            }
            rest = rest[start.upperBound...]
        }
        return found
    }

    /// Every spelling of a kind in `text`: the patterns, and switches over kinds.
    static func spellings(in text: String) -> [String] {
        patterns.filter(text.contains) + switchedKinds(in: text)
    }

    /// One folder per format of the library, each declaring one `InputFormat`.
    func testEachFormatHasItsFolder() throws {
        XCTAssertEqual(Self.formats.count, try Self.formatFolders().count)
        XCTAssertTrue(try Self.formatFolders().contains("Instruments"))
        let importers = TestPaths.packageRoot.appendingPathComponent("Sources/AGTraceKit/Importers")
        for folder in try Self.formatFolders() {
            let files = try FileManager.default.contentsOfDirectory(atPath: importers.appendingPathComponent(folder).path)
            let descriptors = try files.filter { file in
                try String(contentsOf: importers.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                    .contains(": InputFormat {")
            }
            XCTAssertEqual(descriptors.count, 1, "\(folder): \(descriptors)")
        }
    }

    func testThePatternsCoverEveryKind() {
        let patterns = Self.patterns
        for word in ["case .archive", "case .transcript", "case .trace", "case .console", "case .xctrace",
                     "case .run:", "case .snapshot:", "case .recording:", "kind == .console", "kind != .recording",
                     "InputKind.xctrace", "\"snapshots\"", "\"runs\"", "\"traces\"", "\"consoles\"",
                     "case \"console\"", "case \"recording\"", "values[\"xctrace\"]", "options[\"from\"]", "labels[\"run\"]"] {
            XCTAssertTrue(patterns.contains(word), word)
        }
        XCTAssertTrue(patterns.contains("\"\(StoredKind.recording.table)\""))
    }

    /// The scan finds a switch over kinds however it is written (the code ReportRunner,
    /// ExportRunner, HTMLReport and findings had before the kinds' hooks), and not a switch
    /// over something else.
    func testTheScanCatchesASwitchOverKinds() {
        let byEnum = """
            switch item.format.kind {
            case .archive: a()
            case .trace, .transcript:
                b()
            default: break
            }
            """
        XCTAssertEqual(Self.switchedKinds(in: byEnum), ["case .archive", "case .trace", "case .transcript"])
        let byName = """
            switch input.kind {
            case "console":
                found += c()
            case "recording": found += d()
            default: break
            }
            """
        XCTAssertEqual(Self.switchedKinds(in: byName), ["case \"console\"", "case \"recording\""])
        XCTAssertFalse(Self.spellings(in: byName).isEmpty)
        XCTAssertEqual(Self.spellings(in: "if let run = values[\"run\"]?.intValue, let s = values[\"snapshot\"] {}"),
                       ["values[\"run\"]", "values[\"snapshot\"]"])
        XCTAssertEqual(Self.spellings(in: "switch (run, trace) {\ncase (let r?, nil): f()\ndefault: g()\n}"), [])
        XCTAssertEqual(Self.spellings(in: "switch format {\ncase .csv: f()\ncase .json, .table: g()\n}"), [])
    }

    func testNoFileOutsideTheFormatFoldersSpellsTheKindsOut() throws {
        let root = TestPaths.packageRoot
        let sources = root.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        let allowed = try Self.allowed()
        var found: [String] = []
        for file in files {
            let relative = "Sources/" + file
            guard !allowed.contains(where: { relative.hasPrefix($0) }) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for spelling in Self.spellings(in: text) { found.append("\(relative): \(spelling)") }
        }
        // The CI gate too: its options, what it counts and what it refuses come from each
        // format's `MeasuredKind` (RunCounting, SnapshotCounting, TraceCounting, ...).
        XCTAssertEqual(found, [])
    }

    /// The registry lists each format once, and every stored kind it makes has its own noun,
    /// table and options.
    func testTheRegistryDescribesEachKindOnce() {
        let formats = InputFormats.all
        XCTAssertEqual(Array(formats.prefix(InputFormats.library.count).map(\.kind)), InputFormats.library.map(\.kind))
        XCTAssertEqual(formats.first?.kind, .trace, "a trace is asked first: among equally sure formats, it wins")
        XCTAssertEqual(Set(formats.map(\.kind)).count, formats.count)
        let kinds = InputFormats.storedKinds
        XCTAssertEqual(kinds.map(\.order), kinds.map(\.order).sorted(), "listed by their order")
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
