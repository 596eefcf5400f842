import Foundation

/// A canned report: one name, one or more variants (SQL files) chosen by the options given.
public struct Report: Sendable {
    public let name: String
    public let summary: String
    public let variants: [QueryFile]
}

/// The SQL files compiled into the binary (see `EmbeddedQueries`), read once.
public enum ReportRegistry {
    /// The query files compiled into the binary (`Queries/`), read once.
    static let embedded: [QueryFile] = {
        do {
            return try EmbeddedQueries.all.map { try QueryFile(fileName: $0.file, text: $0.text) }
        } catch {
            // The files are part of the program; the tests read every one of them.
            fatalError("\(error)")
        }
    }()
    nonisolated(unsafe) private static var cache: (kinds: [String], files: [QueryFile], reports: [Report])?
    private static let lock = NSLock()

    /// Every query file, reports and internal queries, by file name: the library's, and those
    /// a registered kind brings (`KindHooks.queries`).
    public static var files: [QueryFile] { current.files }

    /// The reports `agtrace report` runs, by name.
    public static var reports: [Report] { current.reports }

    /// The files and reports for the kinds registered now (made again when they change).
    private static var current: (files: [QueryFile], reports: [Report]) {
        let kinds = InputFormats.storedKinds
        let nouns = kinds.map(\.noun)
        return lock.withLock {
            if let cache, cache.kinds == nouns { return (cache.files, cache.reports) }
            let files = make(kinds: kinds)
            let reports = group(files)
            cache = (nouns, files, reports)
            return (files, reports)
        }
    }

    private static func make(kinds: [StoredKind]) -> [QueryFile] {
        do {
            let read = try embedded + kinds.flatMap { try $0.hooks.queries.map { try QueryFile(fileName: $0.file, text: $0.text) } }
            let byFile = Dictionary(uniqueKeysWithValues: read.map { ($0.fileName, $0) })
            return try read.map { try $0.resolvingInput(in: byFile) }.sorted { $0.fileName < $1.fileName }
        } catch {
            // The library's files are part of the program, a kind's are part of its folder: the
            // tests read every one of them.
            fatalError("\(error)")
        }
    }

    private static func group(_ files: [QueryFile]) -> [Report] {
        var order: [String] = []
        var byName: [String: [QueryFile]] = [:]
        for file in files where !file.isInternal {
            if byName[file.name] == nil { order.append(file.name) }
            byName[file.name, default: []].append(file)
        }
        return order.sorted().map { name in
            // Fewest options first, --by variants after the plain ones.
            let variants = byName[name]!.sorted {
                ($0.required.count, $0.by ?? "", $0.fileName) < ($1.required.count, $1.by ?? "", $1.fileName)
            }
            let summary = variants.compactMap(\.summary).first ?? variants[0].description
            return Report(name: name, summary: summary, variants: variants)
        }
    }

    public static func report(named name: String) -> Report? {
        reports.first { $0.name == name }
    }

    /// An internal query (used by diff, walk, export) by its `-- name:`.
    static func query(_ name: String) -> QueryFile {
        guard let file = files.first(where: { $0.isInternal && $0.name == name }) else {
            fatalError("Queries/: no internal query named '\(name)'")
        }
        return file
    }
}
