/// What `agtrace report NAME …` asked for.
public struct ReportRequest: Sendable, Equatable {
    public var name: String
    /// Option name (`run`, `snapshot`, `from`, `to`, `trace`) to the label given.
    public var options: [String: String]
    public var by: String?
    public var limit: Int?
    /// `--details`: the report's detailed variant (`details: yes`).
    public var details = false
    /// Valueless options given (`app-only`), taken by the variants that declare them (`flags:`).
    public var flags: Set<String> = []

    public init(name: String, options: [String: String] = [:], by: String? = nil, limit: Int? = nil, details: Bool = false,
                flags: Set<String> = []) {
        self.name = name
        self.options = options
        self.by = by
        self.limit = limit
        self.details = details
        self.flags = flags
    }
}

/// What a report run says besides its rows.
public struct ReportOutcome: Sendable, Equatable {
    /// `limit` left rows out.
    public var moreRows = false
    /// Lines for stderr: the answer holds, but is qualified (a snapshot that is not quite the
    /// run's process, a marked set that cannot be known).
    public var warnings: [String] = []
    /// Lines for stderr that say what the rows leave empty or out, and why (seconds a trace
    /// cannot time, evaluations of rules no view names).
    public var notes: [String] = []
    public init(moreRows: Bool = false, warnings: [String] = [], notes: [String] = []) {
        self.moreRows = moreRows
        self.warnings = warnings
        self.notes = notes
    }
}

/// Runs canned reports: picks the variant the options select, resolves labels to ids, binds
/// them by name, and writes the rows.
public enum ReportRunner {
    /// The options a report variant can take, in the order usage lines show them.
    public static var parameterOptions: [String] { parameterKinds.flatMap { $0.options.map(\.name) } }

    /// The valueless options some variant takes (`app-only`), in file order.
    public static var flags: [String] {
        var seen: [String] = []
        for file in ReportRegistry.files where !file.isInternal { for f in file.flags where !seen.contains(f) { seen.append(f) } }
        return seen
    }

    /// The stored kinds whose labels reports take, in the order the gate lists its kinds (run,
    /// snapshot with from and to, trace, console), then the kinds it does not count.
    public static var parameterKinds: [StoredKind] {
        let measured = MeasuredKind.gateOrder.map(\.stored)
        return measured + InputFormats.storedKinds.filter { !measured.contains($0) }
    }

    /// The variant of the report that the given options select; no database needed, so usage
    /// errors come before anything is opened.
    public static func variant(for request: ReportRequest) throws -> QueryFile {
        guard let report = ReportRegistry.report(named: request.name) else {
            var message = "no report named '\(request.name)'"
            let names = ReportRegistry.reports.map(\.name)
            if let guess = names.min(by: { Suggestion.distance($0, request.name) < Suggestion.distance($1, request.name) }),
               Suggestion.distance(guess, request.name) <= 3 {
                message += " (did you mean '\(guess)'?)"
            }
            throw ReportUsageError(message + "; see agtrace report --list")
        }
        let given = Set(request.options.keys)
        let candidates = report.variants.filter { v in
            v.by == request.by && v.details == request.details && Set(v.required).isSubset(of: given)
                && given.isSubset(of: Set(v.parameters.map(\.name))) && request.flags.isSubset(of: Set(v.flags))
        }
        if let best = candidates.max(by: { $0.required.count < $1.required.count }) {
            return best
        }
        if let by = request.by, !report.variants.contains(where: { $0.by == by }) {
            let values = Set(report.variants.compactMap(\.by)).sorted()
            throw ReportUsageError(values.isEmpty ? "report '\(report.name)' takes no --by"
                                                  : "--by takes \(values.map { "'\($0)'" }.joined(separator: " or ")) for '\(report.name)', not '\(by)'")
        }
        if request.details, !report.variants.contains(where: \.details) {
            throw ReportUsageError("report '\(report.name)' takes no --details")
        }
        for flag in request.flags.sorted() where !report.variants.contains(where: { $0.flags.contains(flag) }) {
            throw ReportUsageError("report '\(report.name)' takes no --\(flag)")
        }
        var shown = parameterOptions.filter(given.contains).map { "--\($0)" }
        if let by = request.by { shown.append("--by \(by)") }
        if request.details { shown.append("--details") }
        shown += request.flags.sorted().map { "--\($0)" }
        let forms = report.variants.map { "  agtrace report \(report.name) \($0.usage)" }.joined(separator: "\n")
        let what = shown.isEmpty ? "without options" : "with " + shown.joined(separator: " ")
        throw ReportUsageError("report '\(report.name)' cannot run \(what); it runs as:\n\(forms)")
    }

