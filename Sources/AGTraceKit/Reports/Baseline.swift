import Foundation

/// A baseline file: update counts per key, committed next to the app and checked against later
/// runs or snapshots (`agtrace baseline`, `agtrace check`).
///
/// The writer is hand-written so that the file is stable and reads well in review: fixed field
/// order, entries sorted (attributes numerically, rule names in UTF-8 byte order), one entry
/// per line, no timestamps of its own (the date is the source's import date), so writing the
/// same counts twice gives the same bytes. Format version 2:
///
///     {
///       "format": "agtrace-baseline",
///       "version": 2,
///       "source": {"kind": "run", "label": "tap", "sha256": "9f2c…", "imported_at": "2026-05-01T09:30:00Z"},
///       "key": "attribute",
///       "total": {"updates": 10},
///       "entries": {
///         "712": {"updates": 1},
///         "792": {"updates": 3}
///       }
///     }
///
/// Snapshot entries also carry `"seconds"` (profile time). A run keyed by rule names the
/// snapshot that named its attributes in `source.named_by`.
///
/// The reader is tolerant: fields in any order, unknown fields ignored, `total` recomputed from
/// the entries, an entry may be a bare count. It reads every version up to
/// `currentFormatVersion`; version 1 (the first draft: `"run"`/`"snapshot"` label fields and a
/// flat `"updates": {key: count}` object) is still read. A newer or unknown version is refused.
public struct Baseline: Equatable, Sendable {
    public static let formatName = "agtrace-baseline"
    public static let currentFormatVersion = 2

    /// The version the file was written in (the writer always writes the current one).
    public var formatVersion: Int
    public var counts: UpdateCounts

    public init(counts: UpdateCounts, formatVersion: Int = Baseline.currentFormatVersion) {
        self.counts = counts
        self.formatVersion = formatVersion
    }

    // MARK: Writing

    /// The file's text, in the current format version.
    public func rendered() -> String {
        let source = counts.source
        var sourceFields = ["\"kind\": " + JSONText.quote(source.kind.rawValue),
                            "\"label\": " + JSONText.quote(source.label)]
        if let sha = source.sha256 { sourceFields.append("\"sha256\": " + JSONText.quote(sha)) }
        if let date = source.importedAt { sourceFields.append("\"imported_at\": " + JSONText.quote(date)) }
        if let namer = source.namedBy {
            var fields = ["\"label\": " + JSONText.quote(namer.label)]
            if let sha = namer.sha256 { fields.append("\"sha256\": " + JSONText.quote(sha)) }
            sourceFields.append("\"named_by\": {" + fields.joined(separator: ", ") + "}")
        }
        var text = "{\n"
        text += "  \"format\": \(JSONText.quote(Self.formatName)),\n"
        text += "  \"version\": \(Self.currentFormatVersion),\n"
        text += "  \"source\": {" + sourceFields.joined(separator: ", ") + "},\n"
        text += "  \"key\": \(JSONText.quote(counts.key.rawValue)),\n"
        text += "  \"total\": \(Self.entryObject(counts.total)),\n"
        let keys = counts.sortedKeys
        if keys.isEmpty {
            text += "  \"entries\": {}\n"
        } else {
            text += "  \"entries\": {\n"
            for (i, key) in keys.enumerated() {
                text += "    " + JSONText.quote(key) + ": " + Self.entryObject(counts.entries[key]!)
                text += i == keys.count - 1 ? "\n" : ",\n"
            }
            text += "  }\n"
        }
        text += "}\n"
        return text
    }

    static func entryObject(_ e: UpdateEntry) -> String {
        var s = "{\"updates\": \(e.updates)"
        if let seconds = e.seconds, seconds.isFinite { s += ", \"seconds\": " + formatSeconds(seconds) }
        return s + "}"
    }

