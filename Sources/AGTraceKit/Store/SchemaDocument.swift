import Foundation

/// docs/schema.md: the hand-written prose below, with each `{{section}}` replaced by the
/// reference of that section's tables, views and columns, read from a fresh database's own
/// schema and described by `SchemaReference`. Regenerate with `swift run agtrace-docs`.
public enum SchemaDocument {
    /// A table or view of the database and its columns, as SQLite reports them.
    public struct Object: Equatable, Sendable {
        public var name: String
        public var kind: String  // "table" or "view"
        public var columns: [(name: String, type: String)]
        public init(name: String, kind: String, columns: [(name: String, type: String)]) {
            self.name = name
            self.kind = kind
            self.columns = columns
        }
        public static func == (a: Object, b: Object) -> Bool {
            a.name == b.name && a.kind == b.kind && a.columns.map(\.name) == b.columns.map(\.name) && a.columns.map(\.type) == b.columns.map(\.type)
        }
    }

    /// Every table and view of `db` (SQLite's own excepted), in creation order.
    public static func objects(in db: Database) throws -> [Object] {
        let stmt = try db.prepare("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
        let names = try stmt.rows { ($0.string(0) ?? "", $0.string(1) ?? "") }
        return try names.map { name, kind in
            let info = try db.prepare("SELECT name, type FROM pragma_table_info(?)")
            info.bind(1, name)
            return Object(name: name, kind: kind, columns: try info.rows { ($0.string(0) ?? "", $0.string(1) ?? "") })
        }
    }

    /// The tables, views and columns of `objects` that `SchemaReference` does not describe,
    /// and the described tables the schema no longer has.
    public static func undescribed(_ objects: [Object]) -> [String] {
        var missing: [String] = []
        for o in objects {
            guard SchemaReference.table(o.name) != nil else { missing.append(o.name); continue }
            for c in o.columns where SchemaReference.describe(o.name, c.name) == nil { missing.append("\(o.name).\(c.name)") }
        }
        let present = Set(objects.map(\.name))
        for t in SchemaReference.documented where !present.contains(t.name) { missing.append("\(t.name) (described, not in the schema)") }
        return missing
    }

    /// The document for a database with `objects`.
    public static func render(_ objects: [Object]) -> String {
        var text = template
        for section in SchemaReference.Section.allCases {
            var block = ""
            for t in SchemaReference.documented where t.section == section {
                guard let o = objects.first(where: { $0.name == t.name }) else { continue }
                block += "### `\(o.name)` (\(o.kind))\n\nOne row per \(t.row).\n\n| column | type | meaning |\n|---|---|---|\n"
                for c in o.columns {
                    let meaning = SchemaReference.describe(o.name, c.name) ?? "(undescribed)"
                    block += "| `\(c.name)` | \(c.type.isEmpty ? "" : "`\(c.type)`") | \(meaning.replacingOccurrences(of: "|", with: "\\|")) |\n"
                }
                block += "\n"
            }
            text = text.replacingOccurrences(of: "{{\(section.rawValue)}}\n", with: block)
        }
        text = text.replacingOccurrences(of: "{{note-codes}}\n", with: noteCodesTable)
        let listed = Set(SchemaReference.documented.map(\.name))
        let others = objects.filter { !listed.contains($0.name) }
        if !others.isEmpty { text += "\n(undescribed: \(others.map(\.name).joined(separator: ", ")))\n" }
        return text
    }

    /// The registry of import note codes as a table.
    static var noteCodesTable: String {
        var table = "| code | severity | raised by | position | meaning |\n|---|---|---|---|---|\n"
        for (code, raisedBy) in ImportNoteCode.all {
            table += "| `\(code.code)` | \(code.severity.rawValue) | \(raisedBy) | \(code.position.rawValue) | \(code.meaning.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return table
    }

    static let template = """
    # Schema

    The database is the users' API: these tables and views are stable, and changes come as
    forward migrations (`PRAGMA user_version`; the file is marked with `PRAGMA application_id`
    0x41475472, "AGTr"); a database of an older agtrace is migrated when a writer opens it, a new
    one is created at the latest version directly. agtrace refuses — and leaves untouched — a file that is not SQLite, a SQLite
    database of another application, or one written by a newer agtrace. The database runs in WAL
    mode with a busy timeout, so several agtrace processes can share it and readers work during
    imports.

    Attributes are always stored as their ids (the `id` in the archive), never as array indices.
    `graph_index` is a graph's position in the archive's `graphs` array. Profile columns
    (`update_count`, `change_count`, `update_total`, `changed_total`; totals in seconds) are NULL
    when the archive had no profile data. Flags are kept raw: bit 0 (value 1) of a node's `flags`
    is the dirty bit; bit 3 (value 8) of an edge's `flags` means "changed since the reader last ran".
    The engine leaves out an edge's zero `offset` and `flags`; they are stored as 0 (databases of
    older agtrace versions, which stored NULL, are fixed by the migration).

    agtrace's own connections (`agtrace query`, the canned reports) add two SQL functions:
    `agtrace_view_name(rule)`, the view a body rule runs (see `node_views`), and the aggregate
    `agtrace_nearest_rank(value, percent)`, the group's value at the nearest rank (the
    ceil(n × percent / 100)th smallest; `percent` a whole number from 1 to 100; NULL when any
    value is NULL), which `report rule-cost --xctrace` takes its 95th percentile from.

    ## Archives

    {{archives}}

    **`node_views`** names a node the way a SwiftUI developer knows it:
    - `source = 'body'`: the node's rule runs a body, `StaticBody<ViewBodyAccessor<V>, …>`,
      `DynamicBody<ViewBodyAccessor<V>, …>` or the same with `ModifierBodyAccessor<M>`; `view` is
      `V` (or `M`) with its own generic arguments (`List<Int, Row>`). The importer stores it in
      `types.view` (`ViewName.fromRule` in AGTraceKit; the SQL function `agtrace_view_name(rule)`
      in agtrace's own connections).
    - `source = 'tree'`: otherwise, the debug-tree entry whose own node (`"node"`) is this node
      names it by its description; failing that, the nearest entry that lists the node in its
      `nodes` or `values`: the deepest one, ties to the smaller `tree_index`.
      Among several entries owning the node, the deepest too. These names are computed once, at
      import, into the table `tree_views` (a `WITHOUT ROWID` table keyed by `(snapshot_id,
      attribute, graph_index)`): walking the tree in every query that names nodes was too slow.

    `nodes.id` is `graphs.first_node_id + node_index`. `nodes` is a view over the table
    `node_rows` (the same columns but `subgraph_id`) and `subgraph_nodes(snapshot_id, graph_index,
    subgraph_id, first_node_id, last_node_id)`, subgraph membership as runs of node ids: archives
    list membership after the nodes, and keeping it apart saves rewriting every node row. The tree
    views are built on `tree_items`, which refers to nodes by id: a plain rowid table (a graph's
    entries under consecutive ids, no index by key: appending is what an import's inserts cost
    least) whose rows also hold each entry's named values and listed nodes as JSON arrays
    (`values_json`, `nodes_json`; one row per entry rather than one per value or node, and no
    index by entry, cost the import a third of what two tables of their own did). The views
    `tree_item_values` and `tree_item_nodes` show those lists as rows, with the columns the
    tables of those names had before schema 17. Indexes: `nodes_by_attribute` on `node_rows(snapshot_id, attribute)`. `edges` is a
    `WITHOUT ROWID` table keyed by `(snapshot_id, src_attribute, dst_attribute, graph_index,
    edge_index)`: it is its own index by source.

    ## Breakpoint transcripts

    {{transcripts}}

    `complete` is 1 when the recording ran to its end (the process exited with status 0, or the
    lldb recorder stopped normally), else 0; `end_reason` says how it ended: `exited N`,
    `crashed: EXC_…` (a stop for a Mach exception), `signal SIG…`, `cut mid-hit` (the text ends
    inside a hit) or `no end seen`. Both are NULL for runs imported by an agtrace that did not
    record them (unknown, not incomplete). `check` refuses a run whose `complete` is 0 unless
    `--allow-incomplete` (`no end seen` only warns); see [ci.md](ci.md).

    `kind` is one of `invalidate, propagate_dirty, update, add_input, add_output, read, current,
    create, state_write, transaction, call`; `attribute` is the node the hit is about (for
    `add_input`, the reader), `input_attribute` the input of an `add_input`. `time_ns` is when the
    hit happened, in ns of the debugger's monotonic clock, for runs recorded with `agtrace record`
    (its origin is arbitrary: compare times within a run); NULL for the other transcript shapes,
    which carry no time. Events are
    stored in hit order, a run's rows under consecutive ids, and have no other index: the range
    `first_event_id … last_event_id` of the run's row is how to read one run quickly: the view
    `run_events` does it (`SELECT … FROM run_events WHERE run_id = (SELECT id FROM runs WHERE
    label = 'tap')`), as the reports do; `events WHERE run_id = …` works too, by reading every
    run's rows.

    A transcript prints the same few backtraces at thousands of hits, so each distinct backtrace
    of a run is stored once (`backtraces`, its frames in `backtrace_frames`) and a hit names its
    own (`events.backtrace_id`). The view `frames` shows every hit's frames with the columns the
    table of that name had before schema 16 (`id`, `run_id`, `seq`, `depth`, `module`, `symbol`,
    `address`), ids included: `SELECT … FROM frames WHERE run_id = …` works as it did; joining
    `events` to `backtrace_frames` by `backtrace_id` is the same, and counting a backtrace's hits
    needs no frames at all (`SELECT backtrace_id, count(*) FROM run_events WHERE run_id = R GROUP
    BY 1`).

    ## Consoles and cycles

    {{consoles}}

    A console's cycle reports are counted once each: a trap line (`precondition failure: cyclic
    graph: N`, in os_log's and in stdio's spelling) or an os_log `Cycle detected through
    attribute: N` next to a header of the same N (before or after it, with no other cycle's
    line between; body-change lines and app output do not part them) reports that header's
    cycle: it is stored as a `console_warnings` row of code `cycle-trap` (`subject` N), not as
    a `cycles` row; each spelling joins a report once. One with no such header is a report of
    its own (`form` `trap` or `os_log`, level 1). Repeated headers of the same N are each a
    report (the engine prints one per entry into the cycle). A report's `cycle_frames` are
    its frame lines as printed (top first); one cut mid-line keeps what it holds (NULL for the
    rest) and the report has `complete` 0, as has one with frames whose closing `===` never
    came; both leave an `import_notes` row (`cycle-report-cut`).

    ## Instruments recordings

    {{instruments}}

    An Instruments recording is what `xcrun xctrace export` wrote: a table of contents
    (`--toc`), one table's rows (`--xpath …/table[@schema="S"]`), or a folder of such files (one
    recording). Every element of a document with an `id` is one `xctrace_values` row, stored
    once (a `ref` to it is its id again), so a row's cells are value ids (`xctrace_rows`, in the
    slot `xctrace_columns.slot` gives each column) and a `<sentinel/>` cell is NULL. Raw numbers
    are exact: `number` holds the text when it is a decimal that fits 64 signed bits, else
    `raw` holds it (a 2^64-1 placeholder). The views per schema (`xctrace_updates`,
    `xctrace_hitches`, …) read the cells by mnemonic; `xctrace_cells` reads any table's. How
    the files are read: [xctrace.md](xctrace.md).

    ## Labels

    {{labels}}

    ### Import note codes

    What `import_notes.code` holds, one line per code as the formats declare them
    (`ImportNoteCode`): who raises it, what its `position` counts, and what it means.

    {{note-codes}}

    `agtrace import --label X` of bytes already stored as `L` stores nothing twice and makes `X`
    another name of `L`'s row. Every command that takes a label reads aliases too; `list` shows
    them in its `aliases` column; deleting an alias removes the name only, deleting its target
    removes its aliases.

    ## Traces

    An AttributeGraph trace (`AG_TRACE`, `AGGraphStartTracing`; see [importing.md](importing.md))
    is a film of the engine: every event in file order, and what agtrace derives from them.

    {{traces}}

    **`trace_events`**: `type` is the event number as the file has it (unknown numbers are kept;
    their `kind` is NULL); `kind` the event's name from `trace_kinds`; `timestamp` in seconds (a
    fixed64 double in Apple's files, a varint of whole seconds in some engines; NULL on event
    types that carry none); `attribute` is `p1` where the event's first payload is an attribute;
    `p1`, `p2`, `p3` the payloads (the format never writes zeros: a payload the event type defines
    and the file leaves out is 0, one it does not define is NULL); `data` field 9 as text (a log
    message, a custom event's name). The view reads the table `trace_event_rows` (the same columns
    but `kind` and `attribute`), a `WITHOUT ROWID` table keyed by `(trace_id, seq)`.

    **`trace_updates`**: `duration = end_time - begin_time`; `self_duration` is the duration
    minus the evaluations nested inside it (a body pulling its inputs); `depth` 0 at the top, n
    inside n evaluations; `parent_attribute` the evaluation it ran inside (NULL at the top);
    `changed` 1 when the EndValueUpdate says the value changed. Unknown is NULL: an evaluation the
    trace never ends has NULL `end_seq`, `end_time`, `duration`, `changed`, and its parent's
    `self_duration` is NULL; whole-second (varint) timestamps time nothing, so their durations are
    NULL (`import` says so). `cause_seq` is the write (`trace_writes.seq`) whose dirty marks
    included this attribute since its previous evaluation (NULL for a first build, or a pull no
    write explains). The view reads `trace_update_rows` (the same columns but `rule` and `view`).

    **`trace_writes`**: `attribute` the written node (the invalidation's p1), `context` the
    context whose invalidation callback ran (p2); `marked` the distinct nodes set dirty
    (NodeSetDirty with p2 = 1) from the write's NodeSetValue until the next update begins (a
    Begin{Graph,Subgraph,Node,Value}Update) — engines write the first mark before the invalidation
    event; `updates` the evaluations until the next write; `reran` those of marked nodes.
    **`trace_marks`**: the nodes behind `trace_writes.marked`, one row per (write, node) with the
    seq of its first NodeSetDirty. **`trace_indirect_sources`**: where each indirect node points,
    from `set_seq` until `replaced_seq`; an indirect node is stored under its attribute (low bits
    01: 1089), which edges and records use, though its own events name it by offset (1088).
    `traces.complete` is 0 for a trace with no EndTrace after its last BeginTrace (cut by a crash
    or a kill: `check` refuses it).
    Indexes: `trace_nodes_by_attribute` on `trace_nodes(trace_id, attribute)`, `trace_edges_by_input`
    on `trace_edges(trace_id, input, reader)`, `trace_indirect_sources_by_source` on
    `trace_indirect_sources(trace_id, source)`; `trace_types`, `trace_subgraphs`,
    `trace_update_rows`, `trace_writes` and `trace_marks` are keyed by trace and id or seq.

    Labels are unique across snapshots, runs, traces, consoles and recordings; `aliases.kind` may be `trace`.

    """
}

extension SchemaDocument {
    /// The document for a new database made now (in a temporary directory, removed after),
    /// and what in it has no description.
    public static func freshDocument() throws -> (text: String, undescribed: [String]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let found = try Self.objects(in: DatabaseOpener.open(dir.appendingPathComponent("fresh.db").path, mode: .write))
        return (render(found), undescribed(found))
    }
}
