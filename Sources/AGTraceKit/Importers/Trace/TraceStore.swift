import Foundation

/// Writes one trace's rows: every event into `trace_event_rows` (the `trace_events` view names
/// them), the evaluations and writes `TraceTimeline` derives, and the graph the trace shows
/// (types, nodes, edges, subgraphs). Runs on the pipeline's writer thread; events and
/// evaluations go many rows to a statement.
final class TraceStore {
    let traceId: Int64
    private let db: Database
    private let events: MultiRowInsert
    private let updates: MultiRowInsert
    private let writeRow: Statement
    private let typeRow: Statement
    private let nodeRow: Statement
    private let edgeRow: Statement
    private let subgraphRow: Statement
    private let markRow: Statement
    private let indirectRow: Statement
    private let cycles: CycleWriter
    /// The last cycle LogMessage, until its update stack comes (or does not: the next cycle,
    /// the end).
    private var pendingCycle: CycleRecord?
    /// The seqs of cycle LogMessages no update stack followed.
    private(set) var cyclesWithoutStack: [Int] = []

    static let rowsPerStatement = 256
    // The writer thread's only: no dynamic exclusivity checks per row.
    @exclusivity(unchecked) private var pendingEvents: [TraceEvent] = []
    @exclusivity(unchecked) private var pendingUpdates: [TraceUpdateRow] = []
    @exclusivity(unchecked) private var timeline = TraceTimeline()
    /// The text (field 9) of events held in `pendingEvents`, by seq: rare.
    private var pendingData: [Int: String] = [:]

    private(set) var eventCount = 0
    private(set) var updateCount = 0
    private(set) var writeCount = 0
    private(set) var edgeCount = 0
    var cycleCount: Int { cycles.count }

    /// Attributes given a `trace_nodes` row (NodeAdded, IndirectNodeAdded, or a snapshot).
    private var nodes: Set<Int64> = []
    /// Edges added and not removed: (reader, input) -> the seqs of their NodeAddEdge, oldest first.
    private var liveEdges: [EdgeKey: [Int]] = [:]
    /// Edges a snapshot listed that no NodeAddEdge explained (present before tracing began).
    private var snapshotEdges: Set<EdgeKey> = []
    private var subgraphs: [Int64: Subgraph] = [:]
    /// Type records by id: a second record of an id with other names is a doubt (`typeConflicts`).
    private var typesSeen: [Int64: TraceTypeRecord] = [:]
    private(set) var typeConflicts: [(first: TraceTypeRecord, second: TraceTypeRecord)] = []
    /// Indirect nodes' sources set by events and not replaced yet: attribute -> (source, seq).
    private var indirectSources: [Int64: (source: Int64, seq: Int)] = [:]
    private var indirectSet: Set<Int64> = []
    /// Sources snapshot records name for indirect nodes (used where no event set one).
    private var recordedSources: [Int64: Int64] = [:]

    struct EdgeKey: Hashable {
        var reader: Int64
        var input: Int64
    }

    struct Subgraph {
        var contextId: Int64?
        var parentId: Int64?
        var createdSeq: Int?
        var invalidatedSeq: Int?
        var destroyedSeq: Int?
    }

