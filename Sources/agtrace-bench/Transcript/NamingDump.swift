import Foundation

/// A dump of the app a generated transcript records (`generate transcript --dump FILE`): every
/// node its sessions made, typed by its role and named by its view, and every edge its rules
/// read (the add_input hits, recorded or not). The sweep names a run's attributes with it
/// (`--snapshot S` beside `--run R`). Sessions reuse attribute ids, as separate launches of one
/// app do; the first node made with an id keeps it, and the edges of all sessions are kept.
final class NamingDump {
    private enum Role { case signal, body, child, display }
    /// Per attribute: its type's index and its description.
    private var nodes: [UInt32: (type: Int, description: String)] = [:]
    private var types: [String] = []
    private var typeIndex: [String: Int] = [:]
    private var edges: Set<UInt64> = []

    init(time: UInt32, environment: UInt32) {
        node(time, type: "External<Time>", description: "Time")
        node(environment, type: "External<EnvironmentValues>", description: "EnvironmentValues")
    }

    private func node(_ attribute: UInt32, type: String, description: String) {
        guard nodes[attribute] == nil else { return }
        let index: Int
        if let known = typeIndex[type] {
            index = known
        } else {
            index = types.count
            types.append(type)
            typeIndex[type] = index
        }
        nodes[attribute] = (index, description)
    }

    /// A view built: its signals, body, children and display list.
    func view(_ name: String, signals: [UInt32], body: UInt32, children: [UInt32], display: UInt32) {
        let view = name.prefix(1).uppercased() + name.dropFirst()
        for s in signals { node(s, type: "External<()>", description: "State<Int> \(name)") }
        node(body, type: "DynamicBody<ViewBodyAccessor<\(view)>>", description: "\(view).body")
        for c in children { node(c, type: "ViewLeafView<Text>", description: "Text") }
        node(display, type: "ViewDisplayList<\(view)>", description: "DisplayList")
    }

    /// `reader` read `input` (an add_input hit).
    func edge(input: UInt32, reader: UInt32) { edges.insert(UInt64(input) << 32 | UInt64(reader)) }

    /// The dump as an AGGraphArchiveJSON document of one graph (edges by node index).
    func write(to path: String) throws {
        let out = OutputBuffer(sink: try FileSink(path: path))
        let ids = nodes.keys.sorted()
        var position: [UInt32: Int] = [:]
        for (i, id) in ids.enumerated() { position[id] = i }
        try out.string("{\"version\": 2, \"graphs\": [{\"id\": 1, \"update_count\": 1, \"change_count\": 1, \"transaction_count\": 1,\n\"types\": [")
        for (i, type) in types.enumerated() {
            try out.string("\(i == 0 ? "" : ",")\n{\"id\": \(i + 1), \"name\": \"\(type)\", \"value\": \"()\", \"size\": 8, \"flags\": 2}")
            try out.flushIfNeeded()
        }
        try out.string("],\n\"nodes\": [")
        for (i, id) in ids.enumerated() {
            let node = nodes[id]!
            try out.string("\(i == 0 ? "" : ",")\n{\"id\": \(id), \"type\": \(node.type), \"desc\": \"\(node.description)\", \"value\": \"()\", \"flags\": 8}")
            try out.flushIfNeeded()
        }
        try out.string("],\n\"edges\": [")
        var first = true
        for edge in edges.sorted() {
            guard let src = position[UInt32(edge >> 32)], let dst = position[UInt32(edge & 0xFFFF_FFFF)] else { continue }
            try out.string("\(first ? "" : ",")\n{\"src\": \(src), \"dst\": \(dst)}")
            first = false
            try out.flushIfNeeded()
        }
        try out.string("],\n\"subgraphs\": [{\"id\": 1, \"context_id\": 1, \"nodes\": [")
        for i in ids.indices {
            try out.string(i == 0 ? "0" : ",\(i)")
            try out.flushIfNeeded()
        }
        try out.string("]}]}]}\n")
        _ = try out.finish()
    }
}
