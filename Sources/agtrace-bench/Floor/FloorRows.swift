/// A string stored in `FloorRows.text`: the insert loop binds it in place (SQLITE_STATIC),
/// so the timed part copies no strings. `length < 0` is NULL.
struct TextRef {
    var offset: Int
    var length: Int
    static let null = TextRef(offset: 0, length: -1)
}

/// The floor's strings end to end, stored before the clock starts.
struct FloorText {
    var bytes: [UInt8] = []

    mutating func store(_ string: String?) -> TextRef {
        guard let string else { return .null }
        let offset = bytes.count
        bytes.append(contentsOf: string.utf8)
        return TextRef(offset: offset, length: bytes.count - offset)
    }
}

/// `profile` columns; nil is NULL.
struct ProfileColumns {
    var updateCount: Int?
    var changeCount: Int?
    var updateTotal: Double?
    var changedTotal: Double?
}

/// One value of a row, in column order: what the insert loop binds.
enum FloorValue {
    case int(Int?)
    case real(Double?)
    case text(TextRef)
}

/// A row of one floor table: its values in the table's column order (after snapshot_id).
protocol FloorRow {
    func forEachValue(_ body: (FloorValue) throws -> Void) rethrows
}

extension ProfileColumns {
    func forEachValue(_ body: (FloorValue) throws -> Void) rethrows {
        try body(.int(updateCount)); try body(.int(changeCount))
        try body(.real(updateTotal)); try body(.real(changedTotal))
    }
}

struct TypeRow: FloorRow {
    var graph, typeIndex: Int
    var typeId: Int?
    var name, valueType: TextRef
    var size: Int?
    var flags: Int
    var profile: ProfileColumns

    func forEachValue(_ body: (FloorValue) throws -> Void) rethrows {
        try body(.int(graph)); try body(.int(typeIndex)); try body(.int(typeId)); try body(.text(name))
        try body(.text(valueType)); try body(.int(size)); try body(.int(flags)); try profile.forEachValue(body)
    }
}

struct NodeRow: FloorRow {
    var graph, nodeIndex, attribute: Int
    var typeIndex, subgraphId: Int?
    var description, value: TextRef
    var flags, subgraphFlags: Int
    var profile: ProfileColumns

    func forEachValue(_ body: (FloorValue) throws -> Void) rethrows {
        try body(.int(graph)); try body(.int(nodeIndex)); try body(.int(attribute)); try body(.int(typeIndex))
        try body(.int(subgraphId)); try body(.text(description)); try body(.text(value)); try body(.int(flags))
        try body(.int(subgraphFlags)); try profile.forEachValue(body)
    }
}

struct EdgeRow: FloorRow {
    var graph, src, dst, offset, flags: Int

    func forEachValue(_ body: (FloorValue) throws -> Void) rethrows {
        try body(.int(graph)); try body(.int(src)); try body(.int(dst)); try body(.int(offset)); try body(.int(flags))
    }
}

struct SubgraphRow: FloorRow {
    var graph, subgraphIndex: Int
    var subgraphId, contextId: Int?
    var invalid: Int

    func forEachValue(_ body: (FloorValue) throws -> Void) rethrows {
        try body(.int(graph)); try body(.int(subgraphIndex)); try body(.int(subgraphId)); try body(.int(contextId))
        try body(.int(invalid))
    }
}

/// A debug-tree entry; `node` is its node's attribute (agtrace stores its node row id), and
/// `values` and `nodes` its named values and listed nodes as the JSON arrays agtrace keeps in
/// the entry's row (`tree_items.values_json`, `nodes_json`; NULL when none).
struct TreeRow: FloorRow {
    var graph, treeIndex: Int
    var parentTreeIndex, node, offset: Int?
    var description: TextRef
    var flags: Int?
    var isRoot: Int
    var values, nodes: TextRef

    func forEachValue(_ body: (FloorValue) throws -> Void) rethrows {
        try body(.int(graph)); try body(.int(treeIndex)); try body(.int(parentTreeIndex)); try body(.int(node))
        try body(.int(offset)); try body(.text(description)); try body(.int(flags)); try body(.int(isRoot))
        try body(.text(values)); try body(.text(nodes))
    }
}

/// Every row of an archive, ready to bind: the untimed result of parsing.
struct FloorRows {
    var types: [TypeRow] = []
    var nodes: [NodeRow] = []
    var edges: [EdgeRow] = []
    var subgraphs: [SubgraphRow] = []
    var trees: [TreeRow] = []
    /// The named values and listed nodes the entries' rows hold.
    var treeValues = 0, treeNodes = 0
    var text = FloorText()

    mutating func store(_ string: String?) -> TextRef { text.store(string) }

    /// "… types, … nodes, …" for logs and the floor's stdout.
    var counts: [(String, Int)] {
        [("types", types.count), ("nodes", nodes.count), ("edges", edges.count), ("subgraphs", subgraphs.count),
         ("trees", trees.count), ("tree_values", treeValues), ("tree_nodes", treeNodes)]
    }
}
