/// A debug-tree entry's named values and listed nodes as the JSON arrays `tree_items` keeps
/// them in (`values_json`: `[key, node id, offset]` per value; `nodes_json`: node ids), built
/// while the entry's row is held back. The views `tree_item_values` and `tree_item_nodes` read
/// them with `json_each`.
struct TreeEntryLists {
    /// Each list's elements so far, comma-separated, without the brackets; empty when none.
    private var values = ""
    private var nodes = ""

    mutating func value(key: String, nodeId: Int64?, offset: Int64?) {
        if !values.isEmpty { values += "," }
        values += "["
        Self.appendString(key, to: &values)
        values += ","
        values += nodeId.map { String($0) } ?? "null"
        values += ","
        values += offset.map { String($0) } ?? "null"
        values += "]"
    }

    mutating func node(_ id: Int64) {
        if !nodes.isEmpty { nodes += "," }
        nodes += String(id)
    }

    /// The lists as stored: NULL for an empty one.
    var valuesJSON: String? { values.isEmpty ? nil : "[" + values + "]" }
    var nodesJSON: String? { nodes.isEmpty ? nil : "[" + nodes + "]" }

    /// One value as the element `value` appends, for an entry whose row is already written.
    static func valueJSON(key: String, nodeId: Int64?, offset: Int64?) -> String {
        var lists = TreeEntryLists()
        lists.value(key: key, nodeId: nodeId, offset: offset)
        return String(lists.values)
    }

    /// Keys are nearly always plain identifiers: those go in as they are, the rest through
    /// the escaper every JSON output uses.
    private static func appendString(_ s: String, to out: inout String) {
        let plain = s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        if plain {
            out += "\""
            out += s
            out += "\""
        } else {
            out += JSONText.quote(s)
        }
    }
}
