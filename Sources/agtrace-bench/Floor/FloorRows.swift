/// A string stored in `FloorRows.text`: the insert loop binds it in place (SQLITE_STATIC),
/// so the timed part copies no strings. `length < 0` is NULL.
struct TextRef {
    var offset: Int
    var length: Int
    static let null = TextRef(offset: 0, length: -1)
}

/// `profile` columns; nil is NULL.
struct ProfileColumns {
    var updateCount: Int?
    var changeCount: Int?
    var updateTotal: Double?
    var changedTotal: Double?
}

struct TypeRow {
    var graph: Int
    var typeIndex: Int
    var typeId: Int?
    var name: TextRef
    var valueType: TextRef
    var size: Int?
    var flags: Int
    var profile: ProfileColumns
}

struct NodeRow {
    var graph: Int
    var nodeIndex: Int
    var attribute: Int
    var typeIndex: Int?
    var subgraphId: Int?
    var description: TextRef
    var value: TextRef
    var flags: Int
    var subgraphFlags: Int
    var profile: ProfileColumns
}

struct EdgeRow {
    var graph: Int
    var src: Int
    var dst: Int
    var offset: Int
    var flags: Int
}

/// Every row of an archive, ready to bind: the untimed result of parsing.
struct FloorRows {
    var types: [TypeRow] = []
    var nodes: [NodeRow] = []
    var edges: [EdgeRow] = []
    var text: [UInt8] = []

    mutating func store(_ string: String?) -> TextRef {
        guard let string else { return .null }
        let offset = text.count
        text.append(contentsOf: string.utf8)
        return TextRef(offset: offset, length: text.count - offset)
    }
}
