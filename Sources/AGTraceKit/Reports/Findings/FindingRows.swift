import Foundation

/// The rows of one of Queries/findings-*.sql, read by column name.
struct FindingRows {
    struct Row {
        let columns: [String: Int]
        let values: [SQLValue]
        subscript(_ name: String) -> SQLValue { columns[name].map { values[$0] } ?? .null }
        func int(_ name: String) -> Int64? { self[name].intValue }
        func double(_ name: String) -> Double? { self[name].doubleValue }
        func text(_ name: String) -> String? { self[name].stringValue }
        /// A `group_concat` of integers, sorted (SQLite gives no order).
        func integers(_ name: String) -> [Int64] {
            (text(name) ?? "").split(separator: ",").compactMap { Int64($0) }.sorted()
        }
        /// A `group_concat` of names, sorted and each once.
        func names(_ name: String) -> [String] {
            Array(Set((text(name) ?? "").split(separator: ",").map(String.init))).sorted()
        }
    }

    static func query(_ name: String, in db: Database, _ values: [String: SQLValue]) throws -> [Row] {
        let result = try ReportRegistry.query(name).rows(in: db, values)
        let columns = Dictionary(uniqueKeysWithValues: result.columns.enumerated().map { ($1, $0) })
        return result.rows.map { Row(columns: columns, values: $0) }
    }
}

extension Array where Element == FindingCount {
    /// Counts from (name, value) pairs, the unknown ones (nil) left out.
    static func of(_ pairs: KeyValuePairs<String, Int64?>) -> [FindingCount] {
        pairs.compactMap { name, value in value.map { FindingCount(name, $0) } }
    }
}

/// Seconds as people read them in a sentence: 1.2 s, 3.4 ms, 560 µs.
func spokenSeconds(_ s: Double) -> String {
    if s >= 1 { return String(format: "%.2f s", s) }
    if s >= 0.001 { return String(format: "%.1f ms", s * 1e3) }
    return String(format: "%.0f µs", s * 1e6)
}

func plural(_ n: Int64, _ word: String, _ many: String? = nil) -> String {
    "\(n) \(n == 1 ? word : many ?? word + "s")"
}
