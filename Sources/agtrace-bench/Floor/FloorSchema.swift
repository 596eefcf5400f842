/// The project's three bulk tables (column names and order as agtrace's schema), without
/// indexes or constraints: the floor measures bare row insertion. Kept identical to
/// Benchmarks/python_import.py.
enum FloorSchema {
    static let create = """
    CREATE TABLE IF NOT EXISTS types(snapshot_id INTEGER, graph_index INTEGER, type_index INTEGER,
        type_id INTEGER, name TEXT, value_type TEXT, size INTEGER, flags INTEGER,
        update_count INTEGER, change_count INTEGER, update_total REAL, changed_total REAL);
    CREATE TABLE IF NOT EXISTS nodes(snapshot_id INTEGER, graph_index INTEGER, node_index INTEGER,
        attribute INTEGER, type_index INTEGER, subgraph_id INTEGER, description TEXT, value TEXT,
        flags INTEGER, subgraph_flags INTEGER, update_count INTEGER, change_count INTEGER,
        update_total REAL, changed_total REAL);
    CREATE TABLE IF NOT EXISTS edges(snapshot_id INTEGER, graph_index INTEGER, src_attribute INTEGER,
        dst_attribute INTEGER, offset INTEGER, flags INTEGER);
    """
    static let insertType = "INSERT INTO types VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
    static let insertNode = "INSERT INTO nodes VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
    static let insertEdge = "INSERT INTO edges VALUES (?,?,?,?,?,?)"
}
