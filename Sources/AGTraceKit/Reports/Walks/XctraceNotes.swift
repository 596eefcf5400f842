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
        } else if !has(1), variant.sql.contains("downstream_cost") {
            // The report reads downstream-cost (`downstream_cost_ns` of xctrace_updates, or
            // `downstream_cost_value` of xctrace_update_cells): its downstream column is empty.
            notes.append("recording '\(label)''s swiftui-updates has no downstream-cost column (the Xcode 26 layout): downstream seconds are empty, not 0")
        }
        if variant.name == "hitches" {
            if !has(3) { notes.append("recording '\(label)' holds no hitches or potential-hangs table: no window to explain") }
            if has(0) && !has(2) { notes.append("recording '\(label)' holds no swiftui-causes table: caused_by is empty (unknown)") }
        }
        return notes
    }

    /// The first row of the recording whose time (a start, a duration, a timestamp) is beyond
    /// `XctraceSchemas.maxTime`: stored before such times were refused at import, it is what
    /// makes a report's sums leave 64-bit integers. An error naming the file and the row (nil
    /// when no such row is stored).
    static func timeBeyondRange(recording id: Int64, label: String, in db: Database) throws -> ReportError? {
        let slots = (0..<XctraceSchemas.fixedSlots).map { "WHEN \($0) THEN r.c\($0)" }.joined(separator: " ")
        let times = XctraceSchemas.timeMnemonics.sorted().map { "'\($0)'" }.joined(separator: ", ")
        let limit = XctraceSchemas.maxTime
        let rows = try db.rows("""
            SELECT coalesce(x.source, x.label), t.document, t.schema, r.position, c.mnemonic, v.number
            FROM xctrace_recordings x JOIN xctrace_tables t ON t.recording_id = x.id
            JOIN xctrace_columns c ON c.table_id = t.id AND c.mnemonic IN (\(times))
            JOIN xctrace_rows r ON r.table_id = t.id
            JOIN xctrace_values v ON v.id = CASE c.slot \(slots) END
            WHERE x.id = ?1 AND (v.number > \(limit) OR v.number < -\(limit))
            ORDER BY t.position, r.position LIMIT 1
            """, [.integer(id)])
        guard let row = rows.first else { return nil }
        let file = row[0].description, document = row[1].intValue ?? 0
        return ReportError("recording '\(label)' (from \(file)\(document > 0 ? ", file \(document + 1) of its folder" : "")): row \((row[3].intValue ?? 0) + 1) of \(row[2].description) holds a \(row[4].description) of \(row[5].description) ns, beyond 2^53 ns (104 days): sums and ends of such times leave 64-bit integers. Imported before agtrace refused such times; import the file again to see the refusal, or delete the recording")
    }
}
