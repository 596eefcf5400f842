/// Read-by edges ("src is read by dst") as adjacency lists, for reachability.
struct ReadByGraph {
    private(set) var readers: [Int64: [Int64]] = [:]
    /// Bumped by every edge added, so a cached walk knows when it is stale.
    private(set) var version = 0

    mutating func add(_ src: Int64, _ dst: Int64) {
        readers[src, default: []].append(dst)
        version += 1
    }

    /// The number of distinct nodes reachable from `root` (the root itself not counted, even
    /// when a cycle leads back to it).
    func downstreamCount(from root: Int64) -> Int {
        var seen: Set<Int64> = [root]
        var frontier: [Int64] = [root]
        var count = 0
        while !frontier.isEmpty {
            var next: [Int64] = []
            for node in frontier {
                for reader in readers[node] ?? [] where seen.insert(reader).inserted {
                    count += 1
                    next.append(reader)
                }
            }
            frontier = next
        }
        return count
    }
}

/// `dirty-walks --run R [--snapshot S]`: replays a run in seq order. Each invalidate hit
/// counts the nodes downstream of its attribute over the edges known at that moment (the
/// snapshot's, plus the run's add_input hits before it), then the update hits until the next
/// invalidate hit (or the end) are the rules that reran.
enum DirtyWalks {
    static let columns = ["seq", "root", "marked", "reran", "line"]

    private struct Event {
        var seq: Int64
        var line: SQLValue
        var kind: String
        var input: Int64?
        var attribute: Int64?
    }

    /// `stmt` yields dirty-walks-run.sql's rows: seq, line, kind, input_attribute, attribute.
    static func compute(_ stmt: Statement) throws -> (columns: [String], rows: [[SQLValue]]) {
        var graph = ReadByGraph()
        var events: [Event] = []
        while try stmt.step() {
            let kind = stmt.string(2) ?? ""
            let input: Int64? = stmt.isNull(3) ? nil : stmt.int64(3)
            let attribute: Int64? = stmt.isNull(4) ? nil : stmt.int64(4)
            if kind == "edge" {
                if let input, let attribute { graph.add(input, attribute) }
                continue
            }
            events.append(Event(seq: stmt.int64(0), line: stmt.value(1), kind: kind, input: input, attribute: attribute))
        }
        events.sort { $0.seq < $1.seq }

        var rows: [[SQLValue]] = []
        var reran: [Int64] = []
        var cache: [Int64: (version: Int, marked: Int)] = [:]
        for e in events {
            switch e.kind {
            case "add_input":
                if let input = e.input, let attribute = e.attribute { graph.add(input, attribute) }
            case "update":
                if !reran.isEmpty { reran[reran.count - 1] += 1 }
            case "invalidate":
                var marked: SQLValue = .null
                if let root = e.attribute {
                    if let hit = cache[root], hit.version == graph.version {
                        marked = .integer(Int64(hit.marked))
                    } else {
                        let n = graph.downstreamCount(from: root)
                        cache[root] = (graph.version, n)
                        marked = .integer(Int64(n))
                    }
                }
                rows.append([.integer(e.seq), e.attribute.map(SQLValue.integer) ?? .null, marked, .null, e.line])
                reran.append(0)
            default:
                break
            }
        }
        for i in rows.indices { rows[i][3] = .integer(reran[i]) }
        return (columns, rows)
    }
}

/// One node the push walk reaches.
public struct WalkStep: Equatable, Sendable {
    public var attribute: Int64
    public var depth: Int
    public var rule: String?
    /// The node it was first reached from (breadth-first, smaller attributes first).
    public var via: Int64
    /// Whether the snapshot shows its dirty bit (bit 0) set.
    public var dirty: Bool
}

/// `agtrace walk ATTR --snapshot S`: the push walk an invalidation of ATTR would make, i.e.
/// every node reachable over read-by edges, breadth-first, depth counted from 1. Readers are
/// fetched per node through the edges_by_src index, so a small walk in a huge snapshot reads
/// only what it reaches.
public enum PushWalk {
    public static let columns = ["attribute", "depth", "rule", "via", "dirty"]

    public static func run(in db: Database, snapshot: Int64, label: String, from root: Int64,
                           maxDepth: Int? = nil) throws -> [WalkStep] {
        let readersQuery = ReportRegistry.query("walk-readers")
        let infoQuery = ReportRegistry.query("node-info")
        let readers = try readersQuery.prepare(in: db, ["snapshot": .integer(snapshot), "attribute": .integer(root)])
        let info = try infoQuery.prepare(in: db, ["snapshot": .integer(snapshot), "attribute": .integer(root)])
        func readersOf(_ a: Int64) throws -> [Int64] {
            try readersQuery.bind(readers, ["snapshot": .integer(snapshot), "attribute": .integer(a)])
            var out: [Int64] = []
            while try readers.step() { out.append(readers.int64(0)) }
            return out
        }
        func node(_ a: Int64) throws -> (rule: String?, flags: Int64)? {
            try infoQuery.bind(info, ["snapshot": .integer(snapshot), "attribute": .integer(a)])
            guard try info.step() else { return nil }
            return (info.string(2), info.int64(4))
        }

        let rootReaders = try readersOf(root)
        if try node(root) == nil && rootReaders.isEmpty {
            throw ReportError("no node \(root) in snapshot '\(label)'")
        }
        var steps: [WalkStep] = []
        var seen: Set<Int64> = [root]
        var frontier: [Int64] = [root]
        var depth = 0
        while !frontier.isEmpty, depth < (maxDepth ?? Int.max) {
            depth += 1
            var reached: [(attribute: Int64, via: Int64)] = []
            for a in frontier {
                for r in (a == root && depth == 1 ? rootReaders : try readersOf(a)) where seen.insert(r).inserted {
                    reached.append((r, a))
                }
            }
            reached.sort { $0.attribute < $1.attribute }
            for (a, via) in reached {
                let n = try node(a)
                steps.append(WalkStep(attribute: a, depth: depth, rule: n?.rule, via: via, dirty: (n?.flags ?? 0) & 1 == 1))
            }
            frontier = reached.map(\.attribute)
        }
        return steps
    }

    public static func rows(_ steps: [WalkStep]) -> [[SQLValue]] {
        steps.map { s in
            [.integer(s.attribute), .integer(Int64(s.depth)), s.rule.map(SQLValue.text) ?? .null,
             .integer(s.via), .integer(s.dirty ? 1 : 0)]
        }
    }
}
