extension Schema {
    /// The schema that migrations 1…`latestVersion` build, created in one go for a new database:
    /// replaying them (tables made, copied, dropped, renamed, each rename re-reading the whole
    /// schema) cost ~5 ms of every first import, a tenth of importing a 10 MB transcript.
    /// `SchemaTests` checks that both ways give the same tables, indexes and views; after adding a
    /// migration, update this from a replayed database (`sqlite3 DB "SELECT sql || ';' FROM
    /// sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"`).
    static let current = """
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
            changed_total REAL, view TEXT,
            PRIMARY KEY(snapshot_id, graph_index, type_index)
        );
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
        CREATE VIEW nodes AS
            SELECT n.id, n.snapshot_id, n.graph_index, n.node_index, n.attribute, n.type_index,
                   (SELECT m.subgraph_id FROM subgraph_nodes m
                     WHERE m.first_node_id <= n.id AND m.last_node_id >= n.id
                     ORDER BY m.first_node_id DESC LIMIT 1) AS subgraph_id,
                   n.description, n.value, n.flags, n.subgraph_flags,
                   n.update_count, n.change_count, n.update_total, n.changed_total
            FROM node_rows n;
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
        CREATE INDEX nodes_by_attribute ON node_rows(snapshot_id, attribute);
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
        CREATE VIEW node_rules AS
            SELECT n.snapshot_id, n.graph_index, n.attribute, t.name AS rule, t.value_type,
                   n.flags, n.node_index, n.type_index, n.subgraph_id, n.description, n.value, n.id AS node_id,
                   n.update_count, n.change_count, n.update_total, n.changed_total
            FROM nodes n
            JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index
                        AND t.type_index = n.type_index;
        CREATE TABLE runs(
            id INTEGER PRIMARY KEY,
            label TEXT UNIQUE NOT NULL,
            source TEXT,
            sha256 TEXT,
            imported_at TEXT,
            compressed INTEGER NOT NULL DEFAULT 0,
            size_bytes INTEGER,
            event_count INTEGER,
            skipped_lines INTEGER,
            incomplete_hits INTEGER
        , first_event_id INTEGER, last_event_id INTEGER, first_frame_id INTEGER, last_frame_id INTEGER, complete INTEGER, end_reason TEXT);
        CREATE INDEX runs_by_sha256 ON runs(sha256);
        CREATE TABLE aliases(
            label TEXT PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('snapshot', 'run', 'trace')),
            target_id INTEGER NOT NULL
        );
        CREATE INDEX aliases_by_target ON aliases(kind, target_id);
        CREATE TABLE subgraph_nodes(
            first_node_id INTEGER NOT NULL,
            last_node_id INTEGER NOT NULL,
            snapshot_id INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            subgraph_id INTEGER,
            PRIMARY KEY(first_node_id, last_node_id)
        ) WITHOUT ROWID;
        CREATE TABLE edges(
            snapshot_id INTEGER NOT NULL,
            src_attribute INTEGER NOT NULL,
            dst_attribute INTEGER NOT NULL,
            graph_index INTEGER NOT NULL,
            edge_index INTEGER NOT NULL,
            offset INTEGER,
            flags INTEGER,
            PRIMARY KEY(snapshot_id, src_attribute, dst_attribute, graph_index, edge_index)
        ) WITHOUT ROWID;
        CREATE TABLE events(
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            line INTEGER,
            kind TEXT NOT NULL,
            symbol TEXT,
            breakpoint TEXT,
            thread INTEGER,
            attribute INTEGER,
            input_attribute INTEGER
        , time_ns INTEGER);
        CREATE TABLE frames(
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            depth INTEGER NOT NULL,
            module TEXT,
            symbol TEXT,
            address TEXT
        );
        CREATE VIEW run_edges AS
            SELECT run_id, input_attribute AS src_attribute, attribute AS dst_attribute, min(seq) AS first_seq
            FROM events
            WHERE kind = 'add_input' AND attribute IS NOT NULL AND input_attribute IS NOT NULL
            GROUP BY run_id, input_attribute, attribute;
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
        CREATE TABLE traces(
            id INTEGER PRIMARY KEY,
            label TEXT UNIQUE NOT NULL,
            source TEXT,
            sha256 TEXT,
            imported_at TEXT,
            compressed INTEGER NOT NULL DEFAULT 0,
            size_bytes INTEGER,
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
        """
}
