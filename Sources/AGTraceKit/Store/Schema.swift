import Foundation

/// The database schema, as a list of forward migrations. `PRAGMA user_version` holds how many
/// have been applied; `PRAGMA application_id` marks the file as agtrace's.
public enum Schema {
    /// "AGTr": written into the SQLite header so that agtrace recognises its own files.
    public static let applicationId: Int64 = 0x4147_5472

    /// Each entry upgrades the schema by one version. Never edit a published entry: add one.
    static let migrations: [String] = [
        // 1: archives.
        """
        CREATE TABLE snapshots(
            id INTEGER PRIMARY KEY,
            label TEXT UNIQUE NOT NULL,
            source TEXT,
            sha256 TEXT,
            format_version INTEGER,
            imported_at TEXT,
            compressed INTEGER NOT NULL DEFAULT 0,
            size_bytes INTEGER,
            counter_bytes INTEGER,
            counter_max_bytes INTEGER
        );
        CREATE INDEX snapshots_by_sha256 ON snapshots(sha256);
        CREATE TABLE graphs(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            graph_id INTEGER,
            update_count INTEGER,
            change_count INTEGER,
            transaction_count INTEGER,
            update_total REAL,
            changed_total REAL,
            counters TEXT,
            first_node_id INTEGER,
            node_count INTEGER,
            edge_count INTEGER,
            PRIMARY KEY(snapshot_id, graph_index)
        );
        CREATE TABLE types(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            type_index INTEGER NOT NULL,
            type_id INTEGER,
            name TEXT,
            value_type TEXT,
            size INTEGER,
            flags INTEGER,
            update_count INTEGER,
            change_count INTEGER,
            update_total REAL,
            changed_total REAL,
            PRIMARY KEY(snapshot_id, graph_index, type_index)
        );
        -- Node rows, appended in archive order with id = graphs.first_node_id + node_index.
        -- Read them through the `nodes` view, which adds each node's subgraph.
        CREATE TABLE node_rows(
            id INTEGER PRIMARY KEY,
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            node_index INTEGER NOT NULL,
            attribute INTEGER NOT NULL,
            type_index INTEGER NOT NULL,
            description TEXT,
            value TEXT,
            flags INTEGER,
            subgraph_flags INTEGER,
            update_count INTEGER,
            change_count INTEGER,
            update_total REAL,
            changed_total REAL
        );
        -- Subgraph membership as runs of consecutive node ids (archives list it after the
        -- nodes; keeping it apart saves rewriting every node row).
        CREATE TABLE subgraph_nodes(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            subgraph_id INTEGER,
            first_node_id INTEGER NOT NULL,
            last_node_id INTEGER NOT NULL,
            PRIMARY KEY(first_node_id, last_node_id)
        ) WITHOUT ROWID;
        CREATE VIEW nodes AS
            SELECT n.id, n.snapshot_id, n.graph_index, n.node_index, n.attribute, n.type_index,
                   (SELECT m.subgraph_id FROM subgraph_nodes m
                     WHERE m.first_node_id <= n.id AND m.last_node_id >= n.id
                     ORDER BY m.first_node_id DESC LIMIT 1) AS subgraph_id,
                   n.description, n.value, n.flags, n.subgraph_flags,
                   n.update_count, n.change_count, n.update_total, n.changed_total
            FROM node_rows n;
        -- Edges (migration 4 clusters them by snapshot, source and reader).
        CREATE TABLE edges(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            src_attribute INTEGER NOT NULL,
            dst_attribute INTEGER NOT NULL,
            offset INTEGER,
            flags INTEGER,
            edge_index INTEGER NOT NULL
        );
        CREATE TABLE subgraphs(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            subgraph_index INTEGER NOT NULL,
            subgraph_id INTEGER,
            context_id INTEGER,
            invalid INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY(snapshot_id, graph_index, subgraph_index)
        );
        CREATE TABLE subgraph_children(
            snapshot_id INTEGER NOT NULL,
            parent_graph_index INTEGER NOT NULL,
            parent_subgraph_id INTEGER,
            child_graph_index INTEGER NOT NULL,
            child_subgraph_id INTEGER
        );
        CREATE INDEX subgraph_children_by_snapshot ON subgraph_children(snapshot_id);
        CREATE TABLE tree_items(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            tree_index INTEGER NOT NULL,
            parent_tree_index INTEGER,
            node_id INTEGER,
            offset INTEGER,
            description TEXT,
            flags INTEGER,
            is_root INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY(snapshot_id, graph_index, tree_index)
        );
        CREATE TABLE tree_item_values(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            tree_index INTEGER NOT NULL,
            key TEXT NOT NULL,
            node_id INTEGER,
            offset INTEGER
        );
        CREATE INDEX tree_item_values_by_tree ON tree_item_values(snapshot_id, graph_index, tree_index);
        CREATE TABLE tree_item_nodes(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            tree_index INTEGER NOT NULL,
            node_id INTEGER NOT NULL
        );
        CREATE INDEX tree_item_nodes_by_tree ON tree_item_nodes(snapshot_id, graph_index, tree_index);
        CREATE TABLE profile_events(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            scope TEXT NOT NULL,
            scope_key INTEGER,
            category TEXT NOT NULL,
            update_count INTEGER,
            change_count INTEGER,
            update_total REAL,
            changed_total REAL
        );
        CREATE INDEX profile_events_by_snapshot ON profile_events(snapshot_id);
        CREATE TABLE profile_marks(
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            scope TEXT NOT NULL,
            scope_key INTEGER,
            category TEXT,
            name TEXT,
            timestamp REAL,
            update_count INTEGER,
            change_count INTEGER,
            update_total REAL,
            changed_total REAL
        );
        CREATE INDEX profile_marks_by_snapshot ON profile_marks(snapshot_id);
        -- Nodes by attribute and edges by source within a snapshot (see Schema.bulkIndexes).
        CREATE INDEX nodes_by_attribute ON node_rows(snapshot_id, attribute);
        CREATE INDEX edges_by_src ON edges(snapshot_id, src_attribute);
        -- The debug view tree refers to nodes by index; these views name them by attribute.
        CREATE VIEW trees AS
            SELECT t.snapshot_id, t.graph_index, t.tree_index, t.parent_tree_index,
                   n.attribute, t.offset, t.description, t.flags, t.is_root, n.node_index
            FROM tree_items t LEFT JOIN node_rows n ON n.id = t.node_id;
        CREATE VIEW tree_values AS
            SELECT v.snapshot_id, v.graph_index, v.tree_index, v.key, n.attribute, v.offset, n.node_index
            FROM tree_item_values v LEFT JOIN node_rows n ON n.id = v.node_id;
        CREATE VIEW tree_nodes AS
            SELECT r.snapshot_id, r.graph_index, r.tree_index, n.attribute, n.node_index
            FROM tree_item_nodes r LEFT JOIN node_rows n ON n.id = r.node_id;
        -- Each node with its rule (the type's name) and value type.
        CREATE VIEW node_rules AS
            SELECT n.snapshot_id, n.graph_index, n.attribute, t.name AS rule, t.value_type,
                   n.flags, n.node_index, n.type_index, n.subgraph_id, n.description, n.value, n.id AS node_id,
                   n.update_count, n.change_count, n.update_total, n.changed_total
            FROM nodes n
            JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index
                        AND t.type_index = n.type_index;
        """,
        // 2: breakpoint transcripts.
        """
        CREATE TABLE runs(
        \(recordingColumns)
            event_count INTEGER,
            skipped_lines INTEGER,
            incomplete_hits INTEGER
        );
        CREATE INDEX runs_by_sha256 ON runs(sha256);
        -- Events (migration 5 makes them a plain table appended run by run).
        CREATE TABLE events(
        \(eventColumns)
        );
        CREATE INDEX events_by_kind ON events(run_id, kind, attribute);
        CREATE TABLE frames(
            run_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            depth INTEGER NOT NULL,
            module TEXT,
            symbol TEXT,
            address TEXT,
            PRIMARY KEY(run_id, seq, depth)
        ) WITHOUT ROWID;
        \(runEdgesView)
        """,
        // 3: subgraph_nodes rebuilt with its key columns first. SQLite 3.40's PRAGMA
        // integrity_check reports "NULL value in subgraph_nodes.snapshot_id" for every row of a
        // WITHOUT ROWID table whose NOT NULL columns come before its key columns; the rows were
        // always fine, but a database must pass integrity_check. Views name the table, not its
        // columns' positions, so they stay as they are.
        """
        CREATE TEMP TABLE subgraph_nodes_copy AS SELECT * FROM main.subgraph_nodes;
        DROP TABLE main.subgraph_nodes;
        CREATE TABLE main.subgraph_nodes(
            first_node_id INTEGER NOT NULL,
            last_node_id INTEGER NOT NULL,
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            subgraph_id INTEGER,
            PRIMARY KEY(first_node_id, last_node_id)
        ) WITHOUT ROWID;
        INSERT INTO main.subgraph_nodes(first_node_id, last_node_id, snapshot_id, graph_index, subgraph_id)
            SELECT first_node_id, last_node_id, snapshot_id, graph_index, subgraph_id FROM temp.subgraph_nodes_copy;
        DROP TABLE temp.subgraph_nodes_copy;
        """,
        // 4: edges clustered by (snapshot, source, reader): the table is its own index, so an
        // import appends edges (the reader delivers them in this order) and builds no
        // edges_by_src afterwards, which was a quarter of a large import; "who reads X" and
        // "all edges of a snapshot" become range scans of the table itself. Key columns first
        // (see migration 3 for why).
        """
        CREATE TABLE edges_clustered(
            snapshot_id INTEGER NOT NULL,
            src_attribute INTEGER NOT NULL,
            dst_attribute INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            edge_index INTEGER NOT NULL,
            offset INTEGER,
            flags INTEGER,
            PRIMARY KEY(snapshot_id, src_attribute, dst_attribute, graph_index, edge_index)
        ) WITHOUT ROWID;
        INSERT INTO edges_clustered(snapshot_id, src_attribute, dst_attribute, graph_index, edge_index, offset, flags)
            SELECT snapshot_id, src_attribute, dst_attribute, graph_index, edge_index, offset, flags FROM edges
            ORDER BY snapshot_id, src_attribute, dst_attribute, graph_index, edge_index;
        DROP TABLE edges;
        ALTER TABLE edges_clustered RENAME TO edges;
        """,
        // 5: events and frames as plain tables without indexes, a run's rows appended under
        // consecutive ids that the run's row records (first_/last_event_id, first_/last_frame_id):
        // reports read their run's range. Appends are SQLite's cheapest write; the index by kind
        // cost as much again as the rows, half of a transcript's import.
        """
        DROP VIEW run_edges;
        CREATE TABLE events_appended(
            id INTEGER PRIMARY KEY,
        \(eventColumns)
        );
        INSERT INTO events_appended(run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute)
            SELECT run_id, seq, line, kind, symbol, breakpoint, thread, attribute, input_attribute FROM events
            ORDER BY run_id, seq;
        DROP TABLE events;
        ALTER TABLE events_appended RENAME TO events;
        CREATE TABLE frames_appended(
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            depth INTEGER NOT NULL,
            module TEXT,
            symbol TEXT,
            address TEXT
        );
        INSERT INTO frames_appended(run_id, seq, depth, module, symbol, address)
            SELECT run_id, seq, depth, module, symbol, address FROM frames ORDER BY run_id, seq, depth;
        DROP TABLE frames;
        ALTER TABLE frames_appended RENAME TO frames;
        ALTER TABLE runs ADD COLUMN first_event_id INTEGER;
        ALTER TABLE runs ADD COLUMN last_event_id INTEGER;
        ALTER TABLE runs ADD COLUMN first_frame_id INTEGER;
        ALTER TABLE runs ADD COLUMN last_frame_id INTEGER;
        UPDATE runs SET first_event_id = (SELECT min(id) FROM events e WHERE e.run_id = runs.id),
                        last_event_id = (SELECT max(id) FROM events e WHERE e.run_id = runs.id),
                        first_frame_id = (SELECT min(id) FROM frames f WHERE f.run_id = runs.id),
                        last_frame_id = (SELECT max(id) FROM frames f WHERE f.run_id = runs.id);
        \(runEdgesView)
        """,
        // 6: nodes named by view. `types.view` holds the view whose body a rule runs
        // (`ViewName.fromRule`, here through the SQL function agtrace_view_name); `tree_views`
        // the debug tree's name of every other node it names; `node_views` is both
        // (docs/schema.md), filled for older imports by the step `steps[6]` (the import's
        // TreeNaming; it was this migration's SQL until the rule was written once). The engine
        // leaves out zero edge offsets and flags; older imports stored them as NULL, now 0.
        """
        ALTER TABLE types ADD COLUMN view TEXT;
        UPDATE types SET view = agtrace_view_name(name);
        UPDATE edges SET offset = coalesce(offset, 0), flags = coalesce(flags, 0) WHERE offset IS NULL OR flags IS NULL;
        CREATE TABLE tree_views(
            snapshot_id INTEGER NOT NULL,
            attribute INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            view TEXT NOT NULL,
            PRIMARY KEY(snapshot_id, attribute, graph_index)
        ) WITHOUT ROWID;
        CREATE VIEW node_views AS
            SELECT n.snapshot_id, n.graph_index, n.attribute, t.view, 'body' AS source
            FROM node_rows n
            JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
            WHERE t.view IS NOT NULL
            UNION ALL
            SELECT snapshot_id, graph_index, attribute, view, 'tree' FROM tree_views;
        """,
        // 7: how a recording ended (NULL for runs imported before: unknown), and labels that
        // name stored bytes a second time (`import --label X` of bytes stored as L).
        """
        ALTER TABLE runs ADD COLUMN complete INTEGER;
        ALTER TABLE runs ADD COLUMN end_reason TEXT;
        CREATE TABLE aliases(
            label TEXT PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('snapshot', 'run', 'trace')),
            target_id INTEGER NOT NULL
        );
        CREATE INDEX aliases_by_target ON aliases(kind, target_id);
        """,
        // 8: traces (AttributeGraph's binary trace files). Events are kept whole, keyed by
        // (trace, seq) and named through trace_kinds; evaluations and writes are derived at import
        // (trace_update_rows, trace_writes), their rules resolved through the types a trace lists
        // at its end (the views trace_updates and trace_node_rules).
        """
        CREATE TABLE traces(
        \(recordingColumns)
            event_count INTEGER,
            first_timestamp REAL,
            last_timestamp REAL
        );
        CREATE INDEX traces_by_sha256 ON traces(sha256);
        CREATE TABLE trace_kinds(
            type INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            p1_is_attribute INTEGER NOT NULL
        );
        INSERT INTO trace_kinds(type, kind, p1_is_attribute) VALUES
            (1, 'BeginTrace', 0),
            (2, 'EndTrace', 0),
            (3, 'BeginSubgraphUpdate', 0),
            (4, 'EndSubgraphUpdate', 0),
            (5, 'BeginNodeUpdate', 1),
            (6, 'EndNodeUpdate', 1),
            (7, 'BeginValueUpdate', 1),
            (8, 'EndValueUpdate', 1),
            (9, 'BeginGraphUpdate', 0),
            (10, 'EndGraphUpdate', 0),
            (11, 'BeginGraphInvalidation', 1),
            (12, 'EndGraphInvalidation', 1),
            (13, 'BeginModifyNode', 1),
            (14, 'EndModifyNode', 1),
            (15, 'BeginEvent', 1),
            (16, 'EndEvent', 1),
            (17, 'BeginSnapshot', 0),
            (18, 'EndSnapshot', 0),
            (32, 'GraphCreated', 0),
            (33, 'GraphDestroy', 0),
            (34, 'GraphNeedsUpdate', 0),
            (35, 'SubgraphCreated', 0),
            (36, 'SubgraphInvalidate', 0),
            (37, 'SubgraphAddChild', 0),
            (38, 'SubgraphRemoveChild', 0),
            (39, 'NodeAdded', 1),
            (40, 'NodeSetDirty', 1),
            (41, 'NodeSetPending', 1),
            (42, 'NodeSetValue', 1),
            (43, 'NodeMarkValue', 1),
            (44, 'IndirectNodeAdded', 1),
            (45, 'IndirectNodeSetSource', 1),
            (46, 'IndirectNodeSetDependency', 1),
            (47, 'NodeAddEdge', 1),
            (48, 'NodeRemoveEdge', 1),
            (49, 'NodeSetEdgePending', 1),
            (50, 'ProfileMark', 0),
            (51, 'LogMessage', 0),
            (52, 'CustomEvent', 0),
            (53, 'SubgraphDestroy', 0),
            (54, 'NamedEvent', 0),
            (55, 'SetDeadline', 0),
            (56, 'PassedDeadline', 0);
        CREATE TABLE trace_event_rows(
            trace_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            type INTEGER NOT NULL,
            timestamp REAL,
            p1 INTEGER,
            p2 INTEGER,
            p3 INTEGER,
            data TEXT,
            PRIMARY KEY(trace_id, seq)
        ) WITHOUT ROWID;
        CREATE VIEW trace_events AS
            SELECT e.trace_id, e.seq, e.type, k.kind, e.timestamp,
                   CASE WHEN k.p1_is_attribute = 1 THEN e.p1 END AS attribute, e.p1, e.p2, e.p3, e.data
            FROM trace_event_rows e LEFT JOIN trace_kinds k ON k.type = e.type;
        CREATE TABLE trace_types(
            trace_id INTEGER NOT NULL,
            type_id INTEGER NOT NULL,
            rule TEXT,
            value_type TEXT,
            body_size INTEGER,
            value_size INTEGER,
            flags INTEGER,
            view TEXT,
            PRIMARY KEY(trace_id, type_id)
        ) WITHOUT ROWID;
        CREATE TABLE trace_nodes(
            trace_id INTEGER NOT NULL,
            attribute INTEGER NOT NULL,
            subgraph_id INTEGER,
            type_id INTEGER
        );
        CREATE INDEX trace_nodes_by_attribute ON trace_nodes(trace_id, attribute);
        CREATE VIEW trace_node_rules AS
            SELECT n.trace_id, n.attribute, n.subgraph_id, n.type_id, t.rule, t.value_type, t.view
            FROM trace_nodes n LEFT JOIN trace_types t ON t.trace_id = n.trace_id AND t.type_id = n.type_id;
        CREATE TABLE trace_edges(
            trace_id INTEGER NOT NULL,
            reader INTEGER NOT NULL,
            input INTEGER NOT NULL,
            added_seq INTEGER,
            removed_seq INTEGER
        );
        CREATE INDEX trace_edges_by_input ON trace_edges(trace_id, input, reader);
        CREATE TABLE trace_subgraphs(
            trace_id INTEGER NOT NULL,
            subgraph_id INTEGER NOT NULL,
            context_id INTEGER,
            parent_id INTEGER,
            created_seq INTEGER,
            invalidated_seq INTEGER,
            destroyed_seq INTEGER,
            PRIMARY KEY(trace_id, subgraph_id)
        ) WITHOUT ROWID;
        CREATE TABLE trace_update_rows(
            trace_id INTEGER NOT NULL,
            begin_seq INTEGER NOT NULL,
            end_seq INTEGER,
            attribute INTEGER NOT NULL,
            begin_time REAL,
            end_time REAL,
            duration REAL,
            self_duration REAL,
            depth INTEGER NOT NULL,
            parent_attribute INTEGER,
            changed INTEGER,
            cause_seq INTEGER,
            PRIMARY KEY(trace_id, begin_seq)
        ) WITHOUT ROWID;
        CREATE VIEW trace_updates AS
            SELECT u.trace_id, u.begin_seq, u.end_seq, u.attribute,
                   r.rule, u.begin_time, u.end_time, u.duration, u.self_duration, u.depth, u.parent_attribute, u.changed,
                   u.cause_seq, r.view
            FROM trace_update_rows u
            LEFT JOIN trace_node_rules r ON r.trace_id = u.trace_id AND r.attribute = u.attribute;
        CREATE TABLE trace_writes(
            trace_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            attribute INTEGER NOT NULL,
            context INTEGER,
            marked INTEGER NOT NULL,
            updates INTEGER NOT NULL,
            reran INTEGER NOT NULL,
            PRIMARY KEY(trace_id, seq)
        ) WITHOUT ROWID;
        """,
        // 9: a clock on events. The lldb recorder (`agtrace record`) stamps every hit with the
        // debugger's monotonic clock in nanoseconds; the other transcript shapes have none (NULL).
        """
        ALTER TABLE events ADD COLUMN time_ns INTEGER;
        """,
        // 10: what a trace says beyond its events' rows. Whether it ended (EndTrace after its last
        // BeginTrace; a trace cut by a crash or a kill has none, and check refuses it like a cut
        // transcript), filled here from the events stored; the nodes each write marked
        // (NodeSetDirty names them, so no walk is predicted); where indirect nodes point. An
        // indirect node's events name it by its offset (IndirectNodeAdded p1 = 1100) while edges
        // and snapshot records name it by its attribute (1101): imports before this stored both,
        // one node counted twice, and the offset's row is folded into the attribute's here.
        // How the events' timestamps were written (clock) is known from this import on (NULL
        // before). Traces imported before have no marks or indirect sources: import them again.
        """
        ALTER TABLE traces ADD COLUMN complete INTEGER;
        ALTER TABLE traces ADD COLUMN end_reason TEXT;
        ALTER TABLE traces ADD COLUMN clock TEXT;
        UPDATE traces SET complete = EXISTS (
            SELECT 1 FROM trace_event_rows e
            WHERE e.trace_id = traces.id AND e.type = 2
              AND e.seq > coalesce((SELECT max(b.seq) FROM trace_event_rows b WHERE b.trace_id = traces.id AND b.type = 1), 0));
        UPDATE traces SET end_reason = CASE complete WHEN 1 THEN 'EndTrace' ELSE 'no EndTrace' END;
        DELETE FROM trace_nodes
        WHERE type_id IS NULL AND (attribute & 3) = 0
          AND EXISTS (SELECT 1 FROM trace_nodes m WHERE m.trace_id = trace_nodes.trace_id AND m.attribute = (trace_nodes.attribute | 1));
        UPDATE trace_nodes SET attribute = attribute | 1
        WHERE type_id IS NULL AND (attribute & 3) = 0
          AND EXISTS (SELECT 1 FROM trace_event_rows e WHERE e.trace_id = trace_nodes.trace_id AND e.type = 44 AND e.p1 = trace_nodes.attribute);
        CREATE TABLE trace_marks(
            trace_id INTEGER NOT NULL,
            write_seq INTEGER NOT NULL,
            attribute INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY(trace_id, write_seq, attribute)
        ) WITHOUT ROWID;
        CREATE TABLE trace_indirect_sources(
            trace_id INTEGER NOT NULL,
            attribute INTEGER NOT NULL,
            source INTEGER NOT NULL,
            set_seq INTEGER,
            replaced_seq INTEGER
        );
        CREATE INDEX trace_indirect_sources_by_source ON trace_indirect_sources(trace_id, source);
        """,
        // 11: import problems are rows. What an import warned about (a recording that ended
        // early, lines that could not be read, timestamps that time nothing) was printed and
        // lost; it is stored with the rows now, and `import` prints it from here. Imports
        // before this have none. And aliases may name any stored kind (a format's folder may
        // bring a kind of its own: `StoredKind`), so their CHECK of the three goes: the table
        // is built again under its name, the old one renamed away first.
        """
        ALTER TABLE aliases RENAME TO aliases_before_11;
        CREATE TABLE aliases(
            label TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            target_id INTEGER NOT NULL
        );
        INSERT INTO aliases(label, kind, target_id) SELECT label, kind, target_id FROM aliases_before_11;
        DROP TABLE aliases_before_11;
        CREATE INDEX aliases_by_target ON aliases(kind, target_id);
        CREATE TABLE import_notes(
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            owner_id INTEGER NOT NULL,
            label TEXT NOT NULL,
            severity TEXT NOT NULL,
            code TEXT NOT NULL,
            message TEXT NOT NULL,
            position INTEGER
        );
        CREATE INDEX import_notes_by_owner ON import_notes(kind, owner_id);
        """,
        // 12: a run's events as one view. Every query over one run spelled out the id range its
        // row records (migration 5); `run_events WHERE run_id = R` says it once, and SQLite
        // still reads the range by rowid (the run's row by its key, then its events' ids).
        """
        CREATE VIEW run_events AS
            SELECT e.* FROM runs r JOIN events e ON e.run_id = r.id AND e.id BETWEEN r.first_event_id AND r.last_event_id;
        """,
        // 13: the console as evidence, and cycles wherever they are reported. A console log
        // (Xcode's console, `log stream`, a CI job's output) is a stored kind of its own
        // (`consoles`); AttributeGraph's cycle reports come from a console, a trace's LogMessage
        // events or the lldb recorder's `--cycles` stops, so `cycles` says which (`kind`,
        // `owner_id`: the stored kind and its row, as `import_notes` does). Body-change lines
        // (`_printChanges`) and SwiftUI's console warnings belong to a console.
        """
        CREATE TABLE consoles(
        \(recordingColumns)
            line_count INTEGER
        );
        CREATE INDEX consoles_by_sha256 ON consoles(sha256);
        CREATE TABLE cycles(
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            owner_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            attribute INTEGER,
            level INTEGER,
            form TEXT NOT NULL,
            complete INTEGER NOT NULL DEFAULT 1,
            dump TEXT
        );
        CREATE INDEX cycles_by_owner ON cycles(kind, owner_id);
        CREATE TABLE cycle_frames(
            cycle_id INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            stack_index INTEGER,
            frame_index INTEGER,
            attribute INTEGER,
            count INTEGER,
            input_index INTEGER,
            input_count INTEGER,
            flags TEXT,
            cyclic INTEGER,
            name TEXT,
            PRIMARY KEY(cycle_id, ordinal)
        ) WITHOUT ROWID;
        CREATE TABLE cycle_labels(
            cycle_id INTEGER NOT NULL,
            attribute INTEGER NOT NULL,
            label TEXT NOT NULL,
            PRIMARY KEY(cycle_id, attribute)
        ) WITHOUT ROWID;
        CREATE TABLE body_changes(
            id INTEGER PRIMARY KEY,
            console_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            view TEXT NOT NULL,
            unchanged INTEGER NOT NULL
        );
        CREATE INDEX body_changes_by_console ON body_changes(console_id);
        CREATE TABLE body_change_tokens(
            body_change_id INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY(body_change_id, ordinal)
        ) WITHOUT ROWID;
        CREATE TABLE console_warnings(
            id INTEGER PRIMARY KEY,
            console_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            code TEXT NOT NULL,
            subject TEXT,
            message TEXT NOT NULL
        );
        CREATE INDEX console_warnings_by_console ON console_warnings(console_id);
        """,
        // 14: a debug-tree entry's `creator` (a node index: the node that made the entry, as
        // one of Apple's dumps writes it). A column added, no table rebuilt: older entries get
        // NULL (unknown), whatever the database's size. `trees` names it by attribute.
        """
        ALTER TABLE tree_items ADD COLUMN creator_node_id INTEGER;
        DROP VIEW trees;
        \(treesView)
        """,
        // 15: Instruments recordings (`xctrace export` XML). Stored generically: any table's
        // rows fit `xctrace_rows` (one row per row, its cells as ids of de-duplicated
        // `xctrace_values`, the document's own id/ref de-duplication kept), so an unknown
        // schema is stored, not refused, and a 1 GB export is not one SQLite row per cell.
        // Known schemas put each column in the slot of its mnemonic (`xctrace_columns.slot`),
        // whatever its position, so the views per schema read fixed slots. Both are declared
        // once, in the Instruments folder (`XctraceSchemas.known`), and the views' text written
        // out from it (SchemaTests: still the published text).
        """
        CREATE TABLE xctrace_recordings(
        \(recordingColumns)
            documents INTEGER NOT NULL,
            device TEXT,
            device_model TEXT,
            device_uuid TEXT,
            platform TEXT,
            os_version TEXT,
            process TEXT,
            pid INTEGER,
            template TEXT,
            instruments_version TEXT,
            start_date TEXT,
            end_date TEXT,
            duration_ns INTEGER,
            end_reason TEXT,
            runs INTEGER,
            first_value_id INTEGER,
            last_value_id INTEGER
        );
        CREATE INDEX xctrace_recordings_by_sha256 ON xctrace_recordings(sha256);
        CREATE TABLE xctrace_toc_tables(
            recording_id INTEGER NOT NULL,
            run INTEGER NOT NULL,
            position INTEGER NOT NULL,
            schema TEXT NOT NULL,
            attributes TEXT,
            PRIMARY KEY(recording_id, run, position)
        ) WITHOUT ROWID;
        CREATE TABLE xctrace_tables(
            id INTEGER PRIMARY KEY,
            recording_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            schema TEXT NOT NULL,
            row_count INTEGER NOT NULL,
            sentinel_count INTEGER NOT NULL,
            xpath TEXT,
            documentation TEXT,
            document INTEGER NOT NULL,
            complete INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX xctrace_tables_by_recording ON xctrace_tables(recording_id);
        CREATE TABLE xctrace_columns(
            table_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            mnemonic TEXT,
            name TEXT,
            engineering_type TEXT,
            slot INTEGER NOT NULL,
            PRIMARY KEY(table_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE xctrace_values(
            id INTEGER PRIMARY KEY,
            recording_id INTEGER NOT NULL,
            tag TEXT NOT NULL,
            raw TEXT,
            number INTEGER,
            fmt TEXT,
            attributes TEXT
        );
        CREATE TABLE xctrace_children(
            parent_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            child_id INTEGER NOT NULL,
            PRIMARY KEY(parent_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE xctrace_rows(
            table_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            c0 INTEGER,
            c1 INTEGER,
            c2 INTEGER,
            c3 INTEGER,
            c4 INTEGER,
            c5 INTEGER,
            c6 INTEGER,
            c7 INTEGER,
            c8 INTEGER,
            c9 INTEGER,
            c10 INTEGER,
            c11 INTEGER,
            c12 INTEGER,
            c13 INTEGER,
            c14 INTEGER,
            c15 INTEGER,
            c16 INTEGER,
            c17 INTEGER,
            c18 INTEGER,
            c19 INTEGER,
            c20 INTEGER,
            c21 INTEGER,
            c22 INTEGER,
            c23 INTEGER,
            more TEXT,
            PRIMARY KEY(table_id, position)
        ) WITHOUT ROWID;
        CREATE VIEW xctrace_cells AS
            SELECT c.table_id, r.position AS row, c.position, c.mnemonic, v.id AS value_id, v.tag,
                   coalesce(v.raw, CAST(v.number AS TEXT)) AS raw, v.number, coalesce(v.fmt, v.raw, CAST(v.number AS TEXT)) AS fmt
            FROM xctrace_rows r JOIN xctrace_columns c ON c.table_id = r.table_id
            LEFT JOIN xctrace_values v ON v.id = CASE c.slot WHEN 0 THEN r.c0 WHEN 1 THEN r.c1 WHEN 2 THEN r.c2 WHEN 3 THEN r.c3 WHEN 4 THEN r.c4 WHEN 5 THEN r.c5 WHEN 6 THEN r.c6 WHEN 7 THEN r.c7 WHEN 8 THEN r.c8 WHEN 9 THEN r.c9 WHEN 10 THEN r.c10 WHEN 11 THEN r.c11 WHEN 12 THEN r.c12 WHEN 13 THEN r.c13 WHEN 14 THEN r.c14 WHEN 15 THEN r.c15 WHEN 16 THEN r.c16 WHEN 17 THEN r.c17 WHEN 18 THEN r.c18 WHEN 19 THEN r.c19 WHEN 20 THEN r.c20 WHEN 21 THEN r.c21 WHEN 22 THEN r.c22 WHEN 23 THEN r.c23 ELSE json_extract(r.more, '$.' || c.slot) END;
        CREATE VIEW xctrace_frames AS
            SELECT b.parent_id AS backtrace_id, b.position, json_extract(f.attributes, '$.name') AS name,
                   json_extract(f.attributes, '$.addr') AS address,
                   json_extract(bin.attributes, '$.name') AS binary_name, json_extract(bin.attributes, '$.UUID') AS binary_uuid,
                   json_extract(bin.attributes, '$.path') AS binary_path, json_extract(bin.attributes, '$.arch') AS arch,
                   json_extract(bin.attributes, '$."load-addr"') AS load_address, f.id AS frame_id
            FROM xctrace_children b
            JOIN xctrace_values f ON f.id = b.child_id AND f.tag = 'frame'
            LEFT JOIN xctrace_children fb ON fb.parent_id = f.id AND fb.position = 0
            LEFT JOIN xctrace_values bin ON bin.id = fb.child_id AND bin.tag = 'binary';
        """ + "\n" + XctraceSchemas.known.map { $0.viewSQL(frameworks: XctraceSchemas.frozenFrameworks) }.joined(separator: "\n"),
        // 16: each distinct backtrace of a run stored once. A transcript prints the same few
        // backtraces at thousands of hits (12 distinct for 37,159 frame rows in the benchmark's
        // 10 MB one): `backtraces` holds each once per run, `backtrace_frames` its frames, and an
        // event names its backtrace. `frames` becomes a view with its former columns; its `id`
        // is the hit's first frame's id (`events.first_frame_id`, numbered as before) plus the
        // frame's place in the backtrace, so ids and the runs' first/last_frame_id keep their
        // meaning. Older frames are grouped by hit (in id order), hits alike by content share a
        // backtrace, the one seen first.
        // And debug-tree entries keyed by a rowid (`tree_items.id`, a graph's entries consecutive
        // in tree order): appended with no primary-key index beside them, which cost a third of
        // their inserts. No report reads them by key; the import updates a parent by id.
        """
        CREATE TABLE backtraces(
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL,
            frame_count INTEGER NOT NULL
        );
        CREATE TABLE backtrace_frames(
            backtrace_id INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            depth INTEGER NOT NULL,
            module TEXT,
            symbol TEXT,
            address TEXT,
            PRIMARY KEY(backtrace_id, ordinal)
        ) WITHOUT ROWID;
        ALTER TABLE events ADD COLUMN backtrace_id INTEGER;
        ALTER TABLE events ADD COLUMN first_frame_id INTEGER;
        -- A hit's frames, their place in it and its whole content as one text (quote() keeps
        -- the texts apart: no two backtraces give the same text).
        CREATE TEMP TABLE old_frames AS
            SELECT id, run_id, seq, depth, module, symbol, address,
                   row_number() OVER (PARTITION BY run_id, seq ORDER BY id) - 1 AS ordinal,
                   min(id) OVER whole AS first_id,
                   count(*) OVER whole AS n,
                   group_concat(depth || ' ' || quote(module) || ' ' || quote(symbol) || ' ' || quote(address), ';') OVER whole AS content
            FROM main.frames
            WINDOW whole AS (PARTITION BY run_id, seq ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);
        CREATE TEMP TABLE old_hits AS SELECT run_id, seq, first_id, n, content FROM temp.old_frames WHERE ordinal = 0;
        CREATE INDEX temp.old_hits_by_hit ON old_hits(run_id, seq);
        CREATE INDEX temp.old_frames_by_hit ON old_frames(first_id);
        CREATE TEMP TABLE distinct_backtraces(
            id INTEGER PRIMARY KEY, run_id INTEGER, content TEXT, first_id INTEGER, n INTEGER, UNIQUE(run_id, content)
        );
        INSERT INTO temp.distinct_backtraces(run_id, content, first_id, n)
            SELECT run_id, content, min(first_id), n FROM temp.old_hits GROUP BY run_id, content ORDER BY min(first_id);
        INSERT INTO main.backtraces(id, run_id, frame_count) SELECT id, run_id, n FROM temp.distinct_backtraces ORDER BY id;
        INSERT INTO main.backtrace_frames(backtrace_id, ordinal, depth, module, symbol, address)
            SELECT d.id, f.ordinal, f.depth, f.module, f.symbol, f.address
            FROM temp.distinct_backtraces d JOIN temp.old_frames f ON f.first_id = d.first_id
            ORDER BY d.id, f.ordinal;
        UPDATE main.events SET backtrace_id = h.backtrace_id, first_frame_id = h.first_id
            FROM (SELECT o.run_id, o.seq, o.first_id, d.id AS backtrace_id
                  FROM temp.old_hits o JOIN temp.distinct_backtraces d ON d.run_id = o.run_id AND d.content = o.content) h
            WHERE h.run_id = events.run_id AND h.seq = events.seq;
        DROP TABLE temp.distinct_backtraces;
        DROP TABLE temp.old_hits;
        DROP TABLE temp.old_frames;
        DROP TABLE main.frames;
        CREATE VIEW frames AS
            SELECT e.first_frame_id + f.ordinal AS id, e.run_id, e.seq, f.depth, f.module, f.symbol, f.address
            FROM events e JOIN backtrace_frames f ON f.backtrace_id = e.backtrace_id;
        DROP VIEW trees;
        -- Migration 1's columns and migration 14's creator_node_id, under a rowid.
        CREATE TABLE tree_items_by_id(
            id INTEGER PRIMARY KEY,
            snapshot_id INTEGER NOT NULL, graph_index INTEGER NOT NULL, tree_index INTEGER NOT NULL,
            parent_tree_index INTEGER, node_id INTEGER, offset INTEGER, description TEXT, flags INTEGER,
            is_root INTEGER NOT NULL DEFAULT 0, creator_node_id INTEGER
        );
        INSERT INTO tree_items_by_id(snapshot_id, graph_index, tree_index, parent_tree_index, node_id, offset, description,
                                     flags, is_root, creator_node_id)
            SELECT snapshot_id, graph_index, tree_index, parent_tree_index, node_id, offset, description, flags, is_root,
                   creator_node_id
            FROM tree_items ORDER BY snapshot_id, graph_index, tree_index;
        DROP TABLE tree_items;
        ALTER TABLE tree_items_by_id RENAME TO tree_items;
        \(treesView)
        """,
        // 17: a debug-tree entry's named values and listed nodes kept in the entry's own row, as
        // JSON arrays: `values_json` holds [key, node id, offset] per value, `nodes_json` the
        // node ids, each in the archive's order (NULL when the entry has none). As two tables
        // of their own, one row per value or node and each with an index by entry, they cost
        // the import more than the entries' own rows (tree-heavy archive, sqlite3 shell: the
        // entries with both tables and their indexes 0.20-0.24 s, the entries holding the
        // lists 0.06-0.07 s). `tree_item_values` and `tree_item_nodes` become views with their
        // former columns, rows in their former order; `tree_values` and `tree_nodes` read them
        // as before.
        """
        ALTER TABLE tree_items ADD COLUMN values_json TEXT;
        ALTER TABLE tree_items ADD COLUMN nodes_json TEXT;
        -- Each entry's list in the rows' order (a window's ORDER BY fixes the order an
        -- aggregate sees).
        CREATE TEMP TABLE value_lists AS
            SELECT snapshot_id, graph_index, tree_index, list FROM (
                SELECT snapshot_id, graph_index, tree_index,
                       json_group_array(json_array(key, node_id, offset)) OVER whole AS list,
                       row_number() OVER (PARTITION BY snapshot_id, graph_index, tree_index ORDER BY rowid) AS r
                FROM main.tree_item_values
                WINDOW whole AS (PARTITION BY snapshot_id, graph_index, tree_index ORDER BY rowid
                                 ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING))
            WHERE r = 1;
        CREATE TEMP TABLE node_lists AS
            SELECT snapshot_id, graph_index, tree_index, list FROM (
                SELECT snapshot_id, graph_index, tree_index,
                       json_group_array(node_id) OVER whole AS list,
                       row_number() OVER (PARTITION BY snapshot_id, graph_index, tree_index ORDER BY rowid) AS r
                FROM main.tree_item_nodes
                WINDOW whole AS (PARTITION BY snapshot_id, graph_index, tree_index ORDER BY rowid
                                 ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING))
            WHERE r = 1;
        CREATE INDEX temp.value_lists_by_entry ON value_lists(snapshot_id, graph_index, tree_index);
        CREATE INDEX temp.node_lists_by_entry ON node_lists(snapshot_id, graph_index, tree_index);
        UPDATE main.tree_items SET
            values_json = (SELECT l.list FROM temp.value_lists l WHERE l.snapshot_id = tree_items.snapshot_id
                           AND l.graph_index = tree_items.graph_index AND l.tree_index = tree_items.tree_index),
            nodes_json = (SELECT l.list FROM temp.node_lists l WHERE l.snapshot_id = tree_items.snapshot_id
                          AND l.graph_index = tree_items.graph_index AND l.tree_index = tree_items.tree_index);
        DROP TABLE temp.value_lists;
        DROP TABLE temp.node_lists;
        DROP TABLE main.tree_item_values;
        DROP TABLE main.tree_item_nodes;
        CREATE VIEW tree_item_values AS
            SELECT t.snapshot_id, t.graph_index, t.tree_index, v.value ->> 0 AS key, v.value ->> 1 AS node_id,
                   v.value ->> 2 AS offset
            FROM tree_items t JOIN json_each(t.values_json) v;
        CREATE VIEW tree_item_nodes AS
            SELECT t.snapshot_id, t.graph_index, t.tree_index, v.value AS node_id
            FROM tree_items t JOIN json_each(t.nodes_json) v;
        """,
        // 18: how every recording ended, one answer per kind in its own row: `complete` (1
        // ended normally, 0 did not or cannot be trusted: a crash, a kill, a cut, impossible
        // durations; NULL unknown) and `end_reason`. Runs and traces had both; consoles and
        // Instruments recordings gain them (a console's end is read from its crash lines, a
        // recording's from its toc and its tables), a dump is whole or refused (complete 1). A
        // transcript that shows no end is unknown (NULL), not incomplete: `check` warns on it
        // and refuses only what did not end normally. Existing consoles and recordings stay
        // NULL: imported before their end was read.
        """
        ALTER TABLE consoles ADD COLUMN complete INTEGER;
        ALTER TABLE consoles ADD COLUMN end_reason TEXT;
        ALTER TABLE xctrace_recordings ADD COLUMN complete INTEGER;
        ALTER TABLE snapshots ADD COLUMN complete INTEGER DEFAULT 1;
        ALTER TABLE snapshots ADD COLUMN end_reason TEXT;
        UPDATE runs SET complete = NULL WHERE end_reason = 'no end seen';
        """,
        // 19: `trace_updates` joins the nodes and their types itself. Through the view
        // `trace_node_rules`, a join on the right of a LEFT JOIN, SQLite 3.40 cannot flatten it:
        // every query of one trace's evaluations built the rules of every trace in the
        // database first, so a query per trace (compare's 1,000 + 1,000 recordings) grew with
        // the square of the traces (compare of 1,000 + 1,000 labels, 12 evaluations each, debug
        // build: 43 s before, 1.2 s after).
        // The same rows: a node's type, or NULLs when the node or its type is not listed.
        """
        DROP VIEW trace_updates;
        CREATE VIEW trace_updates AS
            SELECT u.trace_id, u.begin_seq, u.end_seq, u.attribute,
                   t.rule, u.begin_time, u.end_time, u.duration, u.self_duration, u.depth, u.parent_attribute, u.changed,
                   u.cause_seq, t.view
            FROM trace_update_rows u
            LEFT JOIN trace_nodes n ON n.trace_id = u.trace_id AND n.attribute = u.attribute
            LEFT JOIN trace_types t ON t.trace_id = n.trace_id AND t.type_id = n.type_id;
        """,
        // 20: the hash of the definitions agtrace made (`SchemaObjects.hash` of sqlite_master's
        // objects at this version), written by each migration: the file says which schema it
        // was made with, and opening it compares that with the code's hash and its own objects.
        """
        CREATE TABLE schema_hash(
            version INTEGER PRIMARY KEY,
            sha256 TEXT NOT NULL
        );
        """,
        // 21: one row per import in `imports`, whatever its kind; each kind's own columns in
        // `<kind>_facts`; the old names as views (`ImportsMigration`).
        ImportsMigration.sql,
        // 22: the Apple frameworks behind `xctrace_updates.is_app` as rows of `apple_frameworks`,
        // which the view reads, instead of a list frozen in its SQL (migration 15): adding one
        // is an INSERT. The same names, so the same rows.
        """
        CREATE TABLE apple_frameworks(
            name TEXT PRIMARY KEY
        ) WITHOUT ROWID;
        INSERT INTO apple_frameworks(name) VALUES \(XctraceSchemas.appleFrameworks.map { "('\($0)')" }.joined(separator: ", "));
        DROP VIEW xctrace_updates;
        """ + "\n" + XctraceSchemas.updates.viewSQL(frameworks: "(SELECT name FROM apple_frameworks)"),
        // 23: the updates' rows as the ids of their cells' values (`xctrace_update_cells`), so
        // the reports that sum a recording's updates group its rows by ids first and read each
        // distinct value once, instead of five lookups and a text sort per update.
        XctraceSchemas.updates.cellsViewSQL(name: XctraceSchemas.updateCellsView),
    ]

    /// `migrations.count`, as CurrentSchema.swift records it (`currentVersion`): every command
    /// asks for it when it opens a database, and building `migrations` (views' text made from
    /// tables) cost each ~0.3 ms. DocsTests fail while the file is stale.
    public static var latestVersion: Int { currentVersion }

    /// Steps in Swift that follow a migration's SQL (by version) when an older database is
    /// brought forward: rows worked out by the same code an import runs, not by a second
    /// copy of its rule in SQL. A new database has no rows to fill.
    /// 6: the debug tree's names of the nodes of snapshots imported before `tree_views`.
    static let steps: [Int: @Sendable (Database) throws -> Void] = [
        6: TreeNaming.nameStoredSnapshots,
    ]

    /// Page size of databases agtrace creates.
    static let pageSize = 16384

    /// Indexes the importer builds after a bulk insert into empty tables, rather than
    /// maintaining them row by row; their definitions are read from the schema itself. The
    /// first, `orderedBulkIndex`, is kept for as long as the rows come in its order.
    static let bulkIndexes = [orderedBulkIndex]
    static let orderedBulkIndex = "nodes_by_attribute"
}
