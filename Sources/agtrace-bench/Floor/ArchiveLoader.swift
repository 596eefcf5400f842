import AGTraceKit
import Foundation

/// Parses a whole archive into `FloorRows` (gzip detected by magic). Not timed and not meant
/// to be fast: Foundation's JSONSerialization is the simplest correct reader at hand.
enum ArchiveLoader {
    static func load(path: String) throws -> FloorRows {
        let data = try readAll(path: path)
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw FloorError("\(path): not valid JSON: \(error)")
        }
        guard let document = root as? [String: Any], let graphs = document["graphs"] as? [Any] else {
            throw FloorError("\(path): no \"graphs\" array at the top level")
        }
        var rows = FloorRows()
        for (g, item) in graphs.enumerated() {
            guard let graph = item as? [String: Any] else { throw FloorError("\(path): graph \(g) is not an object") }
            try addGraph(graph, index: g, to: &rows, path: path)
        }
        return rows
    }

    private static func readAll(path: String) throws -> Data {
        let file = PeekingSource(try FileSource(path: path))
        let source = try Compressions.decoded(file, path: path).source
        var data = Data()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try source.read(into: chunk)
            if count == 0 { break }
            data.append(chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return data
    }

    private static func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }
    private static func double(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
    /// A tree entry's list as JSON text; nil (NULL) when empty, as agtrace stores it.
    private static func json(_ list: [Any]) throws -> String? {
        list.isEmpty ? nil : String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self)
    }

    private static func profile(_ item: [String: Any]) -> ProfileColumns {
        guard let p = item["profile"] as? [String: Any] else { return ProfileColumns() }
        return ProfileColumns(updateCount: int(p["update_count"]), changeCount: int(p["change_count"]),
                              updateTotal: double(p["update_total"]), changedTotal: double(p["changed_total"]))
    }

    private static func addGraph(_ graph: [String: Any], index g: Int, to rows: inout FloorRows, path: String) throws {
        for (i, item) in ((graph["types"] as? [Any]) ?? []).enumerated() {
            guard let type = item as? [String: Any] else { throw FloorError("\(path): graph \(g) type \(i) is not an object") }
            rows.types.append(TypeRow(graph: g, typeIndex: i, typeId: int(type["id"]),
                                      name: rows.store(type["name"] as? String),
                                      valueType: rows.store(type["value"] as? String), size: int(type["size"]),
                                      flags: int(type["flags"]) ?? 0, profile: profile(type)))
        }
        let nodes = (graph["nodes"] as? [Any]) ?? []
        var subgraphOf = [Int?](repeating: nil, count: nodes.count)
        for (k, item) in ((graph["subgraphs"] as? [Any]) ?? []).enumerated() {
            guard let subgraph = item as? [String: Any] else { continue }
            for case let n as NSNumber in (subgraph["nodes"] as? [Any]) ?? [] where n.intValue < nodes.count {
                subgraphOf[n.intValue] = int(subgraph["id"])
            }
            rows.subgraphs.append(SubgraphRow(graph: g, subgraphIndex: k, subgraphId: int(subgraph["id"]),
                                              contextId: int(subgraph["context_id"]),
                                              invalid: (subgraph["invalid"] as? Bool) == true ? 1 : 0))
        }
        var ids = [Int](repeating: 0, count: nodes.count)
        for (i, item) in nodes.enumerated() {
            guard let node = item as? [String: Any], let id = int(node["id"]) else {
                throw FloorError("\(path): graph \(g) node \(i) has no id")
            }
            ids[i] = id
            rows.nodes.append(NodeRow(graph: g, nodeIndex: i, attribute: id, typeIndex: int(node["type"]),
                                      subgraphId: subgraphOf[i], description: rows.store(node["desc"] as? String),
                                      value: rows.store(node["value"] as? String), flags: int(node["flags"]) ?? 0,
                                      subgraphFlags: int(node["subgraph_flags"]) ?? 0, profile: profile(node)))
        }
        for (i, item) in ((graph["edges"] as? [Any]) ?? []).enumerated() {
            guard let edge = item as? [String: Any], let src = int(edge["src"]), let dst = int(edge["dst"]),
                  ids.indices.contains(src), ids.indices.contains(dst) else {
                throw FloorError("\(path): graph \(g) edge \(i) has no valid src/dst node index")
            }
            rows.edges.append(EdgeRow(graph: g, src: ids[src], dst: ids[dst], offset: int(edge["offset"]) ?? 0,
                                      flags: int(edge["flags"]) ?? 0))
        }
        try addTrees(graph, index: g, ids: ids, to: &rows, path: path)
    }

    /// The debug tree: entries (parents from the `children` lists), their named values and
    /// their `nodes` lists, node indices resolved to attributes.
    private static func addTrees(_ graph: [String: Any], index g: Int, ids: [Int], to rows: inout FloorRows, path: String) throws {
        let trees = (graph["trees"] as? [Any]) ?? []
        func attribute(_ value: Any?, _ what: String) throws -> Int? {
            guard let index = int(value) else { return nil }
            guard ids.indices.contains(index) else { throw FloorError("\(path): graph \(g) \(what) names node \(index)") }
            return ids[index]
        }
        var parent = [Int?](repeating: nil, count: trees.count)
        for (i, item) in trees.enumerated() {
            for case let child as NSNumber in ((item as? [String: Any])?["children"] as? [Any]) ?? []
            where parent.indices.contains(child.intValue) {
                parent[child.intValue] = i
            }
        }
        for (i, item) in trees.enumerated() {
            guard let tree = item as? [String: Any] else { throw FloorError("\(path): graph \(g) tree \(i) is not an object") }
            // The lists as agtrace stores them: [key, node, offset] per value, and the nodes.
            var values: [Any] = [], nodes: [Any] = []
            for (key, item) in (tree["values"] as? [String: Any]) ?? [:] {
                let value = item as? [String: Any]
                let node = try attribute(value?["node"], "tree \(i) value \(key)")
                values.append([key, node.map { $0 as Any } ?? NSNull(), int(value?["offset"]).map { $0 as Any } ?? NSNull()])
            }
            for item in (tree["nodes"] as? [Any]) ?? [] {
                if let node = try attribute(item, "tree \(i) nodes") { nodes.append(node) }
            }
            rows.treeValues += values.count
            rows.treeNodes += nodes.count
            rows.trees.append(TreeRow(graph: g, treeIndex: i, parentTreeIndex: parent[i], node: try attribute(tree["node"], "tree \(i)"),
                                      offset: int(tree["offset"]), description: rows.store(tree["desc"] as? String),
                                      flags: int(tree["flags"]), isRoot: (tree["root"] as? Bool) == true ? 1 : 0,
                                      values: rows.store(try json(values)), nodes: rows.store(try json(nodes))))
        }
    }
}

struct FloorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
