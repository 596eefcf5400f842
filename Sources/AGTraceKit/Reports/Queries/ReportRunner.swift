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

    /// The kinds whose options `values` binds, in `parameterKinds`' order: whose hooks the run calls.
    static func givenKinds(_ values: [String: SQLValue]) -> [StoredKind] {
        parameterKinds.filter { kind in kind.options.contains { values[$0.name] != nil } }
    }

    /// Runs the report and writes its rows (at most `limit`): the given kinds' hooks say what
    /// qualifies them before (warnings, refusals) and after (notes), and make the rows of a
    /// compute step (`KindHooks.report`).
    @discardableResult
    public static func run(_ request: ReportRequest, in db: Database, writer: RowSink) throws -> ReportOutcome {
        let variant = try variant(for: request)
        let values = try bindings(for: variant, options: request.options, flags: request.flags, in: db)
        let kinds = givenKinds(values)
        var context = ReportContext(request: request, variant: variant, values: values, db: db)
        var outcome = ReportOutcome()
        (writer as? RowWriter)?.units = variant.units
        for kind in kinds { outcome.warnings += try kind.hooks.report.before?(context) ?? [] }
        if let compute = variant.compute {
            guard let step = InputFormats.storedKinds.lazy.compactMap({ $0.hooks.report.computes[compute] }).first else {
                throw QueryFileError(fileName: variant.fileName, message: "unknown compute step '\(compute)'")
            }
            try step(context, writer, &outcome)
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
        } catch let e as DatabaseError {
            for kind in kinds { if let named = try kind.hooks.report.failure?(e, context) { throw named } }
            throw e
        }
        context.rows = n
        for kind in kinds { outcome.notes += try kind.hooks.report.notes?(context) ?? [] }
        return outcome
    }

    /// A compute step's rows, at most `limit` of them; whether more were left out.
    public static func write(columns: [String], rows: [[SQLValue]], limit: Int?, to writer: RowSink) -> Bool {
        writer.begin(columns: columns)
        for row in rows.prefix(limit ?? Int.max) { writer.row(row) }
        writer.end()
        return rows.count > (limit ?? Int.max)
    }

    /// Whole result in memory, for tests and the commands built on reports.
    public static func rows(_ request: ReportRequest, in db: Database) throws -> (columns: [String], rows: [[SQLValue]]) {
        let sink = RowCollector()
        try run(request, in: db, writer: sink)
        return (sink.columns, sink.rows)
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
