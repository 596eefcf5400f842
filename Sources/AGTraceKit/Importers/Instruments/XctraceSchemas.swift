/// The Instruments tables agtrace has views of, each declared once: its mnemonics in the order
/// of their slots in `xctrace_rows` (what the reader writes), the ones a report needs (a table
/// without one is refused, naming it), and its view's columns, each reading a slot by
/// mnemonic (migration 15's views are written out from these; `SchemaTests` checks their text
/// is still the published one). Columns are found by mnemonic, never by position: Xcode 26's
/// `swiftui-updates` has 16 columns, 27's 18, in another order.
struct XctraceSchema {
    /// The schema's name in the export (`swiftui-updates`).
    let name: String
    /// Its view (`xctrace_updates`).
    let view: String
    /// Its mnemonics, in slot order.
    let slots: [String]
    /// What the reports read of it.
    let required: [String]
    /// The view's columns, in order.
    let columns: [XctraceColumn]

    /// Its view: the rows of its tables, a column per value read. `frameworks` is what
    /// `is_app` compares a module with (an SQL list or subquery).
    func viewSQL(frameworks: String) -> String {
        let select = (["t.recording_id", "r.position"] + columns.map { $0.sql(slots: slots, frameworks: frameworks) } + ["r.table_id"])
            .joined(separator: ",\n           ")
        let values = slots.indices.map { "\n    LEFT JOIN xctrace_values v\($0) ON v\($0).id = r.c\($0)" }.joined()
        return "CREATE VIEW \(view) AS\n    SELECT \(select)\n    FROM xctrace_tables t JOIN xctrace_rows r ON r.table_id = t.id\(values)\n    WHERE t.schema = '\(name)';"
    }

    /// A second view of the same rows (migration 23): each mnemonic's value id
    /// (`xctrace_values.id`, the column `cellColumn(mnemonic)`) instead of its value. The
    /// document's `ref`s make a repeated value one id, so a report can group a recording's rows
    /// by ids and read each distinct value once, where the view reads every cell's value.
    func cellsViewSQL(name: String) -> String {
        let select = (["t.recording_id", "r.position", "r.table_id"] + slots.indices.map { "r.c\($0) AS \(Self.cellColumn(slots[$0]))" })
            .joined(separator: ",\n           ")
        return "CREATE VIEW \(name) AS\n    SELECT \(select)\n    FROM xctrace_tables t JOIN xctrace_rows r ON r.table_id = t.id\n    WHERE t.schema = '\(self.name)';"
    }

    /// The cells view's column of a mnemonic: `update-type` -> `update_type_value`.
    static func cellColumn(_ mnemonic: String) -> String { mnemonic.replacingOccurrences(of: "-", with: "_") + "_value" }
}

/// How a view's column reads the value in the slot of a mnemonic (`vN`, the value of
/// `xctrace_rows.cN`): (the column's name, the mnemonic).
enum XctraceColumn {
    case number(String, String), text(String, String), shown(String, String), threadId(String, String), backtrace(String, String)
    /// 0 when the module is one of the frameworks (`XctraceSchema.viewSQL`), 1 when another,
    /// NULL when unknown.
    case isApp(String, String)
    /// An expression over the values, each written `{mnemonic}`.
    case sql(String)

    func sql(slots: [String], frameworks: String) -> String {
        func v(_ m: String) -> String { "v\(slots.firstIndex(of: m)!)" }
        switch self {
        case .number(let name, let m): return "\(v(m)).number AS \(name)"
        case .text(let name, let m): return "coalesce(\(v(m)).raw, CAST(\(v(m)).number AS TEXT)) AS \(name)"
        case .shown(let name, let m): return "coalesce(\(v(m)).fmt, \(v(m)).raw, CAST(\(v(m)).number AS TEXT)) AS \(name)"
        case .threadId(let name, let m):
            let s = slots.firstIndex(of: m)!
            return "(SELECT t.number FROM xctrace_children k JOIN xctrace_values t ON t.id = k.child_id WHERE k.parent_id = r.c\(s) AND t.tag = 'tid') AS \(name)"
        case .backtrace(let name, let m):
            // A tagged-backtrace holds its backtrace; a backtrace cell is one.
            let s = slots.firstIndex(of: m)!
            return "CASE WHEN \(v(m)).tag = 'backtrace' THEN \(v(m)).id ELSE (SELECT k.child_id FROM xctrace_children k JOIN xctrace_values b ON b.id = k.child_id WHERE k.parent_id = r.c\(s) AND b.tag = 'backtrace' ORDER BY k.position LIMIT 1) END AS \(name)"
        case .isApp(let name, let m):
            return "CASE WHEN \(v(m)).raw IS NULL THEN NULL WHEN \(v(m)).raw IN \(frameworks) THEN 0 ELSE 1 END AS \(name)"
        case .sql(let expression):
            return slots.indices.reduce(expression) { $0.replacingOccurrences(of: "{\(slots[$1])}", with: "v\($1)") }
        }
    }
}

enum XctraceSchemas {
    /// The cells view of `updates` (`XctraceSchema.cellsViewSQL`).
    static let updateCellsView = "xctrace_update_cells"