    /// Resolves the labels of a variant's parameters to ids (exit 1 for an unknown one).
    static func bindings(for variant: QueryFile, options: [String: String], flags: Set<String> = [],
                         in db: Database) throws -> [String: SQLValue] {
        var values: [String: SQLValue] = [:]
        for flag in variant.flags where flags.contains(flag) { values[QueryFile.parameter(flag: flag)] = .integer(1) }
        for p in variant.parameters {
            guard let text = options[p.name] else { continue }
            if let kind = InputFormats.storedKind(option: p.name) {
                values[p.name] = .integer(try LabelLookup.id(of: text, kind: kind, in: db))
            } else {
                values[p.name] = .text(text)
            }
        }
        return values
    }

    /// Runs the report and writes its rows (at most `limit`).
    @discardableResult
    public static func run(_ request: ReportRequest, in db: Database, writer: RowSink) throws -> ReportOutcome {
        let variant = try variant(for: request)
        let values = try bindings(for: variant, options: request.options, flags: request.flags, in: db)
        if variant.needsProfile, let label = request.options["snapshot"], let id = values["snapshot"] {
            try requireProfile(snapshot: id, label: label, in: db)
        }
        var outcome = ReportOutcome()
        (writer as? RowWriter)?.units = variant.units
        if let run = values["run"]?.intValue, let snapshot = values["snapshot"]?.intValue {
            let match = try RunSnapshotMatch.check(in: db, run: run, runLabel: request.options["run"] ?? "", snapshot: snapshot,
                                                   snapshotLabel: request.options["snapshot"] ?? "")
            if let warning = match.warning { outcome.warnings.append(warning) }
        }
        if let from = values["from"]?.intValue, let to = values["to"]?.intValue {
            let fromLabel = request.options["from"] ?? "", toLabel = request.options["to"] ?? ""
            // edge-churn counts the pairing in its merge below, where the query would cost more than it.
            if variant.compute != "edge-churn",
               let warning = try SnapshotPairing.count(in: db, from: from, to: to).warning(in: db, from: from, to: to,
                                                                           fromLabel: fromLabel, toLabel: toLabel) {
                outcome.warnings.append(warning)
            }
            outcome.warnings += try SnapshotOrder.warnings(in: db, from: from, to: to, fromLabel: fromLabel, toLabel: toLabel)
        }
        if let compute = variant.compute {
            let result: (columns: [String], rows: [[SQLValue]])
            switch compute {
            case "dirty-walks":
                guard let run = values["run"]?.intValue else { throw ReportError("dirty-walks: no run") }
                let walks = try DirtyWalks.rows(in: db, run: run, snapshot: values["snapshot"]?.intValue)
                if !walks.edgesKnown && !walks.rows.isEmpty {
                    outcome.warnings.append(RunCauses.noEdgesHint(run: request.options["run"] ?? ""))
                }
                result = (DirtyWalks.columns, walks.rows)
            case "edge-churn":
                // Streamed: two unrelated million-node snapshots differ by millions of rows.
                let ids = try variant.prepare(in: db, values)
                guard try ids.step() else { throw ReportError("edge-churn: no snapshots") }
                let comparison = try SnapshotComparison(in: db, from: ids.int64(0), to: ids.int64(1), values: false)
                if let warning = try comparison.pairing.warning(in: db, from: ids.int64(0), to: ids.int64(1),
                                                                fromLabel: request.options["from"] ?? "", toLabel: request.options["to"] ?? "") {
                    outcome.warnings.insert(warning, at: 0)
                }
                let treeViews = (from: try SnapshotComparison.treeViews(in: db, snapshot: ids.int64(0)),
                                 to: try SnapshotComparison.treeViews(in: db, snapshot: ids.int64(1)))
                writer.begin(columns: SnapshotComparison.edgeChurnColumns)
                let limit = request.limit ?? Int.max
                var n = 0
                comparison.edgeChurnRows(limit: limit == Int.max ? limit : limit + 1, treeViews: treeViews) { row in
                    n += 1
                    if n <= limit { writer.row(row) }
                }
                writer.end()
                outcome.moreRows = n > limit
                return outcome
            default:
                throw QueryFileError(fileName: variant.fileName, message: "unknown compute step '\(compute)'")
            }
            writer.begin(columns: result.columns)
            for row in result.rows.prefix(request.limit ?? Int.max) { writer.row(row) }
            writer.end()
            outcome.moreRows = result.rows.count > (request.limit ?? Int.max)
            return outcome
        }
        let stmt = try variant.prepare(in: db, values)
        let columns = (0..<stmt.columnCount).map { stmt.columnName($0) }
        var n = 0
        do {
            writer.begin(columns: columns)
            while n < (request.limit ?? Int.max), try stmt.step() {
                writer.row((0..<columns.count).map { stmt.value($0) })
                n += 1
            }
            writer.end()
            if let limit = request.limit, n == limit { outcome.moreRows = try stmt.step() }
        } catch let e as DatabaseError where e.message.contains("integer overflow") {
            // A recording's times beyond any clock (stored before they were refused): the
            // file and the row, not SQL.
            if let recording = values["xctrace"]?.intValue, let label = request.options["xctrace"],
               let named = try XctraceNotes.timeBeyondRange(recording: recording, label: label, in: db) {
                throw named
            }
            throw e
        }
        if let trace = values["trace"]?.intValue, let label = request.options["trace"] {
            outcome.notes = try traceNotes(request, variant: variant, trace: trace, label: label, in: db)
        }
        if let recording = values["xctrace"]?.intValue, let label = request.options["xctrace"] {
            outcome.notes += try XctraceNotes.notes(for: variant, recording: recording, label: label, in: db)
        }
        if n == 0, request.name == "updates", let console = values["console"]?.intValue, let label = request.options["console"] {
            outcome.notes.append(try emptyConsoleNote(console, label: label, in: db))
        }
        return outcome
    }

