import CSQLite

/// `agtrace_nearest_rank(value, percent)`, an SQL aggregate: the group's value at the nearest
/// rank for `percent` (1-100), the ceil(n × percent / 100)th of its values in ascending order;
/// NULL when any of them is NULL (a percentile of partly unknown values is unknown). A report
/// that ranked its rows with `row_number() OVER (PARTITION BY … ORDER BY …)` sorted every row
/// of the group by a window, then joined back for one row; this keeps each group's numbers and
/// sorts them once, in the same pass as the group's sums.
enum NearestRank {
    static let name = "agtrace_nearest_rank"

    /// A number as SQLite stored it, so the answer is printed as the row held it.
    enum Number: Comparable {
        case integer(Int64), real(Double)

        static func < (a: Number, b: Number) -> Bool {
            switch (a, b) {
            case (.integer(let x), .integer(let y)): return x < y
            case (.real(let x), .real(let y)): return x < y
            case (.integer(let x), .real(let y)): return Double(x) < y
            case (.real(let x), .integer(let y)): return x < Double(y)
            }
        }
    }

    /// One group's values, kept behind SQLite's aggregate context until its final call.
    final class Group {
        var percent: Int64 = 0
        var numbers: [Number] = []
        var sawNull = false

        /// The value at the nearest rank, or nil when a value was NULL.
        func value() -> Number? {
            guard !sawNull, !numbers.isEmpty else { return nil }
            let rank = (Int64(numbers.count) * percent + 99) / 100
            numbers.sort()
            return numbers[Int(max(rank, 1)) - 1]
        }
    }

    static func register(on handle: OpaquePointer) {
        sqlite3_create_function_v2(handle, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, nil, { context, _, args in
            guard let context, let args, let value = args[0], let percentArg = args[1] else { return }
            guard let slot = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size))?
                .assumingMemoryBound(to: UnsafeMutableRawPointer?.self) else {
                sqlite3_result_error_nomem(context)
                return
            }
            let group: Group
            if let existing = slot.pointee {
                group = Unmanaged<Group>.fromOpaque(existing).takeUnretainedValue()
            } else {
                guard sqlite3_value_type(percentArg) == SQLITE_INTEGER,
                      case let percent = sqlite3_value_int64(percentArg), (1...100).contains(percent) else {
                    sqlite3_result_error(context, "agtrace_nearest_rank: the percent must be a whole number from 1 to 100", -1)
                    return
                }
                group = Group()
                group.percent = percent
                slot.pointee = Unmanaged.passRetained(group).toOpaque()
            }
            switch sqlite3_value_type(value) {
            case SQLITE_INTEGER: group.numbers.append(.integer(sqlite3_value_int64(value)))
            case SQLITE_FLOAT: group.numbers.append(.real(sqlite3_value_double(value)))
            case SQLITE_NULL: group.sawNull = true
            default: sqlite3_result_error(context, "agtrace_nearest_rank: a value is text or a blob, not a number", -1)
            }
        }, { context in
            guard let context else { return }
            // Size 0: no allocation for a group that never stepped (an empty table's one row).
            guard let raw = sqlite3_aggregate_context(context, 0),
                  let opaque = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee else {
                sqlite3_result_null(context)
                return
            }
            let group = Unmanaged<Group>.fromOpaque(opaque).takeRetainedValue()
            switch group.value() {
            case .integer(let x): sqlite3_result_int64(context, x)
            case .real(let x): sqlite3_result_double(context, x)
            case nil: sqlite3_result_null(context)
            }
        }, nil)
    }
}
