import Foundation

extension MeasuredKind {
    /// A console log: the gate counts its body runs per view, from its `_printChanges` /
    /// `_logChanges` lines (each line is one run of that view's body). The lines name the views
    /// themselves, so a console is counted alone, by view only; the keys survive a rebuild.
    /// No private API and no lldb: an app that prints changes in its UI tests has a gate.
    public static let console = MeasuredKind(
        stored: .console, order: 3, fileOption: "console",
        fileHelp: "a console log (Xcode's console, log stream, a CI job's output): its _printChanges lines' body runs per view, imported privately like --transcript; or the label of a console in the database",
        thing: "console log", inputUsage: "--console FILE or a console's label",
        countedAlone: "its body-change lines name their own views", defaultKey: .view,
        untimed: "a console's body-change lines, which carry no durations", showsItsEnd: false,
        accompanies: "the log of the same test run: its cycle reports and SwiftUI warnings gate (--max-cycles, --max-warnings), its body runs are not counted",
        count: { input, db in try UpdateCounts.console(input.label, key: input.key, in: db) },
        readLines: { path, item in
            [.imported("read \(path): \(item[count: "body runs"]) body runs, \(item[count: "cycles"]) cycle reports")]
                + item.warnings.map { .importWarning("\(path): \($0)") }
        },
        compare: .console)
}

extension CompareHooks {
    /// A console's body runs per view, and how many of them named a change: a `View:
    /// unchanged.` line is a run for the same value (the wasted work `report updates --console`
    /// shows), so `a_unchanged`/`b_unchanged` are known. Untimed: the lines carry no durations.
    public static let console = CompareHooks(keys: { recording, by, db in
        var measures: [String: KeyMeasure] = [:]
        for runs in try UpdateCounts.consoleBodyRuns(recording.label, key: by, in: db).rows where runs.runs > 0 {
            measures[runs.view] = KeyMeasure(evaluations: Int64(runs.runs), changed: Int64(runs.changed))
        }
        return measures
    })
}

extension UpdateCounts {
    /// Counts a console's body runs per view (`body_changes`): every line one run, `unchanged`
    /// ones too (they are work done). Only key view: a console names no attributes or rules.
    public static func console(_ label: String, key: BaselineKey, in db: Database) throws -> UpdateCounts {
        let (row, runs) = try consoleBodyRuns(label, key: key, in: db)
        let source = MeasuredSource(kind: .console, label: label, sha256: row.sha256, importedAt: row.importedAt, ending: row.ending)
        let entries = collect(runs.map { [SQLValue.text($0.view), .integer(Int64($0.runs))] }, key: key)
        return UpdateCounts(source: source, key: key, entries: entries)
    }

    /// The console's row and its body runs per view (what the gate counts and `compare`
    /// reads); refused by any key but view, and for a log with no body-change lines.
    static func consoleBodyRuns(_ label: String, key: BaselineKey, in db: Database) throws -> (row: Row, rows: [BodyRunCount]) {
        guard key == .view else {
            throw UpdateCountsError("a console counts body runs per view (its _printChanges lines name views, not \(key.plural)): use --key view")
        }
        let row = try lookUp(.console, label, in: db)
        let runs = try BodyRuns.perView(console: row.id, in: db)
        if !runs.contains(where: { $0.runs > 0 }) {
            throw UpdateCountsError("console '\(label)' has no body-change lines to count (let _ = Self._printChanges() in a body prints one per run)")
        }
        return (row, runs)
    }
}
