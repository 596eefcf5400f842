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
        /// nil when unknown (no edges at all: a run without add_input hits, no snapshot; or no
        /// root), and when the replay was not asked to keep it (`markedCount` is still known).
        public var marked: [Int64]?
        /// How many nodes `marked` holds; nil when unknown.
        public var markedCount: Int?
        /// Update hits between this invalidation and the next one (or the end).
        public var updates: Int
        /// Those of `updates` whose attribute is the root or marked; nil when `markedCount` is.
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
        /// The index of the last invalidation before it; nil before the first.
        public var after: Int?
    }

    /// An invalidation that caused an update: the update is the first of its attribute after
    /// the invalidation, whose root is the attribute or whose walk marked it.
    public struct Cause: Sendable {
        /// The invalidation: its index (as `Update.causes` counts) and seq.
        public var invalidation: Int
        public var invalidationSeq: Int64
        /// The update: its index among the run's updates, its seq and attribute.
        public var update: Int
        public var updateSeq: Int64
        public var attribute: Int64
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
    /// and keeps every invalidation with its marked nodes and every update with its causes
    /// (tests, small runs: what it keeps grows with the marked sets).
    public static func compute(in db: Database, run: Int64, snapshot: Int64? = nil) throws -> RunCauses {
        var causes = RunCauses()
        var replay = try Replay(in: db, run: run, snapshot: snapshot)
        causes.edgesKnown = replay.edgesKnown
        try replay.run(keepMarked: Int.max, onInvalidation: { causes.invalidations.append($0) },
                       onUpdate: (nil, { causes.updates.append($0) }))
        return causes
    }

    /// The replay itself, one hit at a time. It holds the edges, the run's update hits (seq and
    /// node, to know each node's next update) and the last walk's marks; never a marked set
    /// per invalidation, nor the invalidations and updates themselves, which go to the caller
    /// as they are known. Each invalidation costs its walk (the nodes it marks and their edges),
    /// each update and each cause a constant.
    public struct Replay {
        private var graph = ReadByGraph()
        /// Decided before the first hit (by the snapshot's edges and whether the run has any
        /// add_input hit), so that every update of the run is judged alike.
        public let edgesKnown: Bool
        private let db: Database
        private let run: Int64

        /// Reads the snapshot's edges now; `run` reads the hits.
        public init(in db: Database, run: Int64, snapshot: Int64?) throws {
            self.db = db
            self.run = run
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
            // Whether the run records edges at all decides, for every hit, whether causes are
            // known (an update before the run's first add_input still has a known, empty cause).
            let probe = try ReportRegistry.query("run-has-add-input").prepare(in: db, ["run": .integer(run)])
            if try probe.step(), probe.int64(0) != 0 { known = true }
            edgesKnown = known
        }

        /// Calls `onInvalidation` with each invalidation once its updates are counted (at the
        /// next invalidation, or the end), its marked nodes kept for the first `keepMarked`;
        /// `onCause` with each (invalidation, update it caused) as soon as the walk finds it, in
        /// no set order; and `onUpdate.call` with each update, with its causes, in seq order (of
        /// the attributes in `onUpdate.of`, all when nil; each update's causes among the first
        /// `causesBefore` invalidations only).
        public mutating func run(keepMarked: Int = 0, causesBefore: Int = Int.max,
                                 onInvalidation: (Invalidation) throws -> Void,
                                 onCause: ((Cause) throws -> Void)? = nil,
                                 onUpdate: (of: Set<Int64>?, call: (Update) throws -> Void)? = nil) throws {
            let known = edgesKnown
            let wantsCauses = known && (onCause != nil || onUpdate != nil)
            // The run's updates, read first: per node, the positions of its updates in the run,
            // so that a walk can tell, for each node it marks, which update that caused.
            var updateSeqs: [Int64] = []
            var updateNodes: [Int32] = []
            var firstUpdate: [Int32] = [], updateList: [Int32] = []
            if wantsCauses {
                let rows = try ReportRegistry.query("run-causes-updates").prepare(in: db, ["run": .integer(run)])
                try rows.forEachRow { rows in
                    updateSeqs.append(rows.int64(0))
                    updateNodes.append(rows.isNull(1) ? -1 : graph.node(rows.int64(1)))
                }
                // Counting sort of the update positions by node.
                var counts = [Int32](repeating: 0, count: graph.nodeCount + 1)
                for n in updateNodes where n >= 0 { counts[Int(n) + 1] += 1 }
                for i in 1..<counts.count { counts[i] += counts[i - 1] }
                firstUpdate = counts
                var fill = counts
                updateList = [Int32](repeating: 0, count: Int(counts.last!))
                for (position, n) in updateNodes.enumerated() where n >= 0 {
                    updateList[Int(fill[Int(n)])] = Int32(position)
                    fill[Int(n)] += 1
                }
            }
            // The nodes numbered so far: every attribute a run updates (nodes made later have no update).
            let updatedNodes = wantsCauses ? graph.nodeCount : 0
            // Per node, how many of its updates the replay has passed.
            var passed = [Int32](repeating: 0, count: wantsCauses ? graph.nodeCount : 0)
            // Which updates' causes are collected, and those found so far for updates not yet reached.
            let wanted: Set<Int64>? = onUpdate?.of
            var pending: [Int32: [Int]] = [:]

            var open: Invalidation?
            var openRoot: Int64?
            var walked = false
            var invalidationCount = 0
            var updateCount = 0
            var lastSeq = Int64.min
            let hits = try ReportRegistry.query("run-causes").prepare(in: db, ["run": .integer(run)])
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
                    if let input, let attribute {
                        graph.add(input, attribute, once: true)
                        if wantsCauses && passed.count < graph.nodeCount {
                            passed.append(contentsOf: repeatElement(0, count: graph.nodeCount - passed.count))
                        }
                    }
                case "update":
                    let position = updateCount
                    updateCount += 1
                    let node: Int32? = attribute.flatMap { graph.number[$0] }
                    if open != nil {
                        open!.updates += 1
                        if open!.reran != nil, let a = attribute,
                           a == openRoot || (walked && node.map { graph.wasReached($0) } == true) {
                            open!.reran! += 1
                        }
                    }
                    if wantsCauses, let node { passed[Int(node)] += 1 }
                    if let onUpdate, wanted == nil || attribute.map({ wanted!.contains($0) }) == true {
                        var causes: [Int]? = known ? [] : nil
                        if known, attribute != nil { causes = pending.removeValue(forKey: Int32(position)) ?? [] }
                        try onUpdate.call(Update(seq: seq, line: line, attribute: attribute, causes: causes,
                                                 after: invalidationCount == 0 ? nil : invalidationCount - 1))
                    }
                case "invalidate":
                    if let done = open { try onInvalidation(done) }
                    let index = invalidationCount
                    invalidationCount += 1
                    var marked: [Int64]?
                    var markedCount: Int?
                    walked = false
                    openRoot = nil
                    if known, let root = attribute {
                        openRoot = root
                        if let start = graph.number[root] {
                            graph.walk(from: start)
                            walked = true
                            markedCount = graph.reached.count - 1
                            if index < keepMarked { marked = graph.reachedAttributes() }
                            if wantsCauses {
                                for n in graph.reached where Int(n) < updatedNodes {
                                    let done = Int(passed[Int(n)])
                                    let first = Int(firstUpdate[Int(n)]), end = Int(firstUpdate[Int(n) + 1])
                                    guard first + done < end else { continue }
                                    let update = Int(updateList[first + done])
                                    let a = graph.attributes[Int(n)]
                                    if let onCause {
                                        try onCause(Cause(invalidation: index, invalidationSeq: seq, update: update,
                                                          updateSeq: updateSeqs[update], attribute: a))
                                    }
                                    if onUpdate != nil, index < causesBefore, wanted?.contains(a) ?? true {
                                        pending[Int32(update), default: []].append(index)
                                    }
                                }
                            }
                        } else {
                            markedCount = 0
                            if index < keepMarked { marked = [] }
                        }
                    }
                    open = Invalidation(seq: seq, line: line, root: attribute, marked: marked, markedCount: markedCount,
                                        updates: 0, reran: markedCount == nil ? nil : 0)
                default:
                    break
                }
            }
            if let done = open { try onInvalidation(done) }
        }
    }
}
