/// What every table, view and column of the database means: the source of docs/schema.md's
/// reference (`agtrace-docs` joins it with a fresh database's own schema; a test fails when a
/// table, view or column has no description here).
public enum SchemaReference {
    /// The part of docs/schema.md a table is listed in.
    public enum Section: String, CaseIterable, Sendable {
        case archives, transcripts, labels, traces, consoles, instruments
    }

    public struct Table: Sendable {
        public var name: String
        public var section: Section
        /// What one row is.
        public var row: String
        /// Column name -> meaning; columns not here take `common`'s meaning.
        public var columns: [String: String]
    }

    /// The columns of a breakpoint hit, alike in `events` and its view `run_events` (each adds
    /// its own wording of `symbol` and `breakpoint`).
    static let hitColumns: [String: String] = [
        "id": "row id (a run's hits are consecutive)", "seq": "the hit's position in the run (from 1)",
        "line": "the 1-based transcript line the hit starts at", "kind": "what the hit is: `invalidate`, `update`, `add_input`, …",
        "thread": "the thread that hit it (NULL when not printed)", "attribute": "the node the hit is about (for `add_input`, the reader; NULL when it could not be read)",
        "input_attribute": "the input of an `add_input` (or the output of an `add_output`; NULL otherwise)",
        "time_ns": "when, in ns of the debugger's monotonic clock (runs of `agtrace record`; NULL otherwise)",
        "backtrace_id": "the backtrace printed at the hit (`backtraces.id`; NULL when none was printed)",
        "first_frame_id": "`frames.id` of the hit's first frame (NULL without frames)",
    ]

    /// Meanings shared by every table that has the column.
    public static let common: [String: String] = [
        "snapshot_id": "the snapshot (`snapshots.id`)",
        "graph_index": "the graph's position in the archive's `graphs` array",
        "update_count": "profile: updates counted (NULL without profile data)",
        "change_count": "profile: updates that changed the value (NULL without profile data)",
        "update_total": "profile: seconds spent updating (NULL without profile data)",
        "changed_total": "profile: seconds spent in updates that changed the value (NULL without profile data)",
        "run_id": "the run (`runs.id`)",
        "trace_id": "the trace (`traces.id`)",
        "label": "the unique name other commands use (snapshots, runs, traces, consoles and recordings share one namespace)",
        "source": "the imported file's path as given",
        "sha256": "SHA-256 of the file's bytes as read (compressed, if it is): the same bytes are stored once",
        "imported_at": "when it was imported (ISO 8601, UTC)",
        "import_id": "its import (`imports.id`), which holds once what every recording has: label, source, bytes, how it ended",
        "compressed": "1 when the file was compressed (gzip; for an archive also raw DEFLATE, as jcmosc/Compute writes `.iag-gzon`), else 0",
        "size_bytes": "the file's size in bytes (NULL when unknown, e.g. read from standard input)",
        "tree_index": "the entry's position in the graph's debug `tree` list",
        "node_index": "the node's position in the graph's `nodes` array",
        "type_index": "the type's position in the graph's `types` array",
        "subgraph_id": "the subgraph's id as the archive gives it",
        "attribute": "the attribute id (the `id` in the archive)",
        "node_id": "the node (`nodes.id`)",
        "offset": "byte offset into the attribute's value",
        "rule": "the node's rule (its type's `name`, e.g. `StaticBody<ViewBodyAccessor<V>, …>`)",
        "value_type": "the type of the value the rule computes",
        "view": "the SwiftUI view the rule's body belongs to (`ViewName.fromRule`; NULL when not a body rule)",
        "description": "the engine's description text",
        "value": "the value's description as the archive prints it",
        "flags": "raw flags as the engine gives them",
        "seq": "position in the file's order (from 1)",
    ]