    /// Why `report updates --console C` has no rows: the log holds no `_printChanges` lines,
    /// and what it does hold.
    static func emptyConsoleNote(_ console: Int64, label: String, in db: Database) throws -> String {
        let cycles = try db.scalar("SELECT count(*) FROM cycles WHERE kind = 'console' AND owner_id = ?1", [.integer(console)])?.intValue ?? 0
        let warnings = try db.scalar("SELECT count(*) FROM console_warnings WHERE console_id = ?1", [.integer(console)])?.intValue ?? 0
        func n(_ count: Int64, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "console '\(label)' holds \(n(cycles, "cycle report")), \(n(warnings, "warning")) and no _printChanges lines: there are no body runs to count (let _ = Self._printChanges() in a body prints one per run)"
            + (cycles > 0 ? "; 'agtrace cycles --console \(label)' shows the cycles" : "")
    }

    /// What a report over a trace leaves empty or out: the seconds of evaluations its
    /// timestamps cannot time (in a variant with a seconds column), and with `--by view` the
    /// evaluations of rules that name no view.
    static func traceNotes(_ request: ReportRequest, variant: QueryFile, trace: Int64, label: String,
                           in db: Database) throws -> [String] {
        var notes: [String] = []
        if variant.units.values.contains(.seconds), let note = try TraceNotes.untimed(in: db, trace: trace, label: label) {
            notes.append(note)
        }
        if request.by == "view", let note = try TraceNotes.viewless(in: db, trace: trace, label: label) {
            notes.append(note)
        }
        if request.details, let note = try TraceNotes.marksUnknown(in: db, trace: trace, label: label) {
            notes.append(note)
        }
        return notes
    }

    /// Whole result in memory, for tests and the commands built on reports.
    public static func rows(_ request: ReportRequest, in db: Database) throws -> (columns: [String], rows: [[SQLValue]]) {
        let sink = RowCollector()
        try run(request, in: db, writer: sink)
        return (sink.columns, sink.rows)
    }

    static func requireProfile(snapshot id: SQLValue, label: String, in db: Database) throws {
        let present = try ReportRegistry.query("profile-present").rows(in: db, ["snapshot": id]).rows.first?.first
        if present?.intValue != 1 {
            throw ReportError("snapshot '\(label)' holds no profile data: dump it with AGGraphStartProfiling on (the rule times come from the profile)")
        }
    }
}

/// Where report rows go: a RowWriter (formatted text), or a collector in tests and commands.
public protocol RowSink: AnyObject {
    func begin(columns: [String])
    func row(_ values: [SQLValue])
    func end()
    /// Nobody takes more rows (a closed pipe, a full budget): whoever produces them stops.
    var isClosed: Bool { get }
}

extension RowSink {
    public var isClosed: Bool { false }
}

extension RowWriter: RowSink {}

/// Keeps the rows as values.
public final class RowCollector: RowSink {
    public private(set) var columns: [String] = []
    public private(set) var rows: [[SQLValue]] = []
    public init() {}
    public func begin(columns: [String]) { self.columns = columns }
    public func row(_ values: [SQLValue]) { rows.append(values) }
    public func end() {}
}
