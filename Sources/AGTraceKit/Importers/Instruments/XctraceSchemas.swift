/// The Instruments tables agtrace has views of: each known schema's mnemonics in the order of
/// their slots in `xctrace_rows` (migration 15's views read these slots: the two must agree,
/// `XctraceSchemaTests` checks it), and the mnemonics a report needs (a table without one
/// is refused, naming it). Columns are found by mnemonic, never by position: Xcode 26's
/// `swiftui-updates` has 16 columns, 27's 18, in another order.
enum XctraceSchemas {
    static let slots: [String: [String]] = [
        "swiftui-updates": ["start", "duration", "id", "update-type", "allocations", "description", "category", "view-hierarchy", "module", "view-name", "process", "thread", "root-causes", "severity", "downstream-cost", "downstream-events", "cause-graph-node", "full-cause-graph-node"],
        "swiftui-update-groups": ["start", "duration", "label", "cause-backtrace", "backtrace", "process", "thread"],
        "swiftui-causes": ["timestamp", "source-node-event-id", "source-node", "destination-node-event-id", "destination-node", "label", "value-type", "changed-properties", "layout-info", "process"],
        "swiftui-changes": ["timestamp", "id", "description", "backtrace", "process", "thread"],
        "hitches": ["start", "duration", "process", "is-system", "swap-id", "label", "display", "narrative-description"],
        "potential-hangs": ["start", "duration", "hang-type", "thread", "process"],
        "time-profile": ["time", "thread", "process", "core", "thread-state", "weight", "stack"],
    ]

    /// What the reports read of each: a layout without one of these is refused.
    static let required: [String: [String]] = [
        "swiftui-updates": ["start", "duration", "update-type", "description", "module"],
        "swiftui-update-groups": ["start", "duration", "label"],
        "swiftui-causes": ["timestamp", "source-node", "destination-node"],
        "swiftui-changes": ["timestamp", "description"],
        "hitches": ["start", "duration"],
        "potential-hangs": ["start", "duration", "hang-type"],
        "time-profile": ["time", "weight"],
    ]

    /// The columns of known schemas that hold times in ns: starts, durations, timestamps. The
    /// reports add them (start + duration, sums of durations) and exports convert them.
    static let timeMnemonics: Set<String> = ["start", "duration", "timestamp", "time", "downstream-cost"]

    /// The largest time a time column may hold, in ns: 2^53 (104 days, longer than any
    /// recording; exact as a Double). A start plus a duration then never leaves a 64-bit
    /// integer, nor do a thousand such durations summed; a larger time is refused at import.
    static let maxTime: UInt64 = 1 << 53

    /// Cells of slots from this one on go to `xctrace_rows.more` (JSON).
    static let fixedSlots = 24

    /// Each column's slot: a known mnemonic's own, else the next free one after the known
    /// ones (a new column is kept); an unknown schema's columns in position order.
    static func slots(schema: String, mnemonics: [String?]) -> [Int] {
        guard let known = slots[schema] else { return Array(mnemonics.indices) }
        var next = known.count
        var taken = Set<Int>()
        return mnemonics.map { m in
            if let m, let i = known.firstIndex(of: m), taken.insert(i).inserted { return i }
            defer { next += 1 }
            return next
        }
    }

    /// The mnemonics a report needs that `mnemonics` lacks (empty for an unknown schema).
    static func missing(schema: String, mnemonics: [String?]) -> [String] {
        (required[schema] ?? []).filter { !mnemonics.contains($0) }
    }
}

