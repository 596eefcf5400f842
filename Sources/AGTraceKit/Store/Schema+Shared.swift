/// Text several published migrations share, written once: each migration that holds it makes
/// the same SQL it always made (`SchemaTests` hashes what migrations 1-21 create).
extension Schema {
    /// The columns every recording's table began with (`runs`, `traces`, `consoles`,
    /// `xctrace_recordings`: migrations 2, 8, 13 and 15), before `imports` held them (21).
    static let recordingColumns = """
            id INTEGER PRIMARY KEY,
            label TEXT UNIQUE NOT NULL,
            source TEXT,
            sha256 TEXT,
            imported_at TEXT,
            compressed INTEGER NOT NULL DEFAULT 0,
            size_bytes INTEGER,
        """

    /// A breakpoint hit's columns (`events` of migration 2, rebuilt appended by migration 5).
    static let eventColumns = """
            run_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            line INTEGER,
            kind TEXT NOT NULL,
            symbol TEXT,
            breakpoint TEXT,
            thread INTEGER,
            attribute INTEGER,
            input_attribute INTEGER
        """

    /// `run_edges` (migration 2; made again by migration 5 over the rebuilt `events`).
    static let runEdgesView = """
        -- The distinct edges (input -> reader) a run's add_input hits revealed.
        CREATE VIEW run_edges AS
            SELECT run_id, input_attribute AS src_attribute, attribute AS dst_attribute, min(seq) AS first_seq
            FROM events
            WHERE kind = 'add_input' AND attribute IS NOT NULL AND input_attribute IS NOT NULL
            GROUP BY run_id, input_attribute, attribute;
        """

    /// `trees` with the entry's creator (migration 14; made again by migration 16 over the
    /// rebuilt `tree_items`).
    static let treesView = """
        CREATE VIEW trees AS
            SELECT t.snapshot_id, t.graph_index, t.tree_index, t.parent_tree_index,
                   n.attribute, t.offset, t.description, t.flags, t.is_root, n.node_index,
                   c.attribute AS creator_attribute, c.node_index AS creator_node_index
            FROM tree_items t LEFT JOIN node_rows n ON n.id = t.node_id LEFT JOIN node_rows c ON c.id = t.creator_node_id;
        """
}
