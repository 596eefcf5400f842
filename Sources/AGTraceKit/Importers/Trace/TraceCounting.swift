import Foundation

extension MeasuredKind {
    /// An AttributeGraph trace: the gate counts its rule evaluations, named by the trace's own
    /// types (so it is counted alone), and with `--time` their self seconds. A trace without
    /// its EndTrace was cut by a crash or a kill: refused like a cut transcript.
    public static let trace = MeasuredKind(
        stored: .trace, order: 2, fileOption: "trace",
        fileHelp: "an AttributeGraph trace: a file (AG_TRACE; imported privately like --transcript) or the label of a trace in the database; its rule evaluations, named by its own types",
        thing: "trace",
        inputUsage: "--trace FILE or a trace's label", countedAlone: "its own types name its rules and views", defaultKey: .rule,
        time: (.selfTime, "'agtrace baseline --trace T --time'"), timedInput: "a trace (--trace)", secondsOnRequest: true,
        count: { input, db in try UpdateCounts.trace(input.label, key: input.key, withSeconds: input.withSeconds, in: db) },
        readLines: { path, item in [.imported("read \(path): \(item.events) events, \(item.updates) evaluations")] },
        compare: .trace)
}

extension UpdateCounts {
    /// Counts a trace's rule evaluations (`trace_updates`), per attribute, rule (the trace's own
    /// type names; an attribute no type names is keyed `(attribute N)`) or view (`(no view)` for
    /// rules of no view). `seconds` (with `withSeconds`): the evaluations' self time (each one's
    /// duration minus the evaluations nested inside it), so that a slower child does not slow
    /// its parents and the total is the work done once; every evaluation must be timed (a
    /// trace with whole-second timestamps has none).
    public static func trace(_ label: String, key: BaselineKey, withSeconds: Bool = false, in db: Database) throws -> UpdateCounts {
        let row = try lookUp(.trace, label, in: db)
        let source = MeasuredSource(kind: .trace, label: label, sha256: row.sha256, importedAt: row.importedAt, ending: row.ending)
        let keyExpression: String
        switch key {
        case .attribute: keyExpression = "CAST(attribute AS TEXT)"
        case .rule: keyExpression = "coalesce(rule, '(attribute ' || attribute || ')')"
        case .view: keyExpression = "coalesce(view, ?3)"
        }
        let rows = try db.rows("""
            SELECT \(keyExpression) AS key, count(*),
                   CASE WHEN ?2 AND count(self_duration) = count(end_seq) AND count(end_seq) > 0 THEN sum(self_duration) END
            FROM trace_updates WHERE trace_id = ?1
            GROUP BY key
            """, [.integer(row.id), .integer(withSeconds ? 1 : 0)] + (key == .view ? [.text(noViewKey)] : []))
        let entries = collect(rows, key: key)
        if entries.isEmpty {
            throw UpdateCountsError("trace '\(label)' has no rule evaluations (BeginValueUpdate events) to count")
        }
        if withSeconds, entries.values.contains(where: { $0.seconds == nil }) {
            throw UpdateCountsError("trace '\(label)' cannot time its evaluations (whole-second or missing timestamps, or evaluations without an end): --time needs a trace with fixed64 timestamps")
        }
        return UpdateCounts(source: source, key: key, entries: entries, time: withSeconds ? .selfTime : nil)
    }
}
