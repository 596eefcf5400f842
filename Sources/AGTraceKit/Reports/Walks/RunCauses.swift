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

    /// Replays run `run` (an id of `runs`), with the edges of snapshot `snapshot` when given,
    /// and keeps every invalidation and update (why, dirty-walks, the HTML report).
    public static func compute(in db: Database, run: Int64, snapshot: Int64? = nil) throws -> RunCauses {
        var causes = RunCauses()
        var replay = try Replay(in: db, run: run, snapshot: snapshot)
        causes.edgesKnown = replay.edgesKnown
        try replay.run(onInvalidation: { causes.invalidations.append($0) },
                       onUpdate: { update, _ in causes.updates.append(update) })
        return causes
    }

    /// The replay itself, one hit at a time: what it holds is the edges, the marked sets of the
    /// current edge set and, per attribute, the invalidations since its last update that marked
    /// it; not the hits, so a caller that does not keep the results (`export perfetto --run`,
    /// whose arrows go to a spool) stays small however long the run.
    public struct Replay {
        private var graph = ReadByGraph()
        /// Decided before the first hit (by the snapshot's edges and whether the run has any
        /// add_input hit), so that every update of the run is judged alike.
        public let edgesKnown: Bool
        private let hits: Statement

        /// Reads the snapshot's edges now; `run` reads the hits.
        public init(in db: Database, run: Int64, snapshot: Int64?) throws {
            var known = false
            if let snapshot {
                let edges = try ReportRegistry.query("run-causes-edges").prepare(in: db, ["snapshot": .integer(snapshot)])
                var g = ReadByGraph()
                try edges.forEachRow { edges in
                    g.add(edges.int64(0), edges.int64(1))
                    known = true
                }
                graph = g
            }
            hits = try ReportRegistry.query("run-causes").prepare(in: db, ["run": .integer(run)])
            // Whether the run records edges at all decides, for every hit, whether causes are
            // known (an update before the run's first add_input still has a known, empty cause).
            let probe = try ReportRegistry.query("run-has-add-input").prepare(in: db, ["run": .integer(run)])
            if try probe.step(), probe.int64(0) != 0 { known = true }
            edgesKnown = known
        }

        /// Calls `onInvalidation` with each invalidation once its updates are counted (at the
        /// next invalidation, or the end), and `onUpdate` with each update and the seqs of the
        /// invalidations that caused it (the same ones as `Update.causes` indexes), in seq order.
        public mutating func run(onInvalidation: (Invalidation) throws -> Void,
                                 onUpdate: (Update, [Int64]) throws -> Void) throws {
            var cache: [Int64: [Int64]] = [:]
            var cacheVersion = graph.version
            // Per attribute, the ordinals of the invalidations since its last update that mark it.
            var pending: [Int64: [Int]] = [:]
            var seqs: [Int64] = []
            var open: Invalidation?
            var current: Set<Int64> = []
            var lastSeq = Int64.min
            let known = edgesKnown
            try hits.forEachRow { stmt in
                let seq = stmt.int64(0)
                // Events are stored in hit order (Schema, migration 5), so the id order read here
                // is the seq order the replay needs.
                guard seq > lastSeq else {
                    throw ReportError("run-causes: hit seq \(seq) after \(lastSeq): this run's events are not stored in hit order")
                }
                lastSeq = seq
                let line: Int64? = stmt.isNull(1) ? nil : stmt.int64(1)
                let input: Int64? = stmt.isNull(3) ? nil : stmt.int64(3)
                let attribute: Int64? = stmt.isNull(4) ? nil : stmt.int64(4)
                switch stmt.string(2) {
                case "add_input":
                    if let input, let attribute { graph.add(input, attribute) }
                case "update":
                    var causes: [Int]? = known ? [] : nil
                    if let a = attribute, known { causes = pending.removeValue(forKey: a) ?? [] }
                    if open != nil {
                        open!.updates += 1
                        if let a = attribute, open!.reran != nil, current.contains(a) { open!.reran! += 1 }
                    }
                    try onUpdate(Update(seq: seq, line: line, attribute: attribute, causes: causes), (causes ?? []).map { seqs[$0] })
                case "invalidate":
                    if let done = open { try onInvalidation(done) }
                    var marked: [Int64]?
                    current = []
                    if known {
                        if let root = attribute {
                            // Marked sets of older edge sets are never asked for again.
                            if cacheVersion != graph.version { cache.removeAll(); cacheVersion = graph.version }
                            if let hit = cache[root] {
                                marked = hit
                            } else {
                                let set = graph.downstream(from: root)
                                cache[root] = set
                                marked = set
                            }
                            current = Set(marked!)
                            current.insert(root)
                        }
                        for a in current { pending[a, default: []].append(seqs.count) }
                    }
                    seqs.append(seq)
                    open = Invalidation(seq: seq, line: line, root: attribute, marked: marked,
                                        updates: 0, reran: marked == nil ? nil : 0)
                default:
                    break
                }
            }
            if let done = open { try onInvalidation(done) }
        }
    }
}
