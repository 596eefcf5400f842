/// One node the push walk reaches.
public struct WalkStep: Equatable, Sendable {
    public var attribute: Int64
    public var depth: Int
    public var rule: String?
    /// The SwiftUI view that names it (`node_views`).
    public var view: String? = nil
    /// The node it was first reached from (breadth-first, smaller attributes first).
    public var via: Int64
    /// Whether the snapshot shows its dirty bit (bit 0) set; nil when the dump leaves the
    /// node's flags out (unknown, not clean).
    public var dirty: Bool?
}

/// `agtrace walk ATTR --snapshot S`: the push walk an invalidation of ATTR would make, i.e.
/// every node reachable over read-by edges, breadth-first, depth counted from 1.
///
/// A walk starts by asking for each node's readers (a range of the edges table, which is
/// clustered by snapshot and source), so a small
/// walk in a huge snapshot reads only what it reaches. Past `bulkThreshold` nodes it reads the
/// snapshot's edges once, in source order, and finishes in memory; the reached nodes are then
/// named in one ordered pass over the snapshot's nodes.
public enum PushWalk {
    public static let columns = ["attribute", "depth", "rule", "view", "via", "dirty"]
    /// How many nodes a walk asks for one by one before it reads all edges at once.
    public static let bulkThreshold = 4096

    /// Readers of each source attribute: `dsts[starts[i]..<starts[i+1]]` read `srcs[i]`.
    private struct Adjacency {
        var srcs: [Int64] = []
        var starts: [Int] = []
        var dsts: [Int64] = []

        init(db: Database, snapshot: Int64) throws {
            let stmt = try ReportRegistry.query("walk-edges").prepare(in: db, ["snapshot": .integer(snapshot)])
            try stmt.forEachRow { stmt in
                let src = stmt.int64(0)
                if srcs.last != src {
                    srcs.append(src)
                    starts.append(dsts.count)
                }
                dsts.append(stmt.int64(1))
            }
            starts.append(dsts.count)
        }

        func readers(_ a: Int64) -> ArraySlice<Int64> {
            var lo = 0, hi = srcs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if srcs[mid] < a { lo = mid + 1 } else { hi = mid }
            }
            guard lo < srcs.count, srcs[lo] == a else { return [] }
            return dsts[starts[lo]..<starts[lo + 1]]
        }
    }

    public static func run(in db: Database, snapshot: Int64, label: String, from root: Int64,
                           maxDepth: Int? = nil, bulkThreshold: Int = PushWalk.bulkThreshold) throws -> [WalkStep] {
        try run(in: db, snapshot: snapshot, label: label, from: [root], maxDepth: maxDepth, bulkThreshold: bulkThreshold)
    }

    /// The walk from several roots at once (every node of a view): depth counts from the
    /// nearest root; the roots themselves are not listed.
    public static func run(in db: Database, snapshot: Int64, label: String, from roots: [Int64],
                           maxDepth: Int? = nil, bulkThreshold: Int = PushWalk.bulkThreshold,
                           views: NodeViews? = nil) throws -> [WalkStep] {
        let views = views ?? NodeViews(in: db, snapshot: snapshot)
        guard let root = roots.first else { return [] }
        let ids: [String: SQLValue] = ["snapshot": .integer(snapshot)]
        let readersQuery = ReportRegistry.query("walk-readers")
        let infoQuery = ReportRegistry.query("node-info")
        let readersStmt = try readersQuery.prepare(in: db, ids.merging(["attribute": .integer(root)]) { $1 })
        let infoStmt = try infoQuery.prepare(in: db, ids.merging(["attribute": .integer(root)]) { $1 })
        var adjacency: Adjacency?
        var fetched = 0
        func readersOf(_ a: Int64) throws -> [Int64] {
            if let adjacency { return Array(adjacency.readers(a)) }
            fetched += 1
            if fetched > bulkThreshold {
                adjacency = try Adjacency(db: db, snapshot: snapshot)
                return Array(adjacency!.readers(a))
            }
            try readersQuery.bind(readersStmt, ids.merging(["attribute": .integer(a)]) { $1 })
            var out: [Int64] = []
            try readersStmt.forEachRow { readersStmt in out.append(readersStmt.int64(0)) }
            return out
        }
        func info(_ a: Int64) throws -> (rule: String?, flags: Int64?)? {
            try infoQuery.bind(infoStmt, ids.merging(["attribute": .integer(a)]) { $1 })
            guard try infoStmt.step() else { return nil }
            return (infoStmt.string(2), infoStmt.isNull(4) ? nil : infoStmt.int64(4))
        }

        let rootReaders = try readersOf(root)
        if roots.count == 1, rootReaders.isEmpty, try info(root) == nil {
            throw ReportError(IndirectAttribute.notInSnapshot(root, label: label))
        }
        let reached = try breadthFirst(from: roots, maxDepth: maxDepth) { a in a == root ? rootReaders : try readersOf(a) }

        // Name the reached nodes: one query each for small walks, one ordered pass for big ones.
        var named: [Int64: (rule: String?, flags: Int64?)] = [:]
        if reached.count <= bulkThreshold {
            for r in reached { named[r.attribute] = try info(r.attribute) }
        } else {
            var names: [Int64: String] = [:]
            let types = try ReportRegistry.query("walk-types").prepare(in: db, ids)
            try types.forEachRow { types in names[types.int64(0) << 32 | types.int64(1)] = types.string(2) }
            let wanted = reached.map(\.attribute).sorted()
            var k = 0
            for node in try SnapshotNodeList(in: db, snapshot: snapshot).nodes {
                guard k < wanted.count else { break }
                let a = node.attribute
                while k < wanted.count, wanted[k] < a { k += 1 }
                if k < wanted.count, wanted[k] == a, named[a] == nil {
                    named[a] = (names[node.typeKey], node.flags)
                }
            }
        }
        return reached.map { r in
            let n = named[r.attribute] ?? nil
            return WalkStep(attribute: r.attribute, depth: r.depth, rule: n?.rule, view: views[r.attribute], via: r.via,
                            // A node the dump does not hold stays clean, as before; one without flags is unknown.
                            dirty: n.map { $0.flags.map { $0 & 1 == 1 } } ?? false)
        }
    }

    /// Every node reachable from `roots` over `readers`, level by level (depth from 1, from the
    /// nearest root), each level in attribute order, each node once with the node it was first
    /// reached from.
    static func breadthFirst(from roots: [Int64], maxDepth: Int?,
                             readers: (Int64) throws -> [Int64]) rethrows -> [(attribute: Int64, depth: Int, via: Int64)] {
        var reached: [(attribute: Int64, depth: Int, via: Int64)] = []
        var seen = Set(roots)
        var frontier = roots
        var depth = 0
        while !frontier.isEmpty, depth < (maxDepth ?? Int.max) {
            depth += 1
            var level: [(attribute: Int64, via: Int64)] = []
            for a in frontier {
                for r in try readers(a) where seen.insert(r).inserted {
                    level.append((r, a))
                }
            }
            level.sort { $0.attribute < $1.attribute }
            reached += level.map { ($0.attribute, depth, $0.via) }
            frontier = level.map(\.attribute)
        }
        return reached
    }

    public static func rows(_ steps: [WalkStep]) -> [[SQLValue]] {
        steps.map { s in
            [.integer(s.attribute), .integer(Int64(s.depth)), s.rule.map(SQLValue.text) ?? .null,
             s.view.map(SQLValue.text) ?? .null, .integer(s.via), s.dirty.map { .integer($0 ? 1 : 0) } ?? .null]
        }
    }
}
