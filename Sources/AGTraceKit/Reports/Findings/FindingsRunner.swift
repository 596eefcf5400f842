import Foundation

/// `agtrace findings` as a library call (the MCP tool's too): a request in, the findings out,
/// costliest first.
public enum FindingsRunner {
    /// Opens what the request names: labels of `database` (through `openDatabase`), or files
    /// imported into a private database that is removed before returning.
    public static func run(_ request: FindingsRequest, database: String, openDatabase: () throws -> Database,
                           log: CommandLog = CommandLog()) throws -> FindingsResult {
        let files = request.inputs.filter(DirectoryWalk.namesFiles)
        if files.isEmpty {
            return try run(request, in: try openDatabase(), log: log)
        }
        let labels = request.inputs.filter { !DirectoryWalk.namesFiles($0) }
        guard labels.isEmpty, request.labelsByKind.allSatisfy({ $0.labels.isEmpty }) else {
            let stray = labels.isEmpty ? request.labelsByKind.flatMap(\.labels) : labels
            throw ReportUsageError("give labels or files, not both: \(stray.map { "'\($0)'" }.joined(separator: ", ")) \(stray.count == 1 ? "is no file" : "are no files") (labels are read from the database, files imported privately)")
        }
        let scratch = try PrivateDatabase()
        defer { scratch.close() }
        var inputs: [FindingsInput] = []
        for given in files {
            let walk = try DirectoryWalk.walk(given)
            for passed in walk.skipped { log.say(.note("\(passed.path): passed over: \(passed.reason)")) }
            for path in walk.files {
                var options = ImportOptions(label: path)
                options.labelsPerKind = true
                do {
                    switch try Importer(database: scratch.db).importItem(path, options: options) {
                    case .imported(let item):
                        inputs.append(FindingsInput(kind: item.kind.storedNoun, label: item.label, given: path))
                    case .duplicate(_, _, let existing), .aliased(_, _, let existing, _):
                        log.say(.note("\(path): the same bytes as '\(existing)', read once"))
                    }
                } catch where path != given && Importer.isNotAnInput(error) {
                    log.say(.note("\(path): passed over: \(Importer.reason(error))"))
                }
            }
        }
        return try findings(of: inputs, request: request, in: scratch.db, log: log)
    }

    /// The same over labels of `db` (every recording it holds when the request names none).
    public static func run(_ request: FindingsRequest, in db: Database, log: CommandLog = CommandLog()) throws -> FindingsResult {
        var inputs: [FindingsInput] = []
        for (noun, labels) in request.labelsByKind {
            guard let kind = InputFormats.storedKinds.first(where: { $0.noun == noun }) else { continue }
            for label in labels {
                _ = try LabelLookup.id(of: label, kind: kind, in: db)
                inputs.append(FindingsInput(kind: noun, label: label, given: label))
            }
        }
        for label in request.inputs {
            guard let kind = try InputFormats.storedKinds.first(where: { try LabelLookup.resolve(label, kind: $0, in: db) != nil }) else {
                throw ReportError("'\(label)': no such file, and no recording labelled so in \(db.path) ('agtrace list' shows the labels)")
            }
            inputs.append(FindingsInput(kind: kind.noun, label: label, given: label))
        }
        if inputs.isEmpty {
            for kind in InputFormats.storedKinds where try kind.isPresent(in: db) {
                for row in try db.rows("SELECT label FROM \(kind.table) ORDER BY id") {
                    if let label = row[0].stringValue { inputs.append(FindingsInput(kind: kind.noun, label: label, given: label)) }
                }
            }
        }
        return try findings(of: inputs, request: request, in: db, log: log)
    }

    static func findings(of inputs: [FindingsInput], request: FindingsRequest, in db: Database, log: CommandLog) throws -> FindingsResult {
        var found: [Finding] = []
        var notes: [String] = []
        let limits = request.thresholds
        func note(_ text: String) {
            notes.append(text)
            log.say(.warning(text))
        }
        for input in inputs {
            guard let kind = InputFormats.storedKinds.first(where: { $0.noun == input.kind }) else { continue }
            guard let hook = kind.hooks.findings else { continue }
            let id = try LabelLookup.id(of: input.label, kind: kind, in: db)
            found += try hook(FindingsContext(id: id, label: input.label, db: db, limits: limits, request: request, note: note))
        }
        var files: [String: String] = [:]
        for input in inputs {
            guard let kind = InputFormats.storedKinds.first(where: { $0.noun == input.kind }) else { continue }
            let id = try LabelLookup.id(of: input.label, kind: kind, in: db)
            if let source = try db.scalar("SELECT source FROM \(kind.table) WHERE id = ?1", [.integer(id)])?.stringValue, source != "-" {
                files[input.kind + "\u{1F}" + input.label] = source
            }
        }
        for i in found.indices {
            found[i].evidence.file = files[found[i].evidence.input + "\u{1F}" + found[i].evidence.label]
        }
        var result = FindingsResult(findings: ranked(found), inputs: inputs, notes: notes, thresholds: limits)
        if let folder = request.sourceDirectory {
            try SourceMapping.locate(&result, in: folder, log: log)
        }
        return result
    }

    /// Costliest first: seconds where timed (unknown after known), then evaluations, then the
    /// severity, kind and view, so the order is the same on every run.
    static func ranked(_ findings: [Finding]) -> [Finding] {
        findings.sorted { a, b in
            switch (a.cost.seconds, b.cost.seconds) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            if a.cost.evaluations != b.cost.evaluations { return a.cost.evaluations > b.cost.evaluations }
            if a.severity != b.severity { return a.severity > b.severity }
            if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
            return (a.view ?? "", a.evidence.label, a.fingerprint) < (b.view ?? "", b.evidence.label, b.fingerprint)
        }
    }
}
