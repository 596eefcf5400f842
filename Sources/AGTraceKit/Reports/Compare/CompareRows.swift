/// `compare`'s outcome as rows for the row formats (table, csv, json): unknown is NULL
/// (shown empty), never 0.
enum CompareRows {
    static func keyColumns(by: BaselineKey, repeated: Bool) -> [String] {
        var columns = [by.rawValue] + (by == .view ? [] : ["view"])
        columns += ["a_evaluations", "b_evaluations", "delta", "delta_pct", "a_unchanged", "b_unchanged", "evaluations_verdict",
                    "a_self_seconds", "b_self_seconds", "self_delta_seconds", "a_total_seconds", "b_total_seconds", "ratio"]
        if repeated { columns += ["a_self_spread", "b_self_spread", "ratio_low", "ratio_high", "p_value"] }
        columns.append("time_verdict")
        return columns
    }

    static func key(_ k: KeyDifference, by: BaselineKey, repeated: Bool) -> [SQLValue] {
        var row: [SQLValue] = [.text(k.key)] + (by == .view ? [] : [text(k.view)])
        row += [number(k.a), number(k.b), number(k.delta), number(k.a > 0 ? k.delta / k.a : nil),
                number(k.aUnchanged), number(k.bUnchanged), .text(k.countVerdict),
                number(k.aSelf), number(k.bSelf), number(k.selfDelta), number(k.aTotal), number(k.bTotal), number(k.ratio)]
        if repeated {
            row += [number(k.time?.a?.spread), number(k.time?.b?.spread), number(k.time?.interval?.low),
                    number(k.time?.interval?.high), number(k.time?.pValue)]
        }
        row.append(text(k.timeVerdict))
        return row
    }

    static let keyUnits: [String: ColumnUnit] = {
        var units: [String: ColumnUnit] = ["delta_pct": .fraction, "ratio": .ratio, "ratio_low": .ratio, "ratio_high": .ratio,
                                           "p_value": .probability]
        for name in ["a_self_seconds", "b_self_seconds", "self_delta_seconds", "a_total_seconds", "b_total_seconds",
                     "a_self_spread", "b_self_spread"] { units[name] = .seconds }
        return units
    }()

    static let writeColumns = ["rule", "view", "position", "a_seq", "b_seq", "a_reran", "b_reran", "delta", "a_changed", "b_changed",
                               "a_views", "b_views", "only_in_a", "only_in_b", "match"]

    static func write(_ w: WriteDifference) -> [SQLValue] {
        let delta: SQLValue = w.a.flatMap { a in w.b.map { .integer($0.reran - a.reran) } } ?? .null
        return [.text(w.key), text(w.view), .integer(Int64(w.position)), integer(w.a?.position), integer(w.b?.position),
                integer(w.a?.reran), integer(w.b?.reran), delta, integer(w.a?.changed), integer(w.b?.changed),
                views(w.a), views(w.b), .text(w.onlyA.joined(separator: ", ")), .text(w.onlyB.joined(separator: ", ")),
                .text(w.match)]
    }

    /// A whole number as an integer (counts, their medians), else a real; nil as NULL.
    static func number(_ x: Double?) -> SQLValue {
        guard let x, x.isFinite else { return .null }
        if x == x.rounded(), abs(x) < 1e15, x != 0 || x.sign == .plus { return .integer(Int64(x)) }
        return .real(x)
    }

    static func integer(_ x: Int64?) -> SQLValue { x.map { .integer($0) } ?? .null }
    static func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
    static func views(_ w: RecordedWrite?) -> SQLValue { w.map { .text($0.views.joined(separator: ", ")) } ?? .null }
}