    /// Nine significant digits: enough for profile times, and sums do not print float noise.
    static func formatSeconds(_ v: Double) -> String {
        if v == 0 { return "0" }
        var s = String(format: "%.9g", v)
        // %g may print "1e+10"; JSON accepts that. It never prints inf/nan for finite values.
        if s.hasPrefix(".") { s = "0" + s }
        return s
    }

    /// Writes the file atomically: a reader never sees half a baseline.
    public func write(to path: String) throws {
        do {
            try Data(rendered().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BaselineError(path: path, problem: "cannot write the baseline (\(Self.reason(error)))")
        }
    }

    // MARK: Reading

    /// Reads a baseline file, or standard input for "-".
    public static func read(path: String) throws -> Baseline {
        if path == "-" {
            return try parse(FileHandle.standardInput.readDataToEndOfFile(), path: "standard input")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BaselineError(path: path, problem: "no such baseline file (write one with 'agtrace baseline --output \(path)')")
        }
        if isDirectory.boolValue {
            throw BaselineError(path: path, problem: "is a directory, not a baseline file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BaselineError(path: path, problem: "cannot read the baseline (\(reason(error)))")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws -> Baseline {
        func fail(_ problem: String) -> BaselineError { BaselineError(path: path, problem: problem) }
        if data.isEmpty { throw fail("the baseline file is empty") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw fail("not a baseline: the file is not valid JSON")
        }
        guard let root = object as? [String: Any] else {
            throw fail("not a baseline: expected a JSON object")
        }
        guard let format = root["format"] as? String, format == formatName else {
            throw fail("not an agtrace baseline (no \"format\": \"\(formatName)\")")
        }
        guard let versionValue = root["version"] else { throw fail("the baseline has no \"version\"") }
        guard let version = integer(versionValue) else {
            throw fail("the baseline's \"version\" is not a whole number")
        }
        if version > Int64(currentFormatVersion) {
            throw fail("written by a newer agtrace (baseline format version \(version); this agtrace reads versions 1 to \(currentFormatVersion)): upgrade agtrace, or write the baseline again with this one")
        }
        switch version {
        case 1: return try parseVersion1(root, fail: fail)
        case 2: return try parseVersion2(root, fail: fail)
        default: throw fail("unknown baseline format version \(version) (this agtrace reads versions 1 to \(currentFormatVersion))")
        }
    }

    private static func parseVersion2(_ root: [String: Any], fail: (String) -> BaselineError) throws -> Baseline {
        guard let sourceObject = root["source"] as? [String: Any] else { throw fail("the baseline has no \"source\" object") }
        guard let kindText = sourceObject["kind"] as? String, let kind = MeasuredKind(rawValue: kindText) else {
            throw fail("the baseline's source.kind must be \"run\" or \"snapshot\"")
        }
        guard let label = sourceObject["label"] as? String else { throw fail("the baseline's source has no \"label\"") }
        var source = MeasuredSource(kind: kind, label: label, sha256: sourceObject["sha256"] as? String,
                                    importedAt: sourceObject["imported_at"] as? String)
        if let namer = sourceObject["named_by"] as? [String: Any], let namerLabel = namer["label"] as? String {
            source.namedBy = NamingSnapshot(label: namerLabel, sha256: namer["sha256"] as? String)
        }
        let key = try parseKey(root["key"], kind: kind, fail: fail)
        guard let entriesObject = root["entries"] as? [String: Any] else {
            throw fail("the baseline has no \"entries\" object")
        }
        let entries = try parseEntries(entriesObject, fail: fail)
        return Baseline(counts: UpdateCounts(source: source, key: key, entries: entries), formatVersion: 2)
    }

    /// Version 1, the first draft: `{"format": "agtrace-baseline", "version": 1, "run": "tap"
    /// (or "snapshot": "planner"), "sha256": "…", "key": "attribute", "total": 10,
    /// "updates": {"792": 3, …}}`. `key` defaults to the kind's default.
    private static func parseVersion1(_ root: [String: Any], fail: (String) -> BaselineError) throws -> Baseline {
        let kind: MeasuredKind
        let label: String
        if let run = root["run"] as? String {
            kind = .run
            label = run
        } else if let snapshot = root["snapshot"] as? String {
            kind = .snapshot
            label = snapshot
        } else {
            throw fail("the version 1 baseline names neither a \"run\" nor a \"snapshot\"")
        }
        let source = MeasuredSource(kind: kind, label: label, sha256: root["sha256"] as? String,
                                    importedAt: root["imported_at"] as? String)
        let key = try parseKey(root["key"], kind: kind, fail: fail)
        guard let updates = root["updates"] as? [String: Any] else {
            throw fail("the version 1 baseline has no \"updates\" object")
        }
        let entries = try parseEntries(updates, fail: fail)
        return Baseline(counts: UpdateCounts(source: source, key: key, entries: entries), formatVersion: 1)
    }

    private static func parseKey(_ value: Any?, kind: MeasuredKind, fail: (String) -> BaselineError) throws -> BaselineKey {
        guard let value else { return BaselineKey.defaultKey(for: kind) }
        guard let text = value as? String, let key = BaselineKey(rawValue: text) else {
            throw fail("the baseline's \"key\" must be one of \(BaselineKey.names)")
        }
        return key
    }

    private static func parseEntries(_ object: [String: Any], fail: (String) -> BaselineError) throws -> [String: UpdateEntry] {
        var entries: [String: UpdateEntry] = [:]
        for (key, value) in object {
            let entry: UpdateEntry
            if let count = integer(value) {
                entry = UpdateEntry(updates: count)
            } else if let fields = value as? [String: Any] {
                guard let updatesValue = fields["updates"], let count = integer(updatesValue) else {
                    throw fail("entry \(JSONText.quote(key)) has no whole \"updates\" count")
                }
                entry = UpdateEntry(updates: count, seconds: fields["seconds"].flatMap(number))
            } else {
                throw fail("entry \(JSONText.quote(key)) is neither a count nor an object with \"updates\"")
            }
            guard entry.updates >= 0 else { throw fail("entry \(JSONText.quote(key)) has a negative count") }
            if entry.updates > 0 { entries[key] = entry }
        }
        return entries
    }

    /// A whole number from JSONSerialization's output (Int, Int64, NSNumber, or an integral Double).
    static func integer(_ value: Any) -> Int64? {
        if isBoolean(value) { return nil }
        if let n = value as? NSNumber {
            let type = String(cString: n.objCType)
            if type == "d" || type == "f" {
                let d = n.doubleValue
                guard d.isFinite, d == d.rounded(), abs(d) < 9.0e15 else { return nil }
                return Int64(d)
            }
            return n.int64Value
        }
        if let i = value as? Int { return Int64(i) }
        if let d = value as? Double, d.isFinite, d == d.rounded(), abs(d) < 9.0e15 { return Int64(d) }
        return nil
    }

    static func number(_ value: Any) -> Double? {
        if isBoolean(value) { return nil }
        if let n = value as? NSNumber { return n.doubleValue.isFinite ? n.doubleValue : nil }
        if let d = value as? Double { return d.isFinite ? d : nil }
        if let i = value as? Int { return Double(i) }
        return nil
    }

    /// JSON true/false. (`value is Bool` does not tell: Foundation bridges the numbers 0 and 1 to
    /// Bool as well.)
    static func isBoolean(_ value: Any) -> Bool {
        if value is NSNumber { return String(describing: type(of: value)).contains("Boolean") }
        return value is Bool
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}

/// The baseline file cannot be used: missing, unreadable, not a baseline, a newer format, or
/// taken from another kind of input. `agtrace check` exits with status 2.
public struct BaselineError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var problem: String
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }
    public var description: String { "\(path): \(problem)" }
}