    public static let tables: [Table] = [
        // Archives
        Table(name: "snapshots", section: .archives, row: "imported archive", columns: [
            "id": "row id", "format_version": "the archive's `version`",
            "counter_bytes": "the archive's `counters.bytes` (NULL when absent)",
            "counter_max_bytes": "the archive's `counters.max_bytes` (NULL when absent)",
            "complete": "1: a dump is one moment, read whole or refused (how every recording ended, one column per kind's row)",
            "end_reason": "NULL: a dump has no end of its own",
        ]),
        Table(name: "graphs", section: .archives, row: "graph of an archive", columns: [
            "graph_id": "the graph's `id`", "transaction_count": "the graph's `transaction_count` (NULL when absent)",
            "counters": "the graph's newer `counters` object as JSON (NULL when absent)",
            "first_node_id": "`nodes.id` of the graph's first node", "node_count": "nodes in the graph",
            "edge_count": "input edges in the graph",
        ]),
        Table(name: "types", section: .archives, row: "type (types can outlive their nodes when profiling)", columns: [
            "type_id": "the type's `id`", "name": "the rule", "size": "the value's size in bytes",
            "flags": "the type's raw flags", "view": "the SwiftUI view the rule's body belongs to (see `node_views`; NULL when not a body rule)",
        ]),
        Table(name: "node_rows", section: .archives, row: "node (the table behind `nodes`, without `subgraph_id`)", columns: Self.nodeColumns.merging([
            "id": "row id: `graphs.first_node_id + node_index`",
        ]) { $1 }),
        Table(name: "nodes", section: .archives, row: "node", columns: Self.nodeColumns.merging([
            "id": "`graphs.first_node_id + node_index`", "subgraph_id": "the subgraph the node belongs to (from `subgraph_nodes`)",
        ]) { $1 }),
        Table(name: "edges", section: .archives, row: "input edge: src is read by dst; repeated pairs are kept", columns: [
            "src_attribute": "the input", "dst_attribute": "the reader",
            "edge_index": "position in the graph's `edges` array", "offset": "byte offset into the input's value (0 when the archive leaves it out)",
            "flags": "raw edge flags: bit 3 (8) means changed since the reader last ran (0 when left out)",
        ]),
        Table(name: "subgraphs", section: .archives, row: "subgraph", columns: [
            "subgraph_index": "position in the graph's `subgraphs` array", "context_id": "the subgraph's context",
            "invalid": "1 when the subgraph is invalidated, else 0",
        ]),
        Table(name: "subgraph_nodes", section: .archives, row: "run of consecutive node ids that belong to one subgraph", columns: [
            "first_node_id": "first `nodes.id` of the run", "last_node_id": "last `nodes.id` of the run (inclusive)",
        ]),
        Table(name: "subgraph_children", section: .archives, row: "parent→child subgraph link (a `children` entry and the other end's `parents` entry are one link), across graphs too", columns: [
            "parent_graph_index": "the parent's graph", "parent_subgraph_id": "the parent subgraph",
            "child_graph_index": "the child's graph", "child_subgraph_id": "the child subgraph",
        ]),
        Table(name: "tree_items", section: .archives, row: "debug view-tree entry (the table behind `trees`)", columns: [
            "id": "row id (a graph's entries are consecutive, in tree order; since schema 16)",
            "parent_tree_index": "the parent entry's `tree_index` (NULL at a root)", "node_id": "the entry's own node (`nodes.id`; NULL when none)",
            "is_root": "1 for a root entry, else 0", "flags": "the entry's raw flags",
            "creator_node_id": "the node that created the entry (the entry's `creator`, a node index, as `nodes.id`; NULL when the archive has none, and for archives imported before schema 14)",
            "values_json": "the entry's named values as a JSON array of `[key, node id, offset]` (`nodes.id`; null when none), in the archive's order; NULL when none (since schema 17; `tree_item_values` shows them as rows)",
            "nodes_json": "the nodes the entry lists, a JSON array of `nodes.id`s in the archive's order; NULL when none (since schema 17; `tree_item_nodes` shows them as rows)",
        ]),
        Table(name: "tree_item_values", section: .archives, row: "named value of a tree entry, read from `tree_items.values_json` (a table until schema 17; the view behind `tree_values`)", columns: [
            "key": "the value's name", "node_id": "the node holding it (`nodes.id`)",
        ]),
        Table(name: "tree_item_nodes", section: .archives, row: "node listed by a tree entry, read from `tree_items.nodes_json` (a table until schema 17; the view behind `tree_nodes`)", columns: [:]),
        Table(name: "trees", section: .archives, row: "debug view-tree entry", columns: [
            "parent_tree_index": "the parent entry's `tree_index` (NULL at a root)", "attribute": "the entry's own node (NULL when none)",
            "is_root": "1 for a root entry, else 0", "flags": "the entry's raw flags", "node_index": "the entry's own node's `node_index`",
            "creator_attribute": "the attribute of the node that created the entry (its `creator`; NULL when none is given)",
            "creator_node_index": "that node's `node_index` (NULL when none is given)",
        ]),
        Table(name: "tree_values", section: .archives, row: "named value of a tree entry", columns: ["key": "the value's name"]),
        Table(name: "tree_nodes", section: .archives, row: "node listed by a tree entry", columns: [:]),
        Table(name: "profile_events", section: .archives, row: "named `events` category of a profile", columns: [
            "scope": "`graph`, `type` or `node`: whose profile it is", "scope_key": "the type index or attribute (NULL for `graph`)",
            "category": "the category's name",
        ]),
        Table(name: "profile_marks", section: .archives, row: "entry of a profile's `marks`", columns: [
            "scope": "`graph`, `type` or `node`: whose profile it is", "scope_key": "the type index or attribute (NULL for `graph`)",
            "category": "the `events` category the mark is in (NULL outside `events`)", "name": "the mark's name",
            "timestamp": "the mark's timestamp as the archive gives it",
        ]),
        Table(name: "node_rules", section: .archives, row: "node, named by its rule", columns: [
            "flags": "raw node flags: bit 0 (1) is the dirty bit",
        ]),
        Table(name: "tree_views", section: .archives, row: "node the debug tree names and no body rule does (`node_views`' `tree` rows, computed at import)", columns: [
            "view": "the name from the debug tree",
        ]),
        Table(name: "node_views", section: .archives, row: "node named by a SwiftUI view (nodes without one are not in it)", columns: [
            "view": "the view's name", "source": "`body` (from the rule) or `tree` (from the debug tree)",
        ]),
        // Breakpoint transcripts
        Table(name: "runs", section: .transcripts, row: "imported transcript", columns: [
            "id": "row id", "event_count": "breakpoint hits stored", "skipped_lines": "lines that were not part of a hit",
            "incomplete_hits": "hits cut short (their fields partly missing)",
            "first_event_id": "`events.id` of the run's first hit (NULL without hits)", "last_event_id": "`events.id` of its last hit",
            "first_frame_id": "`frames.id` of the run's first frame (NULL without frames)", "last_frame_id": "`frames.id` of its last frame",
            "complete": "1 when the recording ran to its end (`exited 0`, or a recorder file's `stopped`), 0 when not (`check` refuses it unless --allow-incomplete), NULL when the transcript shows no end (`no end seen`: `check` warns) or it was not recorded",
            "end_reason": "how it ended: `exited N`, `crashed: REASON` (any stop but a breakpoint, watchpoint, step or SIGSTOP; Swift's `Fatal error:`), `signal SIG…` (Xcode's kill), `cut mid-hit`, `no end seen`, and for a recorder file `stopped` or `cut: no stop line` (NULL when not recorded)",
        ]),
        Table(name: "events", section: .transcripts, row: "breakpoint hit", columns: hitColumns.merging([
            "symbol": "the function, as printed (engine prefix kept), e.g. `IAG::Graph::update_attribute`", "breakpoint": "`N.M` from `stop reason = breakpoint N.M`, or `N` when only the breakpoint is known (NULL when neither)",
        ]) { $1 }),
        Table(name: "backtraces", section: .transcripts, row: "distinct backtrace of a run, stored once however many hits printed it", columns: [
            "id": "row id (`events.backtrace_id`)", "frame_count": "its frames (`backtrace_frames` rows)",
        ]),
        Table(name: "backtrace_frames", section: .transcripts, row: "frame of a backtrace", columns: [
            "backtrace_id": "the backtrace (`backtraces.id`)", "ordinal": "the frame's place in the backtrace as printed (from 0)",
            "depth": "frame number (0 innermost)", "module": "the frame's module (NULL when not printed)",
            "symbol": "the frame's function", "address": "the frame's address as printed (NULL when not printed)",
        ]),
        Table(name: "frames", section: .transcripts, row: "backtrace frame printed at a hit: each hit's backtrace's frames (the table it was before schema 16, as a view)", columns: [
            "id": "the frame's id (the hit's `events.first_frame_id` plus its `ordinal`: a run's frames are consecutive, from the run's `first_frame_id`)",
            "seq": "the hit's `events.seq`", "depth": "frame number (0 innermost)",
            "module": "the frame's module", "symbol": "the frame's function", "address": "the frame's address as printed",
        ]),
        Table(name: "run_events", section: .transcripts, row: "breakpoint hit of one run, read by the id range its `runs` row records: `SELECT … FROM run_events WHERE run_id = R` reads only that run's rows (`events` has no index by run)", columns: hitColumns.merging([
            "symbol": "the function, as printed (engine prefix kept)", "breakpoint": "`N.M` from `stop reason = breakpoint N.M`, or `N` (NULL when neither)",
        ]) { $1 }),
        Table(name: "run_edges", section: .transcripts, row: "distinct edge (input → reader) the run's `add_input` hits revealed", columns: [
            "src_attribute": "the input", "dst_attribute": "the reader", "first_seq": "the first hit that added it",
        ]),
        // Labels
        Table(name: "imports", section: .labels, row: "import, whatever its kind (a snapshot, run, trace, console or Instruments recording): what every recording has, written by common code; each kind's own columns are in its `*_facts` table, and the views `snapshots`, `runs`, `traces`, `consoles` and `xctrace_recordings` join the two", columns: [
            "id": "row id, in import order",
            "kind": "what it is stored as: `snapshot`, `run`, `trace`, `console` or `recording` (a stored kind's noun)",
            "label": "the name other commands use: one namespace for every kind (a private database of `compare` or `check` lets a transcript and its dump share their file's name, hence UNIQUE(label, kind))",
            "compression": "`gzip` or `raw DEFLATE` when the file was compressed (`compressed` when imported before agtrace recorded which), NULL when it was not",
            "parent_id": "the import it came inside (a file in a folder or archive); NULL for a file read on its own, as every import is so far",
            "complete": "how it ended: 1 normally (an exit 0, a trace's EndTrace, a dump read whole), 0 not or not to be trusted (a crash, a kill, a cut, impossible durations), NULL unknown (no end shown)",
            "end_reason": "how it ended, in words (`exited 0`, `crashed: Fatal error: …`, `no EndTrace`, `no end seen`); NULL when nothing says",
        ]),
        Table(name: "schema_hash", section: .labels, row: "the schema this database was made with (one row, written by each migration)", columns: [
            "version": "the schema version (`PRAGMA user_version`)",
            "sha256": "SHA-256 of that version's definitions as agtrace writes them (`SchemaObjects.hash`); opening the database refuses it when this, or its own objects, differ",
        ]),
        Table(name: "aliases", section: .labels, row: "a label that names stored bytes a second time", columns: [
            "label": "the second name", "kind": "`snapshot`, `run` or `trace` (a stored kind's noun)", "target_id": "the row it names",
        ]),
        Table(name: "import_notes", section: .labels, row: "a doubt about an input that did not stop its import, as `import` printed it (`agtrace query \"SELECT * FROM import_notes\"`)", columns: [
            "id": "row id, in the order the import found them",
            "kind": "what the import is stored as: `snapshot`, `run`, `trace`, `console` or `recording`",
            "owner_id": "its row in `snapshots`, `runs`, `traces`, `consoles` or `xctrace_recordings` (deleting or replacing that removes the note)",
            "label": "the import's label",
            "severity": "`warning`",
            "code": "what kind of doubt: one of the [import note codes](#import-note-codes) its format declares",
            "message": "the sentence `import` prints after `agtrace import: warning: LABEL: `",
            "position": "where, in the unit its code declares (a line, an event seq, a byte, a row; see the codes below); NULL when the code has none",
        ]),
        // Consoles and cycles
        Table(name: "consoles", section: .consoles, row: "imported console log (text from Xcode's console, `log stream`/`log show`, or a CI job's output)", columns: [
            "id": "row id", "line_count": "lines in the log",
            "complete": "0 when the log shows the process did not end normally (a crash's line: `Fatal error:`, `Thread 1: EXC_…`, `*** Terminating app due to uncaught exception`, `AttributeGraph precondition failure:`, Swift's backtracer, a shell's `Segmentation fault`; a kill; an exit with another status than 0), 1 when it shows an exit with status 0, NULL when it shows no end (the usual case) or was imported before agtrace read a console's end",
            "end_reason": "how it ended, in a transcript's words (`crashed: REASON`, `signal SIG…`, `exited N`), or `no end seen` (NULL when imported before agtrace read it)",
        ]),
        Table(name: "cycles", section: .consoles, row: "AttributeGraph cycle report: a console's header or trap line, a trace's LogMessage, or a recorder's stop at `print_cycle`", columns: [
            "id": "row id, in the order the reports came",
            "kind": "where the report came from: `console`, `trace` or `run` (the stored kind)",
            "owner_id": "its row in `consoles`, `traces` or `runs`",
            "position": "where: a console's line number (from 1), a trace's event seq, a run's hit index",
            "attribute": "the attribute the cycle was detected through (NULL when the report does not say)",
            "level": "the `AG_PRINT_CYCLES` level the report's lines show (1 header only, 2 frames, 3 the digraph); NULL when not from a console",
            "form": "how it was reported: `header` (`=== AttributeGraph: cycle detected through attribute N ===`), `os_log` (`Cycle detected through attribute: N`), `trap` (`precondition failure: cyclic graph: N`), `trace` (LogMessage event) or `recorder` (a stop at `print_cycle`)",
            "complete": "0 when its block was cut (a frame line cut mid-way, no closing `===`; a trace's LogMessage with no update stack after it), else 1",
            "dump": "the dump the lldb recorder took at this stop (`agtrace record --cycles`): its path as the recorder wrote it, beside the recording; the snapshot imported from that file has it as `snapshots.source`. NULL when none was taken",
        ]),
        Table(name: "cycle_frames", section: .consoles, row: "frame of a cycle report's evaluation stack, top first", columns: [
            "cycle_id": "the report (`cycles.id`)",
            "ordinal": "the frame's position as reported, 0 the first (the top)",
            "stack_index": "`S` of `frame S.F`: the nested update stack (NULL when the source has none)",
            "frame_index": "`F` of `frame S.F`: the frame within its stack",
            "attribute": "the frame's attribute id (NULL when cut before it)",
            "count": "`count=`: active updates holding the node (NULL when not given)",
            "input_index": "`I` of `index=I/K`: inputs the frame had processed",
            "input_count": "`K` of `index=I/K`: the node's inputs",
            "flags": "the flags as printed: `P` pending, `C` cancelled, `D` dirty, `V` has a value (empty when none; NULL when not given)",
            "cyclic": "a trace's update stack: 1 when the engine marked the frame cyclic (NULL elsewhere)",
            "name": "a name the report itself gives the frame (the recorder's `stack/text` body type); NULL otherwise",
        ]),
        Table(name: "cycle_labels", section: .consoles, row: "node label of a cycle report's `digraph` block (`AG_PRINT_CYCLES=3`): the only names a console gives", columns: [
            "cycle_id": "the report (`cycles.id`)",
            "attribute": "the node's attribute id",
            "label": "the label's text after `N: ` (the rule's description, cut at 40 characters by the engine)",
        ]),
        Table(name: "body_changes", section: .consoles, row: "body-change line of `Self._printChanges()` / `_logChanges()`: one body run of a view", columns: [
            "id": "row id, in line order",
            "console_id": "the console (`consoles.id`)",
            "position": "the line number (from 1)",
            "view": "the view's type as printed (module left out, enclosing types and generic arguments kept)",
            "unchanged": "1 for `View: unchanged.` (the body ran, nothing recorded as changed), else 0",
        ]),
        Table(name: "body_change_tokens", section: .consoles, row: "token of a body-change line, in printed order", columns: [
            "body_change_id": "the line (`body_changes.id`)",
            "ordinal": "the token's position in the line, from 0",
            "kind": "`self` (`@self`), `identity` (`@identity`), `dependencies` (`@dependencies`), `property` (`_name`: a property wrapper's storage), `keypath` (`\\Type.property`) or `offset` (`@N`)",
            "name": "the token as printed (`_counter`, `@16`, `\\Storage<Array<Category>>.output`)",
        ]),
        Table(name: "console_warnings", section: .consoles, row: "SwiftUI or AttributeGraph warning a console carries beside its cycle reports", columns: [
            "id": "row id, in line order",
            "console_id": "the console (`consoles.id`)",
            "position": "the line number (from 1)",
            "code": "`modifying-state-during-update`, `publishing-during-update`, `attribute-without-subgraph` or `cycle-trap`",
            "subject": "what it names: the type of `attempting to create attribute with no subgraph: T` (NULL otherwise)",
            "message": "the warning's text as printed, without the log's prefix",
        ]),
        // Instruments recordings
        Table(name: "xctrace_recordings", section: .instruments, row: "imported Instruments recording: one `xctrace export` document, or a folder of them (one per table, as a CI job exports them)", columns: [
            "id": "row id", "documents": "the XML documents read (1 for a file; a folder's files)",
            "device": "the toc's device `name` (NULL without a toc)", "device_model": "the device's `model` (NULL without a toc)",
            "device_uuid": "the device's `uuid` (NULL without a toc)", "platform": "the device's `platform` (`macOS`, `iOS`…; NULL without a toc)",
            "os_version": "the device's `os-version` (NULL without a toc)",
            "process": "the toc's target process `name` (NULL without a toc, or when it records all processes)",
            "pid": "that process's `pid` (NULL when not given)",
            "template": "the toc's `template-name` (NULL without a toc)", "instruments_version": "the toc's `instruments-version` (NULL without a toc)",
            "start_date": "the toc's `start-date` as written (NULL without a toc)", "end_date": "the toc's `end-date` as written (NULL without a toc)",
            "duration_ns": "the toc's `duration` (seconds) in ns (NULL without a toc)", "end_reason": "the toc's `end-reason` (`Target app exited`, `Time limit reached`…), `crashed: …` when it names a crash, `cut: …` when an export ends inside a table, `impossible durations: …` when a row's duration is negative (NULL without a toc)",
            "complete": "0 when an export was cut, the toc names a crash, or a row's duration is negative (`check` refuses it unless --allow-incomplete), 1 when the toc gives another end reason, NULL without a toc",
            "runs": "runs in the toc (NULL without a toc); the other columns are run 1's",
            "first_value_id": "the first of its `xctrace_values` ids (its values are consecutive ids; NULL when none)",
            "last_value_id": "the last of its `xctrace_values` ids (NULL when none)",
        ]),
        Table(name: "xctrace_toc_tables", section: .instruments, row: "table a toc lists under a run's `<data>` (a schema may appear several times with other attributes)", columns: [
            "recording_id": "the recording (`xctrace_recordings.id`)", "run": "the run's `number`", "position": "its position in the run's `<data>`, from 0",
            "schema": "the table's `schema`", "attributes": "its other attributes, as a JSON object (NULL when none)",
        ]),
        Table(name: "xctrace_tables", section: .instruments, row: "table whose rows an export holds (a `<node>` of `<trace-query-result>`)", columns: [
            "id": "row id", "recording_id": "the recording (`xctrace_recordings.id`)", "position": "its position among the recording's tables, from 0",
            "schema": "the `<schema name=…>`", "row_count": "its rows", "sentinel_count": "its `<sentinel/>` cells (NULL cells)",
            "xpath": "the `<node xpath=…>` (NULL when not given)", "documentation": "the schema's `documentation` (NULL when not given)",
            "document": "which document of the recording held it (0 for a file; a folder's files in sorted order)",
            "complete": "0 when its document was cut inside it (the complete rows are kept, an import note says so), else 1",
        ]),
        Table(name: "xctrace_columns", section: .instruments, row: "column of a table's `<schema>`, in order", columns: [
            "table_id": "the table (`xctrace_tables.id`)", "position": "the column's position: a row's cell of that position is its value",
            "mnemonic": "`<mnemonic>`: what the views read columns by (NULL when not given)", "name": "`<name>`, as Instruments shows it",
            "engineering_type": "`<engineering-type>` (the cells' tag)",
            "slot": "where its cells are in `xctrace_rows` (`c0`…`c23`, then `more`): a known schema's mnemonics have fixed slots, whatever their position; an unknown schema's columns are in position order",
        ]),
        Table(name: "xctrace_values", section: .instruments, row: "value an export holds: an element with an `id` (stored once, however many `ref`s name it), or one without", columns: [
            "id": "row id (a recording's values are consecutive)", "recording_id": "the recording (`xctrace_recordings.id`)", "tag": "the element's name (its engineering type: `start-time`, `thread`, `frame`, …)",
            "raw": "the element's text when `number` does not hold it exactly (text, a 2^64-1 placeholder, a frame's `name`); NULL otherwise",
            "number": "the text as an integer when it is a decimal that fits 64 signed bits (times and durations: ns from the recording's start); NULL otherwise",
            "fmt": "`fmt`, the display text, when it differs from the text (NULL when the same or not given)",
            "attributes": "its other attributes (a frame's `addr`, a binary's `UUID`…) as a JSON object (NULL when none)",
        ]),
        Table(name: "xctrace_children", section: .instruments, row: "child element of a compound value (a thread's tid and process, a backtrace's frames, a frame's binary), in order; a child given as a `ref` is the value it names", columns: [
            "parent_id": "the compound value (`xctrace_values.id`)", "position": "the child's position, from 0", "child_id": "the child (`xctrace_values.id`)",
        ]),
        Table(name: "xctrace_rows", section: .instruments, row: "row of a table: its cells as value ids, in the slots `xctrace_columns.slot` gives (NULL: a `<sentinel/>`, or no such cell)", columns: Self.rowSlots),
        Table(name: "xctrace_cells", section: .instruments, row: "cell of any table, with its column's mnemonic and its value (value_id NULL for a `<sentinel/>`)", columns: [
            "table_id": "the table (`xctrace_tables.id`)", "row": "the row's position, from 0", "position": "the column's position",
            "mnemonic": "the column's mnemonic", "value_id": "the value (`xctrace_values.id`; NULL for a sentinel)", "tag": "the value's element name",
            "raw": "the value's text (numbers as decimal text)", "number": "the value as an integer (NULL when not one)", "fmt": "the display text (`fmt`, else the text)",
        ]),
        Table(name: "xctrace_frames", section: .instruments, row: "frame of a backtrace, innermost first, with its binary", columns: [
            "backtrace_id": "the backtrace (`xctrace_values.id` of a `<backtrace>`)", "position": "0 for the innermost frame",
            "name": "the frame's `name` (the symbol)", "address": "its `addr`", "binary_name": "its binary's `name` (NULL when not given)",
            "binary_uuid": "the binary's `UUID`", "binary_path": "the binary's `path`", "arch": "the binary's `arch`",
            "load_address": "the binary's `load-addr`", "frame_id": "the frame (`xctrace_values.id`): one frame, stored once",
        ]),
        Table(name: "xctrace_updates", section: .instruments, row: "SwiftUI update: a row of `swiftui-updates`, read by mnemonic (Xcode 26's 16 columns and 27's 18)", columns: Self.xctraceCommon.merging([
            "start_ns": "`start`: ns from the recording's start", "duration_ns": "`duration`: the update's own main-thread time, ns",
            "update_id": "`id`", "update_type": "`update-type`: `View Body Updates`, `Representable Updates`, `Other Updates`",
            "view": "the view: `description` without its trailing `.body` for `View Body Updates`, else `description` (never `view-name`, which is often blank)",
            "description": "`description`", "category": "`category` (`Update`, `Creation`…)", "hierarchy": "`view-hierarchy`: ancestors joined by ` ← `",
            "module": "`module`", "view_name": "`view-name` (often blank or `[unknown view: created before tracing started?]`)",
            "severity": "`severity`: `Very Low` … `Very High`", "downstream_cost_ns": "`downstream-cost`, ns (NULL in Xcode 26's layout)",
            "downstream_events": "`downstream-events` (NULL in Xcode 26's layout)", "cause_node": "`cause-graph-node`", "full_cause_node": "`full-cause-graph-node`",
            "is_app": "1 when `module` is the app's (not one of `apple_frameworks`: SwiftUI, SwiftUICore, `<unknown>`…), 0 when a framework's, NULL when unknown",
            "allocations": "`allocations` (NULL when not given)", "root_causes": "`root-causes`",
        ]) { $1 }),
        Table(name: XctraceSchemas.updateCellsView, section: .instruments, row: "row of `swiftui-updates` (the rows of `xctrace_updates`) with each cell as the id of its value (`xctrace_values.id`, NULL when the row has none), one column per mnemonic: a value the export repeats by `ref` is one id, so a query can group rows by ids and read each distinct value once", columns: Self.xctraceCommon.merging(
            Dictionary(uniqueKeysWithValues: XctraceSchemas.updates.slots.map { (XctraceSchema.cellColumn($0), "`\($0)`'s value (`xctrace_values.id`)") })
        ) { $1 }),
        Table(name: "apple_frameworks", section: .instruments, row: "module `xctrace_updates.is_app` counts as Apple's (0), not the app's: `SwiftUI`, `UIKitCore`, `libdispatch.dylib`…", columns: [
            "name": "the module's name as `swiftui-updates` gives it",
        ]),
        Table(name: "xctrace_update_groups", section: .instruments, row: "SwiftUI update group (a transaction): a row of `swiftui-update-groups`", columns: Self.xctraceCommon.merging([
            "start_ns": "`start`, ns", "duration_ns": "`duration`, ns", "label": "`label` (`Transaction`, `Transaction for onChange`…)",
            "backtrace_id": "`backtrace` (`xctrace_frames.backtrace_id`)", "cause_backtrace_id": "`cause-backtrace` (`xctrace_frames.backtrace_id`)",
        ]) { $1 }),
        Table(name: "xctrace_causes", section: .instruments, row: "SwiftUI cause edge: a row of `swiftui-causes`", columns: Self.xctraceCommon.merging([
            "timestamp_ns": "`timestamp`, ns", "source_event_id": "`source-node-event-id`", "source": "`source-node`'s display text",
            "destination_event_id": "`destination-node-event-id`", "destination": "`destination-node`'s display text", "label": "`label`",
            "value_type": "`value-type`", "changed_properties": "`changed-properties`", "layout_info": "`layout-info`",
        ]) { $1 }),
        Table(name: "xctrace_changes", section: .instruments, row: "SwiftUI change (a write): a row of `swiftui-changes`", columns: Self.xctraceCommon.merging([
            "timestamp_ns": "`timestamp`, ns", "change_id": "`id`", "description": "`description` (`External: Time`…)",
            "backtrace_id": "`backtrace` (`xctrace_frames.backtrace_id`)",
        ]) { $1 }),
        Table(name: "xctrace_hitches", section: .instruments, row: "hitch: a row of `hitches`", columns: Self.xctraceCommon.merging([
            "start_ns": "`start`, ns", "duration_ns": "`duration`, ns", "is_system": "`is-system` (1 or 0)", "swap_id": "`swap-id`",
            "label": "`label`", "display": "`display`", "narrative": "`narrative-description` (`Potentially expensive app update(s)`…)",
        ]) { $1 }),
        Table(name: "xctrace_hangs", section: .instruments, row: "hang: a row of `potential-hangs`", columns: Self.xctraceCommon.merging([
            "start_ns": "`start`, ns", "duration_ns": "`duration`, ns", "hang_type": "`hang-type`: `Brief Unresponsiveness`, `Microhang`, `Hang`, `Severe Hang`",
        ]) { $1 }),
        Table(name: "xctrace_time_profile", section: .instruments, row: "time-profile sample: a row of `time-profile`", columns: Self.xctraceCommon.merging([
            "time_ns": "`time`, ns", "core": "`core`", "thread_state": "`thread-state` (`Running`…)", "weight_ns": "`weight`, ns",
            "backtrace_id": "`stack`'s backtrace (`xctrace_frames.backtrace_id`)",
        ]) { $1 }),
        // Traces
        Table(name: "traces", section: .traces, row: "imported trace", columns: [
            "id": "row id", "event_count": "events in the trace",
            "complete": "1 when an EndTrace follows the last BeginTrace, 0 when the trace was cut short (a crash or a kill while tracing) or an evaluation's duration cannot be (negative, infinite: stored NULL, an `impossible-duration` note names the first): `check` and `baseline` refuse it unless --allow-incomplete",
            "end_reason": "`EndTrace`, `no EndTrace` for a cut trace, or `impossible durations: …`",
            "clock": "how its timestamps were written: `seconds` (doubles: Apple's engine), `whole seconds` (varints: they time nothing, and timelines use event order), `none` (no timestamps); NULL when imported by an agtrace that did not record it",
            "first_timestamp": "the first event timestamp, seconds (NULL when none)", "last_timestamp": "the last event timestamp, seconds (NULL when none)",
        ]),
        Table(name: "trace_kinds", section: .traces, row: "event type of the trace format (`BeginValueUpdate`, `NodeSetDirty`, …; [formats.md](formats.md#traces))", columns: [
            "type": "the event number", "kind": "the event's name", "p1_is_attribute": "1 when its first payload is an attribute",
        ]),
        Table(name: "trace_event_rows", section: .traces, row: "event, in file order (the table behind `trace_events`)", columns: Self.eventColumns),
        Table(name: "trace_events", section: .traces, row: "event, in file order (`seq` from 1)", columns: Self.eventColumns.merging([
            "kind": "the event's name from `trace_kinds` (NULL for unknown numbers)",
            "attribute": "`p1` where the event's first payload is an attribute",
        ]) { $1 }),
        Table(name: "trace_types", section: .traces, row: "type record (the trace's types, written at its end)", columns: [
            "type_id": "the type's id", "body_size": "size of the rule's body in bytes", "value_size": "size of the value in bytes",
            "flags": "the type's raw flags",
        ]),
        Table(name: "trace_nodes", section: .traces, row: "node the trace added or listed in a snapshot record", columns: Self.traceNodeColumns),
        Table(name: "trace_node_rules", section: .traces, row: "node with its rule and view", columns: Self.traceNodeColumns),
        Table(name: "trace_edges", section: .traces, row: "edge input → reader added (NodeAddEdge) or listed while tracing", columns: [
            "reader": "the node that reads", "input": "the node read",
            "added_seq": "the event that added it (NULL when a snapshot record lists it from before tracing)",
            "removed_seq": "the event that removed it (NULL when never removed)",
        ]),
        Table(name: "trace_marks", section: .traces, row: "node a write marked dirty (a NodeSetDirty the write's marks include, `trace_writes.marked` counts them)", columns: [
            "write_seq": "the write (`trace_writes.seq`)", "attribute": "the node marked",
            "seq": "its first NodeSetDirty for this write",
        ]),
        Table(name: "trace_indirect_sources", section: .traces, row: "where an indirect node pointed, and from when until when (IndirectNodeSetSource, or a snapshot record for a source set before tracing)", columns: [
            "attribute": "the indirect node (its attribute, low bits 01)", "source": "the node it reads through to",
            "set_seq": "the IndirectNodeSetSource (NULL when a snapshot record names a source set before)",
            "replaced_seq": "the next IndirectNodeSetSource of the node (NULL when never replaced)",
        ]),
        Table(name: "trace_subgraphs", section: .traces, row: "subgraph the trace mentions", columns: [
            "context_id": "its context (NULL when unknown)", "parent_id": "its parent subgraph (NULL when none or unknown)",
            "created_seq": "the event that created it (NULL when unseen)", "invalidated_seq": "the event that invalidated it (NULL when unseen)",
            "destroyed_seq": "the event that destroyed it (NULL when unseen)",
        ]),
        Table(name: "trace_update_rows", section: .traces, row: "rule evaluation (the table behind `trace_updates`)", columns: Self.updateColumns),
        Table(name: "trace_updates", section: .traces, row: "rule evaluation: a BeginValueUpdate and its EndValueUpdate", columns: Self.updateColumns),
        Table(name: "trace_writes", section: .traces, row: "write: a BeginGraphInvalidation", columns: [
            "seq": "the invalidation event's `seq`", "attribute": "the written node (the invalidation's p1)",
            "context": "the context whose invalidation callback ran (p2)", "marked": "distinct nodes set dirty by the write",
            "updates": "evaluations until the next write", "reran": "those evaluations of marked nodes",
        ]),
    ]