    /// Call with the write lock held (the trace's row is written last, under this id).
    init(db: Database, traceId: Int64) throws {
        self.db = db
        self.traceId = traceId
        events = try MultiRowInsert(db: db, into: """
            trace_event_rows(trace_id, seq, type, timestamp, p1, p2, p3, data)
            """, columns: 8, rows: Self.rowsPerStatement)
        updates = try MultiRowInsert(db: db, into: """
            trace_update_rows(trace_id, begin_seq, end_seq, attribute, begin_time, end_time, duration,
                                          self_duration, depth, parent_attribute, changed, cause_seq)
            """, columns: 12, rows: Self.rowsPerStatement)
        writeRow = try db.prepare("""
            INSERT INTO trace_writes(trace_id, seq, attribute, context, marked, updates, reran) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        typeRow = try db.prepare("""
            INSERT OR REPLACE INTO trace_types(trace_id, type_id, rule, value_type, body_size, value_size, flags, view)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        nodeRow = try db.prepare("INSERT INTO trace_nodes(trace_id, attribute, subgraph_id, type_id) VALUES (?1, ?2, ?3, ?4)")
        edgeRow = try db.prepare("INSERT INTO trace_edges(trace_id, reader, input, added_seq, removed_seq) VALUES (?1, ?2, ?3, ?4, ?5)")
        subgraphRow = try db.prepare("""
            INSERT INTO trace_subgraphs(trace_id, subgraph_id, context_id, parent_id, created_seq, invalidated_seq, destroyed_seq)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        markRow = try db.prepare("INSERT OR IGNORE INTO trace_marks(trace_id, write_seq, attribute, seq) VALUES (?1, ?2, ?3, ?4)")
        indirectRow = try db.prepare("""
            INSERT INTO trace_indirect_sources(trace_id, attribute, source, set_seq, replaced_seq) VALUES (?1, ?2, ?3, ?4, ?5)
            """)
        cycles = try CycleWriter(db: db, kind: StoredKind.trace.noun, ownerId: traceId)
        pendingEvents.reserveCapacity(Self.rowsPerStatement)
        pendingUpdates.reserveCapacity(Self.rowsPerStatement)
    }

    func event(_ e: TraceEvent) throws {
        pendingEvents.append(e)
        if pendingEvents.count == Self.rowsPerStatement { try writeEvents() }
        try timeline.event(e)
        try drainTimeline()
        switch e.type {
        case TraceEventTypes.nodeAdded:
            if let a = e.p1, nodes.insert(a).inserted { try nodeRow.runRow(traceId, a, e.p2, e.p3) }
        case TraceEventTypes.indirectNodeAdded:
            if let a = e.p1.map(IndirectAttribute.from(offset:)), nodes.insert(a).inserted {
                try nodeRow.runRow(traceId, a, e.p2, nil as Int64?)
            }
        case TraceEventTypes.indirectNodeSetSource:
            if let a = e.p1.map(IndirectAttribute.from(offset:)), let source = e.p2 {
                if let open = indirectSources[a] { try indirectRow.runRow(traceId, a, open.source, open.seq, e.seq) }
                indirectSources[a] = (source, e.seq)
                indirectSet.insert(a)
            }
        case TraceEventTypes.addEdge:
            liveEdges[EdgeKey(reader: e.p1 ?? 0, input: e.p2 ?? 0), default: []].append(e.seq)
        case TraceEventTypes.removeEdge:
            let key = EdgeKey(reader: e.p1 ?? 0, input: e.p2 ?? 0)
            if var seqs = liveEdges[key], !seqs.isEmpty {
                try edge(key, added: seqs.removeFirst(), removed: e.seq)
                liveEdges[key] = seqs.isEmpty ? nil : seqs
            } else if snapshotEdges.remove(key) != nil {
                try edge(key, added: nil, removed: e.seq)
            }
        case TraceEventTypes.subgraphCreated:
            if let id = e.p1 {
                subgraphs[id, default: Subgraph()].createdSeq = e.seq
                subgraphs[id]!.contextId = e.p2
            }
        case TraceEventTypes.subgraphInvalidate:
            if let id = e.p1 { subgraphs[id, default: Subgraph()].invalidatedSeq = e.seq }
        case TraceEventTypes.subgraphDestroy:
            if let id = e.p1 { subgraphs[id, default: Subgraph()].destroyedSeq = e.seq }
        case TraceEventTypes.subgraphAddChild:
            if let parent = e.p1, let child = e.p2, subgraphs[child]?.parentId == nil {
                subgraphs[child, default: Subgraph()].parentId = parent
            }
        default:
            break
        }
    }

    func eventData(seq: Int, _ text: String) { pendingData[seq] = text }

    /// A cycle's LogMessage: held until the update stack after it.
    func cycle(seq: Int, attribute: Int64) throws {
        try writePendingCycle()
        pendingCycle = CycleRecord(position: seq, attribute: attribute, form: "trace")
    }

    /// An update stack: the pending cycle's frames when it comes right after its LogMessage
    /// (no event between); any other is not stored.
    func updateStack(afterSeq: Int, _ frames: [TraceStackFrame]) throws {
        guard var cycle = pendingCycle, cycle.position == afterSeq else { return }
        cycle.frames = frames.map {
            CycleRecord.Frame(attribute: $0.attribute, flags: $0.pending ? "P" : "", cyclic: $0.cyclic)
        }
        pendingCycle = nil
        try cycles.write(cycle)
    }

    private func writePendingCycle() throws {
        guard var cycle = pendingCycle else { return }
        cycle.complete = false
        cyclesWithoutStack.append(cycle.position)
        pendingCycle = nil
        try cycles.write(cycle)
    }

    func type(_ t: TraceTypeRecord) throws {
        if let first = typesSeen[t.typeId], first.rule != t.rule || first.valueType != t.valueType {
            typeConflicts.append((first, t))
        }
        typesSeen[t.typeId] = t
        try typeRow.runRow(traceId, t.typeId, t.rule, t.valueType, t.bodySize, t.valueSize, t.flags,
                           t.rule.flatMap(ViewName.fromRule))
    }

    /// A snapshot's subgraph: its nodes and their inputs fill in what the events did not show
    /// (with the Prepare flag they all did). The engine may list a node twice: once counts.
    func subgraph(_ s: TraceSubgraphRecord) throws {
        var sub = subgraphs[s.subgraphId, default: Subgraph()]
        sub.contextId = sub.contextId ?? s.contextId
        if sub.parentId == nil { sub.parentId = s.parents.first }
        subgraphs[s.subgraphId] = sub
        for var node in s.nodes {
            if node.typeId == nil {
                // An indirect entry, under its attribute whichever way the engine wrote it.
                node.attribute = IndirectAttribute.from(offset: node.attribute)
                if let source = node.source, recordedSources[node.attribute] == nil { recordedSources[node.attribute] = source }
            }
            if nodes.insert(node.attribute).inserted {
                try nodeRow.runRow(traceId, node.attribute, s.subgraphId, node.typeId)
            }
            for input in node.inputs {
                let key = EdgeKey(reader: node.attribute, input: input)
                if liveEdges[key] == nil { snapshotEdges.insert(key) }
            }
        }
    }

    /// Writes what the timeline finished (rarely anything: an evaluation ends, a write closes).
    @inline(__always)
    private func drainTimeline() throws {
        if !timeline.finishedUpdates.isEmpty {
            for u in timeline.finishedUpdates { try update(u) }
            timeline.finishedUpdates.removeAll(keepingCapacity: true)
        }
        if !timeline.finishedWrites.isEmpty {
            for w in timeline.finishedWrites { try write(w) }
            timeline.finishedWrites.removeAll(keepingCapacity: true)
        }
    }

    private func update(_ u: TraceUpdateRow) throws {
        pendingUpdates.append(u)
        if pendingUpdates.count == Self.rowsPerStatement { try writeUpdates() }
    }

    private func write(_ w: TraceWriteRow) throws {
        writeCount += 1
        try writeRow.runRow(traceId, w.seq, w.attribute, w.context, w.marked, w.updates, w.reran)
        for m in w.marks { try markRow.runRow(traceId, w.seq, m.attribute, m.seq) }
    }

    private func edge(_ key: EdgeKey, added: Int?, removed: Int?) throws {
        edgeCount += 1
        try edgeRow.runRow(traceId, key.reader, key.input, added, removed)
    }

    /// Evaluations whose duration could not be (stored with NULL durations).
    var impossibleDurations: TraceTimeline.ImpossibleDurations { timeline.impossible }

    /// Writes what is held back: the last rows, open evaluations, live edges, subgraphs.
    func finish() throws {
        try writePendingCycle()
        try writeEvents()
        timeline.finish()
        try drainTimeline()
        try writeUpdates()
        for (key, seqs) in liveEdges.sorted(by: { ($0.value[0], $0.key.input) < ($1.value[0], $1.key.input) }) {
            for seq in seqs { try edge(key, added: seq, removed: nil) }
        }
        for key in snapshotEdges.sorted(by: { ($0.reader, $0.input) < ($1.reader, $1.input) }) {
            try edge(key, added: nil, removed: nil)
        }
        for (a, open) in indirectSources.sorted(by: { $0.key < $1.key }) {
            try indirectRow.runRow(traceId, a, open.source, open.seq, nil as Int?)
        }
        // A source only a record names was set before tracing (or at creation, which no event
        // shows) and never changed while the trace ran.
        for (a, source) in recordedSources.sorted(by: { $0.key < $1.key }) where !indirectSet.contains(a) {
            try indirectRow.runRow(traceId, a, source, nil as Int?, nil as Int?)
        }
        for (id, s) in subgraphs.sorted(by: { $0.key < $1.key }) {
            try subgraphRow.runRow(traceId, id, s.contextId, s.parentId, s.createdSeq, s.invalidatedSeq, s.destroyedSeq)
        }
    }

    private func writeEvents() throws {
        let traceId = self.traceId, data = pendingData
        try events.write(pendingEvents) { s, c, e in
            s.columns(from: c).bind(traceId).bind(e.seq).bind(e.type).bind(e.timestamp).bind(e.p1).bind(e.p2).bind(e.p3)
                .bind(data.isEmpty ? nil : data[e.seq])
        }
        eventCount += pendingEvents.count
        pendingEvents.removeAll(keepingCapacity: true)
        if !pendingData.isEmpty { pendingData.removeAll() }
    }

    private func writeUpdates() throws {
        let traceId = self.traceId
        try updates.write(pendingUpdates) { s, c, u in
            s.columns(from: c).bind(traceId).bind(u.beginSeq).bind(u.endSeq).bind(u.attribute).bind(u.beginTime).bind(u.endTime)
                .bind(u.duration).bind(u.selfDuration).bind(u.depth).bind(u.parentAttribute).bind(u.changed.map { $0 ? Int64(1) : 0 })
                .bind(u.causeSeq)
        }
        updateCount += pendingUpdates.count
        pendingUpdates.removeAll(keepingCapacity: true)
    }
}