    static let updates = XctraceSchema(
        name: "swiftui-updates", view: "xctrace_updates",
        slots: ["start", "duration", "id", "update-type", "allocations", "description", "category", "view-hierarchy", "module", "view-name",
                "process", "thread", "root-causes", "severity", "downstream-cost", "downstream-events", "cause-graph-node", "full-cause-graph-node"],
        required: ["start", "duration", "update-type", "description", "module"],
        columns: [
            .number("start_ns", "start"), .number("duration_ns", "duration"), .number("update_id", "id"), .text("update_type", "update-type"),
            .sql(#"CASE WHEN {update-type}.raw = 'View Body Updates' AND coalesce({description}.raw, CAST({description}.number AS TEXT)) LIKE '%.body' THEN substr(coalesce({description}.raw, CAST({description}.number AS TEXT)), 1, length(coalesce({description}.raw, CAST({description}.number AS TEXT))) - 5) ELSE coalesce({description}.raw, CAST({description}.number AS TEXT)) END AS view"#),
            .text("description", "description"), .text("category", "category"), .text("hierarchy", "view-hierarchy"), .text("module", "module"),
            .text("view_name", "view-name"), .shown("process", "process"), .shown("thread", "thread"), .threadId("thread_id", "thread"),
            .text("severity", "severity"), .number("downstream_cost_ns", "downstream-cost"), .number("downstream_events", "downstream-events"),
            .text("cause_node", "cause-graph-node"), .text("full_cause_node", "full-cause-graph-node"), .isApp("is_app", "module"),
            .number("allocations", "allocations"), .text("root_causes", "root-causes"),
        ])

    /// Every known schema, in the order migration 15 made their views.
    static let known: [XctraceSchema] = [
        updates,
        XctraceSchema(
            name: "swiftui-update-groups", view: "xctrace_update_groups",
            slots: ["start", "duration", "label", "cause-backtrace", "backtrace", "process", "thread"],
            required: ["start", "duration", "label"],
            columns: [
                .number("start_ns", "start"), .number("duration_ns", "duration"), .text("label", "label"), .shown("process", "process"),
                .shown("thread", "thread"), .threadId("thread_id", "thread"), .backtrace("backtrace_id", "backtrace"),
                .backtrace("cause_backtrace_id", "cause-backtrace"),
            ]),
        XctraceSchema(
            name: "swiftui-causes", view: "xctrace_causes",
            slots: ["timestamp", "source-node-event-id", "source-node", "destination-node-event-id", "destination-node", "label", "value-type",
                    "changed-properties", "layout-info", "process"],
            required: ["timestamp", "source-node", "destination-node"],
            columns: [
                .number("timestamp_ns", "timestamp"), .number("source_event_id", "source-node-event-id"), .shown("source", "source-node"),
                .number("destination_event_id", "destination-node-event-id"), .shown("destination", "destination-node"), .text("label", "label"),
                .text("value_type", "value-type"), .text("changed_properties", "changed-properties"), .text("layout_info", "layout-info"),
                .shown("process", "process"),
            ]),
        XctraceSchema(
            name: "swiftui-changes", view: "xctrace_changes",
            slots: ["timestamp", "id", "description", "backtrace", "process", "thread"],
            required: ["timestamp", "description"],
            columns: [
                .number("timestamp_ns", "timestamp"), .number("change_id", "id"), .text("description", "description"),
                .backtrace("backtrace_id", "backtrace"), .shown("process", "process"), .shown("thread", "thread"), .threadId("thread_id", "thread"),
            ]),
        XctraceSchema(
            name: "hitches", view: "xctrace_hitches",
            slots: ["start", "duration", "process", "is-system", "swap-id", "label", "display", "narrative-description"],
            required: ["start", "duration"],
            columns: [
                .number("start_ns", "start"), .number("duration_ns", "duration"), .shown("process", "process"), .number("is_system", "is-system"),
                .number("swap_id", "swap-id"), .text("label", "label"), .text("display", "display"), .text("narrative", "narrative-description"),
            ]),
        XctraceSchema(
            name: "potential-hangs", view: "xctrace_hangs",
            slots: ["start", "duration", "hang-type", "thread", "process"],
            required: ["start", "duration", "hang-type"],
            columns: [
                .number("start_ns", "start"), .number("duration_ns", "duration"), .text("hang_type", "hang-type"), .shown("thread", "thread"),
                .threadId("thread_id", "thread"), .shown("process", "process"),
            ]),
        XctraceSchema(
            name: "time-profile", view: "xctrace_time_profile",
            slots: ["time", "thread", "process", "core", "thread-state", "weight", "stack"],
            required: ["time", "weight"],
            columns: [
                .number("time_ns", "time"), .shown("thread", "thread"), .threadId("thread_id", "thread"), .shown("process", "process"),
                .number("core", "core"), .text("thread_state", "thread-state"), .number("weight_ns", "weight"),
                .backtrace("backtrace_id", "stack"),
            ]),
    ]

    /// Each known schema's mnemonics in slot order.
    static let slots: [String: [String]] = Dictionary(uniqueKeysWithValues: known.map { ($0.name, $0.slots) })

    /// What the reports read of each: a layout without one of these is refused.
    static let required: [String: [String]] = Dictionary(uniqueKeysWithValues: known.map { ($0.name, $0.required) })

    /// The modules `is_app` counts as Apple's (0): the rows migration 22 put in
    /// `apple_frameworks`, and the list migration 15 froze in the view's SQL. Published: a
    /// framework added later is a migration that inserts its row, not a name added here.
    static let appleFrameworks = ["SwiftUI", "SwiftUICore", "<unknown>", "UIKitCore", "UIKit", "AppKit", "Foundation", "CoreFoundation",
                                  "QuartzCore", "Combine", "Observation", "AttributeGraph", "libswiftCore.dylib", "libdispatch.dylib",
                                  "CoreData", "SwiftData", "MapKit", "RealityKit", "WidgetKit", "Charts"]

    /// Migration 15's `is_app` list: the names as SQL literals.
    static var frozenFrameworks: String { "(" + appleFrameworks.map { "'\($0)'" }.joined(separator: ", ") + ")" }

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

