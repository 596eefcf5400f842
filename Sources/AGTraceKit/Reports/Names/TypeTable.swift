/// A value per type of a snapshot, keyed by graph index and type index: arrays for the dense
/// indexes every dump has (positions in its `graphs` and `types` lists), looked up for every
/// node without hashing; a dictionary for indexes past them, which only a damaged row holds.
struct TypeTable<Value> {
    private var byGraph: [[Value?]] = []
    private var odd: [Int64: Value] = [:]

    private static func inArrays(_ graph: Int64, _ type: Int64) -> Bool {
        graph >= 0 && graph < 1 << 20 && type >= 0 && type < 1 << 24
    }

    private static func key(_ graph: Int64, _ type: Int64) -> Int64 { graph << 32 | (type & 0xFFFF_FFFF) }

    subscript(graph: Int64, type: Int64) -> Value? {
        get {
            guard Self.inArrays(graph, type) else { return odd[Self.key(graph, type)] }
            let g = Int(graph), k = Int(type)
            return g < byGraph.count && k < byGraph[g].count ? byGraph[g][k] : nil
        }
        set {
            guard Self.inArrays(graph, type) else { odd[Self.key(graph, type)] = newValue; return }
            let g = Int(graph), k = Int(type)
            while byGraph.count <= g { byGraph.append([]) }
            if byGraph[g].count <= k { byGraph[g].append(contentsOf: repeatElement(nil, count: k + 1 - byGraph[g].count)) }
            byGraph[g][k] = newValue
        }
    }
}