    /// The columns every view of an Instruments table has.
    static let xctraceCommon: [String: String] = [
        "recording_id": "the recording (`xctrace_recordings.id`)", "position": "the row's position in its table, from 0",
        "table_id": "the table (`xctrace_tables.id`)", "process": "`process`'s display text (`App (95121)`)",
        "thread": "`thread`'s display text (`Main Thread 0x6458125 (App, pid: 95121)`)", "thread_id": "the thread's `tid` (NULL when not given)",
    ]

    static let rowSlots: [String: String] = {
        var columns = ["table_id": "the table (`xctrace_tables.id`)", "position": "the row's position in its table, from 0",
                       "more": "cells of slots past c23, as a JSON object slot -> value id (NULL when none)"]
        for i in 0..<24 { columns["c\(i)"] = "the value (`xctrace_values.id`) in slot \(i)" }
        return columns
    }()

    static let eventColumns: [String: String] = [
        "type": "the event number as the file has it", "timestamp": "seconds (NULL on event types that carry none)",
        "p1": "first payload (0 when defined and left out, NULL when not defined)", "p2": "second payload (likewise)",
        "p3": "third payload (likewise)", "data": "field 9 as text (a log message, a custom event's name)",
    ]

    static let nodeColumns: [String: String] = [
        "flags": "raw node flags: bit 0 (1) is the dirty bit (NULL when the archive leaves `flags` out: unknown, not clean)", "subgraph_flags": "the node's subgraph flags",
    ]

