/// What the rows of a report over an Instruments recording leave empty, and why, said beside
/// them on stderr: a table the export left out, a column its layout has not.
enum XctraceNotes {
    static func notes(for variant: QueryFile, recording id: Int64, label: String, in db: Database) throws -> [String] {
        guard let present = try ReportRegistry.query("xctrace-tables-present").rows(in: db, ["xctrace": .integer(id)]).rows.first else { return [] }
        let has = { (i: Int) in present[i].intValue == 1 }
        let export = "xctrace export --input R.trace --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"S\"]'"
        var notes: [String] = []
        if !has(0) {
            notes.append("recording '\(label)' holds no swiftui-updates table: its SwiftUI updates are unknown (empty), not none; export the table with \(export.replacingOccurrences(of: "\"S\"", with: "\"swiftui-updates\""))")
        } else if !has(1), variant.sql.contains("downstream_cost_ns") {
            notes.append("recording '\(label)''s swiftui-updates has no downstream-cost column (the Xcode 26 layout): downstream seconds are empty, not 0")
        }
        if variant.name == "hitches" {
            if !has(3) { notes.append("recording '\(label)' holds no hitches or potential-hangs table: no window to explain") }
            if has(0) && !has(2) { notes.append("recording '\(label)' holds no swiftui-causes table: caused_by is empty (unknown)") }
        }
        return notes
    }
}
