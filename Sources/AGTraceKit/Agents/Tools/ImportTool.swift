import Foundation

/// `import`: files under the root into the database, as `agtrace import`; the one tool that
/// writes. Progress notifications report long imports.
enum ImportTool {
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "files": ["type": "array", "description": "one entry per file: path, outcome (imported, unchanged, skipped, failed), label, kind, line (what agtrace import prints) or error",
                      "items": ["type": "object"]],
            "imported": ["type": "integer"], "unchanged": ["type": "integer"], "skipped": ["type": "integer"], "failed": ["type": "integer"],
            "notes": ["type": "array", "items": ["type": "string"]],
        ],
        "required": ["files", "imported", "unchanged", "skipped", "failed", "notes"],
    ]

    static let tool = MCPTool(
        name: "import", title: "Import evidence files",
        description: DomainPrimer.describe("""
        Imports files or folders (read recursively) under the server's root into the database, \
        as `agtrace import`: what a file holds is decided by its bytes (archives become \
        snapshots, lldb transcripts runs, AG_TRACE files traces, console logs consoles, xctrace \
        exports Instruments recordings). Each file is one transaction: a bad one is refused \
        with the reason and position and changes nothing. The label (default: the file name) \
        names it in every other tool. The only tool that writes.
        """),
        arguments: [
            ToolArgument("paths", .strings, "files or folders under the root (relative paths are taken from the root)", required: true),
            ToolArgument("label", .string, "the label for the one file given"),
            ToolArgument("replace", .boolean, "replace what holds this label (same kind)"),
        ],
        outputSchema: outputSchema, readOnly: false
    ) { args, context in
        let paths = try args.strings("paths").map { try context.root.fileOrFolder($0, argument: "paths") }
        let label = try args.string("label")
        var batch: ImportBatch
        do {
            batch = try ImportBatch(paths: paths, label: label)
        } catch let e as ImportUsageError {
            throw ToolError("import: \(e.message)")
        }
        // A folder's walk may reach a file through a link: each is checked again.
        for file in batch.files { _ = try context.root.file(file.path, argument: "paths") }
        let db = try context.openDatabase(.write)
        let importer = Importer(database: db)
        var entries: [JSONValue] = batch.passedOver.map { .object([("path", .string($0.path)), ("outcome", "skipped"), ("reason", .string($0.reason))]) }
        var notes: [String] = []
        var text = ""
        let total = Double(batch.files.count)
        let reporter = ProgressThrottle(context.progress)
        for (index, file) in batch.files.enumerated() {
            if context.cancellation.isCancelled { throw ToolError("import: cancelled before \(file.path); the files before it are imported") }
            var options = ImportOptions(label: label, replace: try args.bool("replace"))
            options.progress = { p in
                let fraction = p.totalBytes.map { $0 > 0 ? min(1, Double(p.bytesRead) / Double($0)) : 0 } ?? 0
                reporter.report(Double(index) + fraction, total, p.line)
            }
            switch batch.run(file, importer: importer, options: options) {
            case .done(let outcome):
                text += outcome.line + "\n"
                var entry: [(String, JSONValue)] = [("path", .string(file.path)), ("line", .string(outcome.line))]
                switch outcome {
                case .imported(let item):
                    entry += [("outcome", "imported"), ("label", .string(item.label)), ("kind", .string(item.kind.rawValue))]
                    for group in ImportNoteGroup.groups(item.notes) {
                        notes.append("\(group.first.severity): \(item.label): \(group.sentence(stored: true))")
                    }
                case .duplicate(_, let kind, let existing):
                    entry += [("outcome", "unchanged"), ("label", .string(existing)), ("kind", .string(kind.rawValue))]
                case .aliased(_, let kind, let existing, let alias):
                    entry += [("outcome", "unchanged"), ("label", .string(existing)), ("alias", .string(alias)), ("kind", .string(kind.rawValue))]
                }
                entries.append(.object(entry))
            case .skipped(let reason):
                entries.append(.object([("path", .string(file.path)), ("outcome", "skipped"), ("reason", .string(reason))]))
            case .failed(let error):
                text += "error: \(error)\n"
                entries.append(.object([("path", .string(file.path)), ("outcome", "failed"), ("error", .string("\(error)"))]))
            }
            reporter.report(Double(index + 1), total, "imported \(index + 1) of \(batch.files.count) files", force: true)
        }
        if let summary = batch.summary { text += summary + "\n" }
        for note in notes { text += note + "\n" }
        let structured: JSONValue = .object([
            ("files", .array(entries)), ("imported", .int(Int64(batch.imported))), ("unchanged", .int(Int64(batch.unchanged))),
            ("skipped", .int(Int64(batch.skipped))), ("failed", .int(Int64(batch.failed))), ("notes", .array(notes.map { .string($0) })),
        ])
        return ToolResult(structured: structured, text: text, isError: batch.failed > 0)
    }
}

/// Progress said at most a few times a second, and only forward (MCP: progress increases).
final class ProgressThrottle: @unchecked Sendable {
    private let send: ((Double, Double?, String) -> Void)?
    private var last = -1.0
    private var lastTime = Date.distantPast
    private let lock = NSLock()
    init(_ send: ((Double, Double?, String) -> Void)?) { self.send = send }
    func report(_ progress: Double, _ total: Double?, _ message: String, force: Bool = false) {
        guard let send else { return }
        lock.lock()
        let now = Date()
        guard progress > last, force || now.timeIntervalSince(lastTime) >= 0.2 else { lock.unlock(); return }
        last = progress
        lastTime = now
        lock.unlock()
        send(progress, total, message)
    }
}
