import Foundation

/// Exactly what a generated archive contains, so tests and the benchmark can check importers.
struct ArchiveCounts {
    var graphs = 0
    var types = 0
    var nodes = 0
    var nodesWithValue = 0
    var truncatedValues = 0
    var dirtyNodes = 0
    var edges = 0
    var edgesWithOffset = 0
    var edgesWithFlags = 0
    var edgesChanged = 0
    /// Edges whose (src, dst) pair already appeared earlier in the same graph.
    var repeatedPairs = 0
    var subgraphs = 0
    var trees = 0
    var treeValues = 0
    var treeNodeRefs = 0
    var maxAttribute: UInt64 = 0
    /// Graph 0's node most other nodes read (the environment input): a worst-case walk.
    var hubAttribute: UInt64 = 0
    /// A @State signal a third of the way into graph 0: a typical "what does this write dirty" walk.
    var signalAttribute: UInt64 = 0
    var jsonBytes = 0
    var fileBytes = 0
    var seconds = 0.0

    var fields: [(String, String)] {
        [("generator_version", "\(GeneratorVersion.current)"), ("graphs", "\(graphs)"), ("types", "\(types)"), ("nodes", "\(nodes)"),
         ("nodes_with_value", "\(nodesWithValue)"), ("truncated_values", "\(truncatedValues)"),
         ("dirty_nodes", "\(dirtyNodes)"), ("edges", "\(edges)"), ("edges_with_offset", "\(edgesWithOffset)"),
         ("edges_with_flags", "\(edgesWithFlags)"), ("edges_changed", "\(edgesChanged)"),
         ("repeated_pairs", "\(repeatedPairs)"), ("subgraphs", "\(subgraphs)"), ("trees", "\(trees)"),
         ("tree_values", "\(treeValues)"), ("tree_node_refs", "\(treeNodeRefs)"),
         ("max_attribute", "\(maxAttribute)"), ("hub_attribute", "\(hubAttribute)"),
         ("signal_attribute", "\(signalAttribute)"), ("json_bytes", "\(jsonBytes)"),
         ("file_bytes", "\(fileBytes)"), ("seconds", String(format: "%.2f", seconds))]
    }

    /// One `key value` line each, for stderr.
    var text: String { fields.map { "\($0.0) \($0.1)" }.joined(separator: "\n") }

    /// A flat JSON object of the same fields (all numbers).
    var json: String { "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}\n" }
}
