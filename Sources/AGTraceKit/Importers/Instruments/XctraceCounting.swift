import Foundation

extension MeasuredKind {
    /// An Instruments recording (`xctrace export` of the SwiftUI template): the gate counts its
    /// body updates per view (key view), or every update per description (key rule), and with
    /// `--time` their own main-thread seconds (the `duration` column: an update's own time, so
    /// self time). The updates name their own views, so a recording is counted alone.
    public static let recording = MeasuredKind(
        stored: .recording, order: 4, fileOption: StoredKind.recording.option,
        fileHelp: "an Instruments recording: a file of xctrace export (imported privately like --transcript) or the label of one in the database; its SwiftUI body updates per view",
        thing: "Instruments recording",
        inputUsage: "--xctrace FILE or a recording's label", countedAlone: "its updates name their own views", defaultKey: .view,
        time: (.selfTime, "'agtrace baseline --xctrace R --time'"), timedInput: "an Instruments recording (--xctrace)", secondsOnRequest: true,
        showsItsEnd: false,
        count: { input, db in try UpdateCounts.xctrace(input.label, key: input.key, withSeconds: input.withSeconds, in: db) },
        readLines: { path, item in [.imported("read \(path): \(item.kind.format.counts(of: item))")] })
}

extension UpdateCounts {
    /// Counts an Instruments recording's updates (`xctrace_updates`): body updates per view, or
    /// every update per description (key rule); a recording has no attributes.
    public static func xctrace(_ label: String, key: BaselineKey, withSeconds: Bool = false, in db: Database) throws -> UpdateCounts {
        guard key != .attribute else {
            throw UpdateCountsError("an Instruments recording names no attributes (its updates name views and descriptions): use --key view or --key rule")
        }
        let row = try lookUp(.recording, label, in: db)
        let source = MeasuredSource(kind: .recording, label: label, sha256: row.sha256, importedAt: row.importedAt, ending: row.ending)
        let rows = try ReportRegistry.query("xctrace-counts").rows(in: db, [
            "xctrace": .integer(row.id), "by_rule": key == .rule ? .integer(1) : .null, "with_seconds": .integer(withSeconds ? 1 : 0),
        ]).rows
        let entries = collect(rows, key: key)
        if entries.isEmpty {
            throw UpdateCountsError("Instruments recording '\(label)' has no \(key == .view ? "body updates" : "SwiftUI updates") to count (export its swiftui-updates table: xctrace export --xpath '…/table[@schema=\"swiftui-updates\"]')")
        }
        if withSeconds, entries.values.contains(where: { $0.seconds == nil }) {
            throw UpdateCountsError("Instruments recording '\(label)' leaves some update's duration empty: --time needs every counted update timed")
        }
        return UpdateCounts(source: source, key: key, entries: entries, time: withSeconds ? .selfTime : nil)
    }
}
