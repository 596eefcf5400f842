/// What caused each rule run of a transcript: the run's hits replayed in seq order. Each
/// invalidation marks the nodes downstream of its root over the edges known at that moment
/// (a snapshot's, plus the run's add_input hits before it); an update of A was caused by the
/// invalidations since A's previous update whose root is A or whose marked set contains A.
/// `dirty-walks --run` and `why --run` are views of this; so are cause -> effect arrows.
public struct RunCauses: Sendable {
    /// One invalidate hit.
    public struct Invalidation: Equatable, Sendable {
        public var seq: Int64
        public var line: Int64?
        /// The invalidated attribute (nil when the hit did not show it).
        public var root: Int64?
        /// The nodes the push walk from `root` reaches (the root itself not counted), sorted;
        /// nil when unknown: no edges at all (a run without add_input hits, no snapshot), or no
        /// root.
        public var marked: [Int64]?
        /// Update hits between this invalidation and the next one (or the end).
        public var updates: Int
        /// Those of `updates` whose attribute is the root or in `marked`; nil when `marked` is.
        public var reran: Int?
    }

    /// One update hit (a rule run).
    public struct Update: Equatable, Sendable {
        public var seq: Int64
        public var line: Int64?
        public var attribute: Int64?
        /// Indices into `invalidations` of the invalidations that caused it, in seq order:
        /// empty when none did (a first build, or a run no write explains); nil when unknown
        /// (no edges known, see `Invalidation.marked`).
        public var causes: [Int]?
    }

    public var invalidations: [Invalidation] = []
    public var updates: [Update] = []
    /// Whether any edge was known (a snapshot's, or the run's add_input hits): without, no
    /// marked set and no cause can be known.
    public var edgesKnown = false

    /// Why `marked` and `reran` are NULL, and how to get them: one line for stderr.
    public static func noEdgesHint(run: String) -> String {
        "run '\(run)' has no add_input hits, so no marked set is known: marked, reran and causes are empty (null); give --snapshot S, a dump of the same process, for its edges, or record with a breakpoint on AG::Graph::add_input"
    }

    /// Replays run `run` (an id of `runs`), with the edges of snapshot `snapshot` when given.
    public static func compute(in db: Database, run: Int64, snapshot: Int64? = nil) throws -> RunCauses {
        let stmt = try ReportRegistry.query("run-causes").prepare(in: db, [
            "run": .integer(run), "snapshot": snapshot.map(SQLValue.integer) ?? .null,
        ])
        return try RunCauses(replaying: stmt)
    }

    private enum Kind { case invalidate, update, addInput }

    private struct Hit {
        var seq: Int64
        var line: Int64?
        var kind: Kind
        var input: Int64?
        var attribute: Int64?
    }

    /// `stmt` yields run-causes.sql's rows: seq, line, kind, input_attribute, attribute.
    init(replaying stmt: Statement) throws {
        var graph = ReadByGraph()
        var hits: [Hit] = []
        try stmt.forEachRow { stmt in
            let input: Int64? = stmt.isNull(3) ? nil : stmt.int64(3)
            let attribute: Int64? = stmt.isNull(4) ? nil : stmt.int64(4)
            let kind: Kind
            switch stmt.string(2) {
            case "edge":
                if let input, let attribute { graph.add(input, attribute) }
                edgesKnown = true
                return
            case "invalidate": kind = .invalidate
            case "update": kind = .update
            case "add_input": kind = .addInput; edgesKnown = true
            default: return
            }
            hits.append(Hit(seq: stmt.int64(0), line: stmt.isNull(1) ? nil : stmt.int64(1), kind: kind,
                            input: input, attribute: attribute))
        }
        hits.sort { $0.seq < $1.seq }

        var cache: [Int64: (version: Int, marked: [Int64])] = [:]
        // Invalidations since each attribute's last update that mark it.
        var pending: [Int64: [Int]] = [:]
        var current: Set<Int64> = []
        for h in hits {
            switch h.kind {
            case .addInput:
                if let input = h.input, let attribute = h.attribute { graph.add(input, attribute) }
            case .update:
                var causes: [Int]? = edgesKnown ? [] : nil
                if let a = h.attribute, edgesKnown {
                    causes = pending.removeValue(forKey: a) ?? []
                }
                if let i = invalidations.indices.last {
                    invalidations[i].updates += 1
                    if let a = h.attribute, invalidations[i].reran != nil, current.contains(a) { invalidations[i].reran! += 1 }
                }
                updates.append(Update(seq: h.seq, line: h.line, attribute: h.attribute, causes: causes))
            case .invalidate:
                var marked: [Int64]?
                current = []
                if edgesKnown {
                    if let root = h.attribute {
                        if let hit = cache[root], hit.version == graph.version {
                            marked = hit.marked
                        } else {
                            let set = graph.downstream(from: root)
                            cache[root] = (graph.version, set)
                            marked = set
                        }
                        current = Set(marked!)
                        current.insert(root)
                    }
                    for a in current { pending[a, default: []].append(invalidations.count) }
                }
                invalidations.append(Invalidation(seq: h.seq, line: h.line, root: h.attribute, marked: marked,
                                                  updates: 0, reran: marked == nil ? nil : 0))
            }
        }
    }
}

/// `dirty-walks --run R [--snapshot S]`: one row per invalidation of RunCauses.
enum DirtyWalks {
    static let columns = ["seq", "root", "marked", "updates", "reran", "line"]

    static func rows(_ causes: RunCauses) -> [[SQLValue]] {
        causes.invalidations.map { i in
            [.integer(i.seq), i.root.map(SQLValue.integer) ?? .null,
             i.marked.map { .integer(Int64($0.count)) } ?? .null,
             .integer(Int64(i.updates)), i.reran.map { .integer(Int64($0)) } ?? .null,
             i.line.map(SQLValue.integer) ?? .null]
        }
    }
}
