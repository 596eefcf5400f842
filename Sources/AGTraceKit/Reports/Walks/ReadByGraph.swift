/// Read-by edges ("src is read by dst") over dense node numbers, for push walks that stay fast
/// and small however many there are: attributes are numbered once, each node's readers are a
/// list threaded through three flat arrays, and a walk marks the nodes it reaches with a stamp,
/// so that until the next walk "did it mark n?" is one comparison.
struct ReadByGraph {
    private(set) var number: [Int64: Int32] = [:]
    private(set) var attributes: [Int64] = []
    /// Per node, its last edge (-1: no reader); per edge, its reader and the node's edge before it.
    private var last: [Int32] = []
    private var reader: [Int32] = []
    private var previous: [Int32] = []
    /// The edges added with `once`, so that a rule read again on every rebuild adds its edge once.
    private var known: Set<UInt64> = []
    private var mark: [UInt32] = []
    private var stamp: UInt32 = 0
    /// The last walk: its start first, then the nodes it reached in breadth-first order.
    private(set) var reached: [Int32] = []

    var nodeCount: Int { attributes.count }

    /// The number of `attribute`, made when first seen.
    mutating func node(_ attribute: Int64) -> Int32 {
        if let n = number[attribute] { return n }
        let n = Int32(attributes.count)
        number[attribute] = n
        attributes.append(attribute)
        last.append(-1)
        mark.append(0)
        return n
    }

    /// Adds the edge src -> dst; with `once`, not when it was added with `once` before (the
    /// walks are the same: a repeated edge only makes them slower).
    mutating func add(_ src: Int64, _ dst: Int64, once: Bool = false) {
        let s = node(src), d = node(dst)
        if once && !known.insert(UInt64(UInt32(bitPattern: s)) << 32 | UInt64(UInt32(bitPattern: d))).inserted { return }
        previous.append(last[Int(s)])
        reader.append(d)
        last[Int(s)] = Int32(reader.count - 1)
    }

    /// Walks from node `start` over read-by edges: `reached` holds `start`, then every node
    /// reachable from it once (`start` itself is not reached again through a cycle), each marked
    /// until the next walk.
    mutating func walk(from start: Int32) {
        stamp &+= 1
        if stamp == 0 {
            for i in mark.indices { mark[i] = 0 }
            stamp = 1
        }
        let s = stamp
        reached.removeAll(keepingCapacity: true)
        reached.append(start)
        mark.withUnsafeMutableBufferPointer { mark in
            last.withUnsafeBufferPointer { last in
                reader.withUnsafeBufferPointer { reader in
                    previous.withUnsafeBufferPointer { previous in
                        mark[Int(start)] = s
                        var head = 0
                        while head < reached.count {
                            var e = last[Int(reached[head])]
                            head += 1
                            while e >= 0 {
                                let r = reader[Int(e)]
                                if mark[Int(r)] != s {
                                    mark[Int(r)] = s
                                    reached.append(r)
                                }
                                e = previous[Int(e)]
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether the last walk reached node `n` (its start included). False before any walk.
    func wasReached(_ n: Int32) -> Bool { stamp != 0 && mark[Int(n)] == stamp }

    /// The attributes the last walk reached besides its start, sorted.
    func reachedAttributes() -> [Int64] { reached.dropFirst().map { attributes[Int($0)] }.sorted() }
}
