/// `agtrace why --view V --xctrace R`: the cause edges Instruments recorded into view V
/// (`xctrace_causes`), in time order, each with the view's first update after it. A recording
/// has no attributes, so only `--view` starts one; the edges are Instruments' own (its
/// Cause & Effect graph), nothing is inferred.
public enum XctraceWhy {
    public static var units: [String: ColumnUnit] { ReportRegistry.query("why-xctrace").units }

    public static func rows(in db: Database, recording: Int64, label: String, view: String, log: CommandLog) throws
        -> (columns: [String], rows: [[SQLValue]]) {
        let result = try ReportRegistry.query("why-xctrace").rows(in: db, ["xctrace": .integer(recording), "view": .text(view)])
        if result.rows.isEmpty {
            let updates = try db.scalar("SELECT count(*) FROM xctrace_updates WHERE recording_id = ?1 AND view = ?2",
                                        [.integer(recording), .text(view)])?.intValue ?? 0
            guard updates > 0 else {
                throw ReportError("no update of view '\(view)' in Instruments recording '\(label)' ('agtrace report updates --xctrace \(label) --by view' lists its views)")
            }
            let edges = try db.scalar("SELECT count(*) FROM xctrace_causes WHERE recording_id = ?1", [.integer(recording)])?.intValue ?? 0
            log.say(.line(edges == 0
                ? "Instruments recording '\(label)' holds no cause edges (export its swiftui-causes table too): \(updates) updates of '\(view)', causes unknown"
                : "no cause edge of Instruments recording '\(label)' leads into '\(view)' (\(updates) updates of it)"))
        }
        return result
    }
}
