/// The project's bulk tables (column names and order as agtrace's schema), without indexes or
/// constraints: the floor measures bare row insertion. types, nodes and edges are kept
/// identical to Benchmarks/python_import.py; the tree and subgraph tables are the ones agtrace
/// fills from the same archive (tree `node_id`s hold attributes here, agtrace's node row ids).
enum FloorSchema {
    struct Table {
        var name: String
        var columns: String

        var create: String { "CREATE TABLE IF NOT EXISTS \(name)(snapshot_id INTEGER, \(columns));" }
        var insert: String {
            let count = columns.split(separator: ",").count + 1
            return "INSERT INTO \(name) VALUES (\(Array(repeating: "?", count: count).joined(separator: ",")))"
        }
    }

    static let types = Table(name: "types", columns: """
        graph_index INTEGER, type_index INTEGER, type_id INTEGER, name TEXT, value_type TEXT, size INTEGER,
        flags INTEGER, update_count INTEGER, change_count INTEGER, update_total REAL, changed_total REAL
        """)
    static let nodes = Table(name: "nodes", columns: """
        graph_index INTEGER, node_index INTEGER, attribute INTEGER, type_index INTEGER, subgraph_id INTEGER,
        description TEXT, value TEXT, flags INTEGER, subgraph_flags INTEGER, update_count INTEGER,
        change_count INTEGER, update_total REAL, changed_total REAL
        """)
    static let edges = Table(name: "edges", columns: """
        graph_index INTEGER, src_attribute INTEGER, dst_attribute INTEGER, offset INTEGER, flags INTEGER
        """)
    static let subgraphs = Table(name: "subgraphs", columns: """
        graph_index INTEGER, subgraph_index INTEGER, subgraph_id INTEGER, context_id INTEGER, invalid INTEGER
        """)
    static let trees = Table(name: "tree_items", columns: """
        graph_index INTEGER, tree_index INTEGER, parent_tree_index INTEGER, node_id INTEGER, offset INTEGER,
        description TEXT, flags INTEGER, is_root INTEGER, values_json TEXT, nodes_json TEXT
        """)

    static let all = [types, nodes, edges, subgraphs, trees]
}