    static let traceNodeColumns: [String: String] = [
        "subgraph_id": "the subgraph it was added to", "type_id": "its type (`trace_types.type_id`; NULL for an indirect node)",
    ]

    static let updateColumns: [String: String] = [
        "begin_seq": "the BeginValueUpdate's `seq`", "end_seq": "the EndValueUpdate's `seq` (NULL when the trace never ends it)",
        "attribute": "the node evaluated", "begin_time": "seconds at the begin", "end_time": "seconds at the end (NULL when never ended)",
        "duration": "`end_time - begin_time` (NULL when unknown)",
        "self_duration": "the duration minus the evaluations nested inside it (NULL when unknown)",
        "depth": "0 at the top, n inside n evaluations", "parent_attribute": "the evaluation it ran inside (NULL at the top)",
        "changed": "1 when the value changed, 0 when not (NULL when never ended)",
        "cause_seq": "the write (`trace_writes.seq`) whose dirty marks explain it (NULL when none does)",
    ]

    /// Each kind's own columns (`ImportsMigration`): described as its view describes them.
    static let factsTables: [Table] = ImportsMigration.kinds.compactMap { kind in
        guard let view = tables.first(where: { $0.name == kind.table }) else { return nil }
        return Table(name: kind.facts, section: view.section,
                     row: "\(view.row): its own columns (the view `\(kind.table)` adds what `imports` holds of it)",
                     columns: view.columns.merging(["id": "row id (the `\(kind.table)` id its other tables key to)"]) { _, own in own })
    }

    /// Every described table in the document's order: a kind's facts table right after its view.
    public static var documented: [Table] {
        tables.flatMap { t in [t] + factsTables.filter { f in ImportsMigration.kinds.contains { $0.table == t.name && $0.facts == f.name } } }
    }

    public static func table(_ name: String) -> Table? { tables.first { $0.name == name } ?? factsTables.first { $0.name == name } }

    /// The meaning of `column` in `table`, nil when nobody wrote one.
    public static func describe(_ table: String, _ column: String) -> String? {
        guard let t = self.table(table) else { return nil }
        return t.columns[column] ?? common[column]
    }
}
