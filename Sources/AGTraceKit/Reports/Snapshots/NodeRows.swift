/// A snapshot's node rows in attribute order (ties in row id order, as `nodes_by_attribute`
/// gives them), one side of the comparison of two snapshots. Dumps do not list their nodes in
/// attribute order (Apple's: 234 of 251 rows out of order in one), so the rows come either
/// through the attribute index (compare-nodes: a table lookup each), or read in storage order
/// (walk-nodes) and sorted here: half the time on a million nodes, for 24 bytes a
/// node while the comparison runs, 40 with values (kept as `ValueDigest`s).
struct NodeRows {
    private var cursor: RowCursor
    private var attributes: [Int64] = []
    private var graphs: [Int32] = []
    private var types: [Int32] = []
    private var flagsOf: [UInt32] = []
    private var order: [Int32] = []
    /// Read in storage order with values: each node's value digest.
    private var digests: [ValueDigest] = []

    /// Rows through the attribute index, with their values (`values`) or without.
    static func ordered(_ db: Database, snapshot: Int64, values: Bool) throws -> NodeRows {
        NodeRows(cursor: RowCursor(try ReportRegistry.query("compare-nodes")
            .prepare(in: db, ["snapshot": .integer(snapshot), "values": .integer(values ? 1 : 0)])))
    }

    /// Rows read in storage order and sorted, with the digests of their values (`values`) or
    /// without; nil when the snapshot's graphs do not cover all its node rows, or an index or
    /// flags are past 32 bits or all 32 set (then `ordered` is the way).
    static func sorted(_ db: Database, snapshot: Int64, values: Bool) throws -> NodeRows? {
        var rows = NodeRows(cursor: RowCursor(rowsInMemory: 0))
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        guard let all = try ReportRegistry.query("snapshot-node-count").rows(in: db, ids).rows.first?.first?.intValue,
              all < Int64(Int32.max) else { return nil }
        // Room for every row at once: grown by doubling, the arrays would briefly take twice this.
        rows.attributes.reserveCapacity(Int(all))
        rows.graphs.reserveCapacity(Int(all))
        rows.types.reserveCapacity(Int(all))
        rows.flagsOf.reserveCapacity(Int(all))
        if values { rows.digests.reserveCapacity(Int(all)) }
        var fits = true
        try ReportRegistry.query("walk-nodes").prepare(in: db, ["snapshot": .integer(snapshot),
                                                                "values": .integer(values ? 1 : 0)]).forEachRow { r in
            // Flags left out (NULL: unknown) are kept as `unknownFlags`, which real flags never are here.
            let flags = r.isNull(3) ? Self.unknownFlags : UInt32(exactly: r.int64(3)).flatMap { $0 == Self.unknownFlags ? nil : $0 }
            guard fits, let graph = Int32(exactly: r.int64(1)), let type = Int32(exactly: r.int64(2)),
                  let flags else { fits = false; return }
            rows.attributes.append(r.int64(0))
            rows.graphs.append(graph)
            rows.types.append(type)
            rows.flagsOf.append(flags)
            if values { rows.digests.append(ValueDigest(r.bytes(4))) }
        }
        guard fits, all == Int64(rows.attributes.count) else { return nil }
        // Storage order is row id order: sorting by (attribute, position) orders ties by id.
        let a = rows.attributes
        rows.order = Array(0..<Int32(a.count))
        rows.order.sort { a[Int($0)] != a[Int($1)] ? a[Int($0)] < a[Int($1)] : $0 < $1 }
        rows.cursor = RowCursor(rowsInMemory: rows.order.count)
        return rows
    }

    /// Moves to the next row; false after the last.
    mutating func step() throws -> Bool { try cursor.step() }

    /// The row's position in the arrays (sorted rows only).
    private var row: Int { Int(order[cursor.at]) }
    var attribute: Int64 { cursor.statement?.int64(0) ?? attributes[row] }
    var graphIndex: Int64 { cursor.statement?.int64(1) ?? Int64(graphs[row]) }
    var typeIndex: Int64 { cursor.statement?.int64(2) ?? Int64(types[row]) }
    /// The node's flags, nil when its dump leaves them out (unknown, not 0).
    var flags: Int64? {
        if let statement = cursor.statement { return statement.isNull(3) ? nil : statement.int64(3) }
        let flags = flagsOf[row]
        return flags == Self.unknownFlags ? nil : Int64(flags)
    }

    /// What `flagsOf` holds for a node without flags; a node whose flags are this sends the
    /// snapshot the ordered way.
    private static let unknownFlags = UInt32.max
    /// The node's value (NULL when not read).
    var value: ValueDigest {
        if let statement = cursor.statement { return ValueDigest(statement.bytes(4)) }
        return digests.isEmpty ? .null : digests[row]
    }
}
