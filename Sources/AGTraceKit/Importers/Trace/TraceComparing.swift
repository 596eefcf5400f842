import Foundation

extension CompareHooks {
    /// A trace's evaluations per key (`trace_updates`: changed or not, self and total seconds
    /// when its timestamps time them) and its writes (`trace_writes`) with the evaluations
    /// each caused (`cause_seq`) and their views (Queries/compare-trace-*.sql).
    public static let trace = CompareHooks(
        keys: { recording, by, db in
            let id = try LabelLookup.traceId(recording.label, in: db)
            let rows = try ReportRegistry.query("compare-trace-keys")
                .rows(in: db, ["trace": .integer(id), "by": .text(by.rawValue), "no_view": .text(UpdateCounts.noViewKey)]).rows
            var measures: [String: KeyMeasure] = [:]
            for r in rows {
                measures[by.storedKey(r[0].description)] = KeyMeasure(
                    evaluations: r[2].intValue ?? 0, changed: r[3].intValue, selfSeconds: r[4].doubleValue,
                    totalSeconds: r[5].doubleValue, view: r[1].stringValue, unfinished: r[6].intValue ?? 0)
            }
            return measures
        },
        writes: { recording, by, db in
            let id = try LabelLookup.traceId(recording.label, in: db)
            return try ReportRegistry.query("compare-trace-writes")
                .rows(in: db, ["trace": .integer(id), "by": .text(by.rawValue)]).rows.map { r in
                    RecordedWrite(position: r[0].intValue ?? 0, attribute: r[1].intValue, key: r[2].description,
                                  view: r[3].stringValue, reran: r[4].intValue ?? 0, changed: r[5].intValue,
                                  views: (r[6].stringValue ?? "").split(separator: "\n").map(String.init))
                }
        })
}
