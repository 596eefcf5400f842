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
/// Snapshot entries also carry `"seconds"` (profile time, which includes nested rule runs);
/// trace entries written with `--time` carry `"self_seconds"` (each evaluation minus those
/// nested in it). A run keyed by rule names the snapshot that named its attributes in
/// `source.named_by`. A baseline of repeated recordings (`baseline --trace t1 t2 t3 --time`)
/// keeps each recording's seconds too, `"self_seconds_each": [0.0012, 0.0011, 0.0013]`: its
/// `updates` and `self_seconds` are then the medians (`RepeatedRecordings`), and an entry may
/// count 0 updates (a key most recordings lack). An agtrace that does not know the field reads
/// the medians.
///
/// The reader is strict where a mistake would change a verdict: a key named twice (anywhere:
/// an entry, `"version"`), an entry key that is not of the file's key kind, a `total` that is
/// not the sum of the entries, a count that is not whole or outside 0 ... 2^53 are refused,
/// with the line and key named. Fields may come in any order, unknown fields are ignored, an
/// entry may be a bare count. It reads every version up to
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

    /// The time `check --time` compares for this baseline's kind of input: a trace's self time,
    /// a snapshot's profile totals (inclusive: a dump holds no self time); nil for a run (a
    /// transcript's hits carry no durations).
    public var comparableTime: TimeMeasure? { counts.source.kind.time?.measure }

    /// Why `check --time` cannot compare this baseline's seconds (nil when it can): it holds
    /// none (or not for every key), or holds another kind of seconds than its input gives
    /// (a trace baseline from before self time, whose seconds count nested evaluations again
    /// in their parents).
    public var timeProblem: String? {
        guard let (wanted, rewrite) = counts.source.kind.time else {
            return "--time compares seconds, but \(counts.source.phrase) is \(counts.source.kind.untimed): --time goes with \(MeasuredKind.timedInputs)"
        }
        guard let time = counts.time, !counts.entries.isEmpty, counts.entries.values.allSatisfy({ $0.seconds != nil }) else {
            return "--time compares seconds, but the baseline does not hold them for every key: write it with \(rewrite)"
        }
        if time != wanted {
            return "--time compares \(wanted == .selfTime ? "self" : "inclusive") seconds, but the baseline's entries hold \(JSONText.quote(time.field)) (\(time == .inclusive ? "including nested evaluations, as an earlier agtrace wrote them" : "self time")): write it again with \(rewrite)"
        }
        return nil
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
        let field = counts.time?.field ?? TimeMeasure.inclusive.field
        text += "  \"total\": \(Self.entryObject(counts.total, seconds: field)),\n"
        let keys = counts.sortedKeys
        if keys.isEmpty {
            text += "  \"entries\": {}\n"
        } else {
            text += "  \"entries\": {\n"
            for (i, key) in keys.enumerated() {
                text += "    " + JSONText.quote(key) + ": " + Self.entryObject(counts.entries[key]!, seconds: field)
                text += i == keys.count - 1 ? "\n" : ",\n"
            }
            text += "  }\n"
        }
        text += "}\n"
        return text
    }

    /// `seconds`: the field the seconds go in (`TimeMeasure.field`).
    static func entryObject(_ e: UpdateEntry, seconds field: String) -> String {
        var s = "{\"updates\": \(e.updates)"
        if let seconds = e.seconds, seconds.isFinite { s += ", \(JSONText.quote(field)): " + formatSeconds(seconds) }
        if let each = e.secondsEach, each.allSatisfy(\.isFinite) {
            s += ", \(JSONText.quote(field + eachSuffix)): [" + each.map(formatSeconds).joined(separator: ", ") + "]"
        }
        return s + "}"
    }

    /// `"self_seconds_each"`: each recording's seconds, after the median's field.
    static let eachSuffix = "_each"

    /// Nine significant digits: enough for profile times, and sums do not print float noise.
    static func formatSeconds(_ v: Double) -> String {
        if v == 0 { return "0" }
        var s = String(format: "%.9g", v)
        // %g may print "1e+10"; JSON accepts that. It never prints inf/nan for finite values.
        if s.hasPrefix(".") { s = "0" + s }
        return s
    }

    /// Checks `path` as a baseline to write (`OutputFile`'s rules), before any work.
    /// `rewriting`: `check --update-baseline`, whose FILE is no `--output` (`-` reads).
    public static func output(_ path: String, inputs: [OutputFile.Input] = [], database: String?, rewriting: Bool = false) throws -> OutputFile {
        try OutputFile.open(path, what: "the baseline", inputs: inputs, database: database, offersStandardOutput: !rewriting)
    }

    /// Writes the file whole, through a temporary file: a reader never sees half a baseline.
    public func write(to output: OutputFile) throws {
        try output.write(rendered())
    }

    // MARK: Reading

    /// Reads a baseline file, or standard input for "-".
    public static func read(path: String) throws -> Baseline {
        if path == "-" {
            return try parse(try readBounded(FileHandle.standardInput, path: "standard input"), path: "standard input")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BaselineError(path: path, problem: "no such baseline file (write one with 'agtrace baseline --output \(path)')")
        }
        if isDirectory.boolValue {
            throw BaselineError(path: path, problem: "is a directory, not a baseline file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BaselineError(path: path, problem: "cannot read the baseline (permission denied or not a readable file)")
        }
        defer { try? handle.close() }
        return try parse(try readBounded(handle, path: path), path: path)
    }

    /// What a Foundation read error says, as the system words it (never "error 512").
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }

    /// The file's bytes, refused past `BaselineJSON.maxFileSize` while reading.
    private static func readBounded(_ handle: FileHandle, path: String) throws -> Data {
        do {
            return try BoundedRead.all(handle, limit: BaselineJSON.maxFileSize)
        } catch is BoundedRead.TooLarge {
            throw BaselineError(path: path, problem: "more than \(BaselineJSON.maxFileSize >> 20) MB: not a baseline (a baseline is a few hundred keys, kilobytes); refused while reading")
        } catch {
            throw BaselineError(path: path, problem: "cannot read the baseline (\(reason(error)))")
        }
    }

    /// The largest count a baseline may hold: 2^53, the largest whole number every JSON
    /// reader (JavaScript's, Python's float path, jq) keeps exactly.
    public static let maxCount: Int64 = 1 << 53

    public static func parse(_ data: Data, path: String) throws -> Baseline {
        func fail(_ problem: String) -> BaselineError { BaselineError(path: path, problem: problem) }
        if data.isEmpty { throw fail("the baseline file is empty") }
        let root: BaselineJSON
        do {
            root = try BaselineJSON.parse([UInt8](data))
        } catch let e as JSONSyntaxError {
            throw fail("not a baseline: the file is not valid JSON (\(e))")
        } catch let d as BaselineJSON.DuplicateKey {
            let inside = d.path.isEmpty ? "at the top level" : "in " + d.path.map(JSONText.quote).joined(separator: ".")
            throw fail("line \(d.line): key \(JSONText.quote(d.key)) appears twice \(inside) (first on line \(d.firstLine)); a baseline names each key once (a merge gone wrong?): keep the right one")
        }
        guard root.members != nil else {
            throw fail("not a baseline: expected a JSON object")
        }
        guard root["format"]?.string == formatName else {
            throw fail("not an agtrace baseline (no \"format\": \"\(formatName)\")")
        }
        guard let versionValue = root["version"] else { throw fail("the baseline has no \"version\"") }
        guard case .number(let versionInteger, _) = versionValue, let version = versionInteger else {
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

    private static func parseVersion2(_ root: BaselineJSON, fail: (String) -> BaselineError) throws -> Baseline {
        guard let sourceObject = root["source"], sourceObject.members != nil else { throw fail("the baseline has no \"source\" object") }
        guard let kindText = sourceObject["kind"]?.string, let kind = MeasuredKind(rawValue: kindText) else {
            throw fail("the baseline's source.kind must be \(MeasuredKind.gateOrder.map { "\"\($0.rawValue)\"" }.listed("or"))")
        }
        guard let label = sourceObject["label"]?.string else { throw fail("the baseline's source has no \"label\"") }
        var source = MeasuredSource(kind: kind, label: label, sha256: sourceObject["sha256"]?.string,
                                    importedAt: sourceObject["imported_at"]?.string)
        if let namer = sourceObject["named_by"], let namerLabel = namer["label"]?.string {
            source.namedBy = NamingSnapshot(label: namerLabel, sha256: namer["sha256"]?.string)
        }
        let key = try parseKey(root["key"], kind: kind, fail: fail)
        guard let entriesObject = root["entries"], let members = entriesObject.members else {
            throw fail("the baseline has no \"entries\" object")
        }
        let (entries, time) = try parseEntries(members, key: key, fail: fail)
        if let total = root.member("total") {
            let value: BaselineJSON
            if let fields = total.value.members {
                guard let updates = fields.first(where: { $0.key == "updates" }) else {
                    throw fail("line \(total.line): the \"total\" has no \"updates\" count")
                }
                value = updates.value
            } else {
                value = total.value
            }
            try checkTotal(value, line: total.line, entries: entries, fail: fail)
        }
        return Baseline(counts: UpdateCounts(source: source, key: key, entries: entries, time: time), formatVersion: 2)
    }

    /// Version 1, the first draft: `{"format": "agtrace-baseline", "version": 1, "run": "tap"
    /// (or "snapshot": "planner"), "sha256": "…", "key": "attribute", "total": 10,
    /// "updates": {"792": 3, …}}`. `key` defaults to the kind's default.
    private static func parseVersion1(_ root: BaselineJSON, fail: (String) -> BaselineError) throws -> Baseline {
        let kind: MeasuredKind
        let label: String
        if let run = root["run"]?.string {
            kind = .run
            label = run
        } else if let snapshot = root["snapshot"]?.string {
            kind = .snapshot
            label = snapshot
        } else {
            throw fail("the version 1 baseline names neither a \"run\" nor a \"snapshot\"")
        }
        let source = MeasuredSource(kind: kind, label: label, sha256: root["sha256"]?.string,
                                    importedAt: root["imported_at"]?.string)
        let key = try parseKey(root["key"], kind: kind, fail: fail)
        guard let updates = root["updates"], let members = updates.members else {
            throw fail("the version 1 baseline has no \"updates\" object")
        }
        let (entries, time) = try parseEntries(members, key: key, fail: fail)
        if let total = root.member("total") {
            try checkTotal(total.value, line: total.line, entries: entries, fail: fail)
        }
        return Baseline(counts: UpdateCounts(source: source, key: key, entries: entries, time: time), formatVersion: 1)
    }

    private static func parseKey(_ value: BaselineJSON?, kind: MeasuredKind, fail: (String) -> BaselineError) throws -> BaselineKey {
        guard let value else { return BaselineKey.defaultKey(for: kind) }
        guard let text = value.string, let key = BaselineKey(rawValue: text) else {
            throw fail("the baseline's \"key\" must be one of \(BaselineKey.names)")
        }
        return key
    }

    /// A count: whole, 0 ... 2^53.
    private static func count(_ value: BaselineJSON, what: String, line: Int, fail: (String) -> BaselineError) throws -> Int64 {
        switch value.whole {
        case .value(let n): return n
        case .outOfRange(let text):
            throw fail("line \(line): \(what) has the count \(text), outside 0 ... 2^53 (\(maxCount))")
        case .notWhole:
            throw fail("line \(line): \(what) has no whole \"updates\" count")
        }
    }

    /// The entries, and what their seconds measure: `self_seconds` (self time) or `seconds`
    /// (inclusive); one file holds one of the two, not both.
    private static func parseEntries(_ members: [BaselineJSON.Member], key: BaselineKey,
                                     fail: (String) -> BaselineError) throws -> ([String: UpdateEntry], TimeMeasure?) {
        var entries: [String: UpdateEntry] = [:]
        var time: (measure: TimeMeasure, line: Int)?
        // How many recordings' seconds the first entry with them holds; every entry holds as many.
        var recordings: (count: Int, line: Int)?
        for member in members {
            let name = "entry " + JSONText.quote(member.key)
            if let problem = key.problem(withKey: member.key) {
                throw fail("line \(member.line): \(name) is not a key of kind \(key.rawValue): \(problem)")
            }
            let entry: UpdateEntry
            if let fields = member.value.members {
                guard let updates = fields.first(where: { $0.key == "updates" }) else {
                    throw fail("line \(member.line): \(name) has no whole \"updates\" count")
                }
                var seconds: Double?
                for measure in [TimeMeasure.selfTime, .inclusive] {
                    guard let field = fields.first(where: { $0.key == measure.field }) else { continue }
                    guard let value = field.value.double, value.isFinite, value >= 0 else {
                        throw fail("line \(field.line): \(name) has \(JSONText.quote(measure.field)) that is not a number of seconds, 0 or more")
                    }
                    if let time, time.measure != measure {
                        throw fail("line \(field.line): \(name) has \(JSONText.quote(measure.field)), but line \(time.line) has \(JSONText.quote(time.measure.field)): a baseline holds one kind of seconds (write it again with 'agtrace baseline')")
                    }
                    time = (measure, field.line)
                    seconds = value
                }
                let each = try secondsEach(fields, seconds: seconds, time: time?.measure, name: name, fail: fail)
                if let each {
                    if let recordings, recordings.count != each.values.count {
                        throw fail("line \(each.line): \(name) holds the seconds of \(each.values.count) recordings, but line \(recordings.line) of \(recordings.count): one baseline is taken from one set of recordings (write it again with 'agtrace baseline')")
                    }
                    recordings = recordings ?? (each.values.count, each.line)
                }
                entry = UpdateEntry(updates: try count(updates.value, what: name, line: member.line, fail: fail), seconds: seconds,
                                    secondsEach: each?.values)
            } else if case .number = member.value {
                entry = UpdateEntry(updates: try count(member.value, what: name, line: member.line, fail: fail))
            } else {
                throw fail("line \(member.line): \(name) is neither a count nor an object with \"updates\"")
            }
            // A key most repeated recordings lack has a median of 0 updates, and its seconds.
            if entry.updates > 0 || entry.secondsEach != nil { entries[member.key] = entry }
        }
        if let recordings, let bare = entries.first(where: { $0.value.secondsEach == nil }) {
            throw fail("\(JSONText.quote(bare.key)) holds no \(JSONText.quote((time?.measure.field ?? "") + eachSuffix)), but line \(recordings.line) holds \(recordings.count) recordings' seconds: every entry of a baseline of repeated recordings holds them (write it again with 'agtrace baseline')")
        }
        return (entries, time?.measure)
    }

    /// An entry's `"self_seconds_each"` (or `"seconds_each"`, after the kind of its seconds):
    /// 2 or more numbers of seconds, 0 or more, beside the median's field.
    private static func secondsEach(_ fields: [BaselineJSON.Member], seconds: Double?, time: TimeMeasure?, name: String,
                                    fail: (String) -> BaselineError) throws -> (values: [Double], line: Int)? {
        for measure in [TimeMeasure.selfTime, .inclusive] {
            let field = measure.field + eachSuffix
            guard let member = fields.first(where: { $0.key == field }) else { continue }
            guard seconds != nil, time == measure else {
                throw fail("line \(member.line): \(name) has \(JSONText.quote(field)) without \(JSONText.quote(measure.field)), their median")
            }
            guard case .array(let items) = member.value, items.count >= 2,
                  case let values = items.compactMap(\.double), values.count == items.count, values.allSatisfy({ $0 >= 0 }) else {
                throw fail("line \(member.line): \(name) has \(JSONText.quote(field)) that is not a list of 2 or more numbers of seconds, 0 or more")
            }
            return (values, member.line)
        }
        return nil
    }

    /// A written total must be the sum of the entries: an edited entry with a stale total is a
    /// hand edit or a merge gone wrong, and nobody can tell which of the two was meant.
    private static func checkTotal(_ value: BaselineJSON, line: Int, entries: [String: UpdateEntry],
                                   fail: (String) -> BaselineError) throws {
        let written = try count(value, what: "the \"total\"", line: line, fail: fail)
        var sum: Int64 = 0
        for e in entries.values {
            sum += e.updates
            if sum > maxCount { throw fail("the entries sum past 2^53 (\(maxCount)): not a count of updates") }
        }
        if written != sum {
            throw fail("line \(line): the \"total\" is \(written) but the entries sum to \(sum); fix the entries or write the baseline again ('agtrace baseline')")
        }
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
