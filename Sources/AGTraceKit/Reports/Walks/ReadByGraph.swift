/// Read-by edges ("src is read by dst") over dense node numbers, for reachability that stays
/// fast when walks reach hundreds of thousands of nodes: attributes are numbered once, the
/// walk itself touches only arrays.
struct ReadByGraph {
    private var number: [Int64: Int32] = [:]
    private var attributes: [Int64] = []
    private var readers: [[Int32]] = []
    private var mark: [UInt32] = []
    private var stamp: UInt32 = 0
    /// Bumped by every edge added, so a cached walk knows when it is stale.
    private(set) var version = 0

    private mutating func node(_ attribute: Int64) -> Int32 {
        if let n = number[attribute] { return n }
        let n = Int32(readers.count)
        number[attribute] = n
        attributes.append(attribute)
        readers.append([])
        mark.append(0)
        return n
    }

    mutating func add(_ src: Int64, _ dst: Int64) {
        let s = node(src), d = node(dst)
        readers[Int(s)].append(d)
        version += 1
    }

    /// The distinct nodes reachable from `root`, sorted (the root itself not counted, even
    /// when a cycle leads back to it).
    mutating func downstream(from root: Int64) -> [Int64] {
        guard let start = number[root] else { return [] }
        stamp &+= 1
        if stamp == 0 {
            for i in mark.indices { mark[i] = 0 }
            stamp = 1
        }
        let s = stamp
        mark[Int(start)] = s
        var queue: [Int32] = [start]
        var head = 0
        while head < queue.count {
            let n = Int(queue[head])
            head += 1
            for r in readers[n] where mark[Int(r)] != s {
                mark[Int(r)] = s
                queue.append(r)
            }
        }
        return queue.dropFirst().map { attributes[Int($0)] }.sorted()
    }
}
