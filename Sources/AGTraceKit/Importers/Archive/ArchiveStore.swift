import CSQLite
import Foundation

/// Writes an archive's records into the tables of one snapshot, through statements prepared
/// once and reused for every row. Runs inside the importer's transaction; knows nothing of JSON.
///
/// Nodes, edges and the debug tree's rows, the bulk of an archive, are held back a few dozen at
/// a time and written by multi-row statements (see `MultiRowInsert`); `flush` writes what is
/// still held back.
///
/// Node rows get `id = first_node_id of their graph + node_index`, so that the debug-view
/// tree, which names nodes by index and is often written before them, can refer to a node row
/// before it exists (the `trees` views join on it).
final class ArchiveStore: ArchiveSink {
    let db: Database
    let snapshotId: Int64
    private(set) var nodeCount = 0
    private(set) var edgeCount = 0
    private(set) var graphCount = 0

    private var nextNodeId: Int64
    /// The largest node row id in the table so far.
    private var maxNodeId: Int64
    /// By graph index (the graph's position in the archive, so dense from 0); -1 until set.
    @exclusivity(unchecked) private var graphFirstNodeId: [Int64] = []
    /// The definitions of the indexes `beginBulkInsert` dropped, for `finishBulkInsert`.
    private var droppedIndexes: [String] = []
    /// `nodes_by_attribute`'s definition while a bulk insert keeps that index: node rows that
    /// come in its order (attributes ascending) land at its right edge, where SQLite appends
    /// without a search: the writer thread pays less for that than the connection pays, after
    /// the parse, to sort them all (0.2 s at 300k nodes). The first node out of order drops
    /// it, to be built after like the others (Apple's dumps seen so far list a subgraph's nodes
    /// in descending order, and so do agtrace-bench's plain and tree-heavy archives).
    @exclusivity(unchecked) private var orderedIndex: String?
    @exclusivity(unchecked) private var lastAttribute: UInt32 = 0

    /// `insertNodes` without the four profile columns, for nodes of an archive written
    /// without profiling (nearly all): 4 fewer values bound and copied per row.
    private let insertUnprofiledNodes: MultiRowInsert
    /// `insertUnprofiledNodes` for a statement's worth of nodes that each come one past the
    /// table's largest id (nearly always): the statement leaves out the id, and the profile
    /// columns, so SQLite gives each row the next id and appends it without first looking
    /// the id up (as it does for an id given, even NULL), and nothing is bound for them.
    private let insertAppendedNodes: MultiRowInsert
    private let insertNodes, insertEdges, insertTrees: MultiRowInsert
    /// `insertTrees` without the id, for entries that each come one past the table's largest.
    private let insertAppendedTrees: MultiRowInsert
    // Used on the writer thread only: no dynamic exclusivity checks per row.
    @exclusivity(unchecked) private var pendingNodes: [PackedNode] = []
    /// The blocks the texts of `pendingNodes` are in; the last may get the next nodes' too.
    @exclusivity(unchecked) private var pendingTexts: [TextBlock] = []
    /// For nodes given as records rather than packed: the blocks their texts are copied into.
    @exclusivity(unchecked) private var ownTexts = NodeTextBlocks()
    @exclusivity(unchecked) private var pendingEdges: [EdgeRecord] = []
    /// Tree rows with their node row ids resolved (`nodeIndex` holds the id), each with its
    /// values and nodes: the reader gives those right after their entry, and the last entry is
    /// held back until the next one comes, so its row is written with them.
    @exclusivity(unchecked) private var pendingTrees: [TreeRecord] = []
    @exclusivity(unchecked) private var pendingTreeLists = TreeEntryLists()
    /// The debug tree's names of nodes, written by `writeTreeNames` at the end.
    @exclusivity(unchecked) private var naming: TreeNaming
    static let nodesPerStatement = 128
    /// Node texts held back before their rows are written: a statement's worth of nodes, or
    /// fewer once their texts pass this (`NodeTextBlocks` starts a new block at the same point).
    static let textBudget = 1 << 20
    @exclusivity(unchecked) private var pendingTextBytes = 0
    static let edgesPerStatement = 256
    static let treeRowsPerStatement = 128
    /// `tree_items.id` of the next entry, and of each graph's entry 0: a graph's entries come
    /// in tree order, so entry k of graph g is `graphFirstTreeId[g] + k`.
    private var nextTreeId: Int64
    /// The largest `tree_items.id` so far.
    private var maxTreeId: Int64
    private var graphFirstTreeId: [Int: Int64] = [:]

    private let insertType, insertSubgraph, setSubgraph, setTreeParent, addTreeValue, addTreeNode: Statement
    private let insertEvent, insertMark, insertGraph, insertLink, setSummary: Statement

    init(db: Database, snapshotId: Int64) throws {
        self.db = db
        self.snapshotId = snapshotId
        nextNodeId = (try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM node_rows")?.intValue) ?? 1
        maxNodeId = nextNodeId - 1
        nextTreeId = (try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM tree_items")?.intValue) ?? 1
        maxTreeId = nextTreeId - 1
        naming = TreeNaming(firstNodeId: nextNodeId)
        insertType = try db.prepare("""
            INSERT INTO types(snapshot_id, graph_index, type_index, type_id, name, value_type, size, flags,
                              update_count, change_count, update_total, changed_total, view)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """)
        let nodeColumns = """
            node_rows(id, snapshot_id, graph_index, node_index, attribute, type_index,
                                  description, value, flags, subgraph_flags, update_count, change_count,
                                  update_total, changed_total)
            """
        // The snapshot's id is written into the statements rather than bound: it is the same in
        // every row of an import (850k values fewer to bind into a 300k-node one).
        let sid = String(snapshotId)
        insertNodes = try MultiRowInsert(db: db, into: nodeColumns, columns: 13, rows: Self.nodesPerStatement,
                                         row: "(?,\(sid),?,?,?,?,?,?,?,?,?,?,?,?)")
        insertUnprofiledNodes = try MultiRowInsert(db: db, into: nodeColumns, columns: 9, rows: Self.nodesPerStatement,
                                                   row: "(?,\(sid),?,?,?,?,?,?,?,?,NULL,NULL,NULL,NULL)")
        insertAppendedNodes = try MultiRowInsert(db: db, into: """
            node_rows(snapshot_id, graph_index, node_index, attribute, type_index, description, value, flags,
                      subgraph_flags)
            """, columns: 8, rows: Self.nodesPerStatement, row: "(\(sid),?,?,?,?,?,?,?,?)")
        insertEdges = try MultiRowInsert(db: db, into: """
            edges(snapshot_id, graph_index, src_attribute, dst_attribute, offset, flags, edge_index)
            """, columns: 6, rows: Self.edgesPerStatement, row: "(\(sid),?,?,?,?,?,?)")
        pendingNodes.reserveCapacity(Self.nodesPerStatement)
        pendingEdges.reserveCapacity(Self.edgesPerStatement)
        insertSubgraph = try db.prepare("""
            INSERT INTO subgraphs(snapshot_id, graph_index, subgraph_index, subgraph_id, context_id, invalid)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        // A node listed twice (by one subgraph or by two) keeps its first subgraph, rather
        // than failing the import on the table's key: the archive is odd, not unreadable.
        setSubgraph = try db.prepare("""
            INSERT OR IGNORE INTO subgraph_nodes(snapshot_id, graph_index, subgraph_id, first_node_id, last_node_id)
            VALUES (?1, ?2, ?3, ?4, ?5)
            """)
        insertTrees = try MultiRowInsert(db: db, into: """
            tree_items(id, snapshot_id, graph_index, tree_index, parent_tree_index, node_id, offset,
                                   description, flags, is_root, creator_node_id, values_json, nodes_json)
            """, columns: 12, rows: Self.treeRowsPerStatement, row: "(?,\(sid),?,?,?,?,?,?,?,?,?,?,?)")
        insertAppendedTrees = try MultiRowInsert(db: db, into: """
            tree_items(snapshot_id, graph_index, tree_index, parent_tree_index, node_id, offset,
                                   description, flags, is_root, creator_node_id, values_json, nodes_json)
            """, columns: 11, rows: Self.treeRowsPerStatement, row: "(\(sid),?,?,?,?,?,?,?,?,?,?,?)")
        setTreeParent = try db.prepare("UPDATE tree_items SET parent_tree_index = ?2 WHERE id = ?1")
        // A value or node of an entry whose row is already written (not from this reader).
        addTreeValue = try db.prepare("""
            UPDATE tree_items SET values_json = json_insert(coalesce(values_json, '[]'), '$[#]', json(?2)) WHERE id = ?1
            """)
        addTreeNode = try db.prepare("""
            UPDATE tree_items SET nodes_json = json_insert(coalesce(nodes_json, '[]'), '$[#]', ?2) WHERE id = ?1
            """)
        insertEvent = try db.prepare("""
            INSERT INTO profile_events(snapshot_id, graph_index, scope, scope_key, category, update_count,
                                       change_count, update_total, changed_total)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        insertMark = try db.prepare("""
            INSERT INTO profile_marks(snapshot_id, graph_index, scope, scope_key, category, name, timestamp,
                                      update_count, change_count, update_total, changed_total)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        insertGraph = try db.prepare("""
            INSERT INTO graphs(snapshot_id, graph_index, graph_id, update_count, change_count, transaction_count,
                               update_total, changed_total, counters, first_node_id, node_count, edge_count)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            """)
        insertLink = try db.prepare("""
            INSERT INTO subgraph_children(snapshot_id, parent_graph_index, parent_subgraph_id, child_graph_index,
                                          child_subgraph_id)
            VALUES (?1, ?2, ?3, ?4, ?5)
            """)
        setSummary = try db.prepare("""
            UPDATE snapshot_facts SET format_version = ?2, counter_bytes = ?3, counter_max_bytes = ?4 WHERE id = ?1
            """)
    }

    /// Into an empty database, indexes are dropped before the rows and built once after them:
    /// a sort is far cheaper than maintaining a B-tree row by row. Into a database that holds
    /// other snapshots they stay, since rebuilding would cost time in proportion to everything.
    func beginBulkInsert() throws -> Bool {
        // A small page cache: the rows go in key order, so only the right edge of each B-tree
        // is hot, and a transaction of hundreds of MB spills to the WAL whatever the cache.
        // SQLite also sizes an index build's in-memory sort by it, beyond which the sort goes
        // to temporary files (`temp_store=FILE`, set when a writer opens). 4 MB imports a
        // 3M-node archive as fast as 16 MB did (paired runs) and keeps 12 MB off its peak.
        try db.execute("PRAGMA cache_size = -4096")
        guard try db.scalar("SELECT EXISTS(SELECT 1 FROM node_rows)")?.intValue == 0 else { return false }
        let definition = try db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?1")
        for name in Schema.bulkIndexes {
            definition.bind(1, name)
            guard let sql = try definition.rows(map: { $0.string(0) }).first ?? nil else { continue }
            if name == Schema.orderedBulkIndex {
                orderedIndex = sql
                continue
            }
            droppedIndexes.append(sql)
            try db.execute("DROP INDEX \(name)")
        }
        return true
    }

    func finishBulkInsert() throws {
        for sql in droppedIndexes { try db.execute(sql) }
        droppedIndexes = []
        orderedIndex = nil
    }

    /// Keeps `nodes_by_attribute` while `pendingNodes` continue its order, drops it otherwise.
    private func keepOrderedIndex() throws {
        guard let sql = orderedIndex else { return }
        var last = lastAttribute
        for k in pendingNodes.indices {
            let attribute = pendingNodes[k].attribute
            guard attribute >= last else {
                try db.execute("DROP INDEX \(Schema.orderedBulkIndex)")
                droppedIndexes.append(sql)
                orderedIndex = nil
                return
            }
            last = attribute
        }
        lastAttribute = last
    }

    /// The node id of node index 0 of a graph, fixed when the graph's first record arrives.
    @inline(__always)
    private func firstNodeId(_ graphIndex: Int) -> Int64 {
        if graphIndex < graphFirstNodeId.count, graphFirstNodeId[graphIndex] >= 0 { return graphFirstNodeId[graphIndex] }
        while graphFirstNodeId.count <= graphIndex { graphFirstNodeId.append(-1) }
        graphFirstNodeId[graphIndex] = nextNodeId
        return nextNodeId
    }

    private func bindProfile(_ s: Statement, from index: Int32, _ p: ProfileCounts) {
        s.bind(index, p.updateCount)
        s.bind(index + 1, p.changeCount)
        s.bind(index + 2, p.updateTotal)
        s.bind(index + 3, p.changedTotal)
    }

    func type(_ r: TypeRecord) throws {
        _ = firstNodeId(r.graphIndex)
        let view = r.name.flatMap(ViewName.fromRule)
        let p = r.profile
        try insertType.runRow(snapshotId, r.graphIndex, r.typeIndex, r.typeId, r.name, r.valueType, r.size, r.flags,
                              p.updateCount, p.changeCount, p.updateTotal, p.changedTotal, view)
        naming.type(graph: r.graphIndex, typeIndex: r.typeIndex, namesView: view != nil)
    }

    func node(_ r: NodeRecord) throws {
        try node(PackedNode(r, texts: ownTexts.next(started: keep)))
    }

    /// Keeps `block` until the nodes whose texts it holds are written.
    func keep(_ block: TextBlock) { pendingTexts.append(block) }

    /// A node whose texts are in a block given to `keep` before it.
    func node(_ r: PackedNode) throws {
        naming.node(id: firstNodeId(r.graphIndex) + Int64(r.nodeIndex), graph: r.graphIndex, nodeIndex: r.nodeIndex,
                    attribute: Int64(r.attribute), typeIndex: r.typeIndex)
        pendingNodes.append(r)
        nodeCount += 1
        pendingTextBytes += r.description.count + r.value.count
        if pendingNodes.count == Self.nodesPerStatement || pendingTextBytes >= Self.textBudget { try writeNodes() }
    }

    func edge(_ r: EdgeRecord) throws {
        pendingEdges.append(r)
        edgeCount += 1
        if pendingEdges.count == Self.edgesPerStatement { try writeEdges() }
    }

    /// Writes the rows still held back. The last thing the writer does.
    func flush() throws {
        try writeNodes()
        try writeEdges()
        try writeTrees()
    }

    private func writeNodes() throws {
        guard !pendingNodes.isEmpty else { return }
        try keepOrderedIndex()
        let profiled = pendingNodes.contains { !$0.profile.isEmpty }
        // Node rows come in order, so each id is nearly always one past the table's largest:
        // a statement's worth of those leaves the ids out (`insertAppendedNodes`). Otherwise
        // such an id is bound as NULL, which SQLite also gives the next id, and any other is
        // given as it is.
        let appended = !profiled && MultiRowInsert.idsComeNext(pendingNodes.count, after: maxNodeId) {
            firstNodeId(pendingNodes[$0].graphIndex) + Int64(pendingNodes[$0].nodeIndex)
        }
        let insert = appended ? insertAppendedNodes : profiled ? insertNodes : insertUnprofiledNodes
        let s = try insert.statement(rows: pendingNodes.count)
        // The texts are bound from their blocks without SQLite copying them.
        var column: Int32 = 1
        var lastId: Int64 = 0
        for k in pendingNodes.indices {
            let id = firstNodeId(pendingNodes[k].graphIndex) + Int64(pendingNodes[k].nodeIndex)
            if !appended {
                if id == maxNodeId + 1 { s.bind(column, nil as Int64?) } else { s.bind(column, id) }
                column += 1
            }
            maxNodeId = max(maxNodeId, id)
            lastId = id
            s.bind(column, pendingNodes[k].graphIndex)
            s.bind(column + 1, pendingNodes[k].nodeIndex)
            s.bind(column + 2, pendingNodes[k].attribute)
            s.bind(column + 3, pendingNodes[k].typeIndex)
            bindText(s, column + 4, pendingNodes[k].description)
            bindText(s, column + 5, pendingNodes[k].value)
            s.bind(column + 6, pendingNodes[k].flags)
            s.bind(column + 7, pendingNodes[k].subgraphFlags)
            if profiled { bindProfile(s, from: column + 8, pendingNodes[k].profile) }
            column += profiled ? 12 : 8
        }
        defer {
            pendingNodes.removeAll(keepingCapacity: true)
            pendingTextBytes = 0
            // Only the last block can hold texts of nodes still to come.
            if pendingTexts.count > 1 { pendingTexts.removeFirst(pendingTexts.count - 1) }
        }
        try s.run()
        // The ids SQLite gave are the ones the rows' indexes name (the write lock is held, and
        // nothing else writes node rows meanwhile); anything else is refused, not stored.
        try insert.requireLastRowid(lastId, in: "node_rows", expectedBy: "the archive's node")
    }

    @inline(__always)
    private func bindText(_ s: Statement, _ column: Int32, _ text: TextRef) {
        if let bytes = text.bytes { s.bindStatic(column, bytes) } else { s.bind(column, nil as Int64?) }
    }

    private func writeEdges() throws {
        defer { pendingEdges.removeAll(keepingCapacity: true) }
        // Bound by hand: the generic binder's calls were not inlined here (perf).
        try insertEdges.write(pendingEdges) { s, c, r in
            s.bind(c, r.graphIndex)
            s.bind(c + 1, r.srcAttribute)
            s.bind(c + 2, r.dstAttribute)
            s.bind(c + 3, r.offset)
            s.bind(c + 4, r.flags)
            s.bind(c + 5, r.edgeIndex)
        }
    }

    func subgraph(_ r: SubgraphRecord) throws {
        _ = firstNodeId(r.graphIndex)
        try insertSubgraph.runRow(snapshotId, r.graphIndex, r.subgraphIndex, r.subgraphId, r.contextId, r.invalid)
    }

    func subgraphMembers(graphIndex: Int, subgraphId: Int64?, nodeIndices: ClosedRange<Int>) throws {
        let base = firstNodeId(graphIndex)
        try setSubgraph.runRow(snapshotId, graphIndex, subgraphId, base + Int64(nodeIndices.lowerBound),
                               base + Int64(nodeIndices.upperBound))
    }

    func tree(_ r: TreeRecord) throws {
        let base = firstNodeId(r.graphIndex)
        var row = r
        row.nodeIndex = r.nodeIndex.map { Int(base) + $0 }
        row.creatorNodeIndex = r.creatorNodeIndex.map { Int(base) + $0 }
        if pendingTrees.count == Self.treeRowsPerStatement { try writeTrees() }
        pendingTrees.append(row)
        pendingTreeLists.startEntry()
        nextTreeId = treeId(graph: r.graphIndex, treeIndex: r.treeIndex) + 1
        naming.entry(graph: r.graphIndex, treeIndex: r.treeIndex, parent: r.parentTreeIndex, description: r.description)
        if let n = r.nodeIndex { naming.claim(graph: r.graphIndex, treeIndex: r.treeIndex, nodeIndex: n, nodeId: base + Int64(n), own: true) }
    }

    /// A parent named after its child: the child's row is still held back, or already written.
    func treeParent(graphIndex: Int, treeIndex: Int, parentTreeIndex: Int) throws {
        if let k = pendingTrees.lastIndex(where: { $0.treeIndex == treeIndex && $0.graphIndex == graphIndex }) {
            pendingTrees[k].parentTreeIndex = parentTreeIndex
        } else {
            try setTreeParent.runRow(treeId(graph: graphIndex, treeIndex: treeIndex), parentTreeIndex)
        }
        naming.parent(graph: graphIndex, treeIndex: treeIndex, parent: parentTreeIndex)
    }

    func treeValue(_ r: TreeValueRecord) throws {
        let base = firstNodeId(r.graphIndex)
        let nodeId = r.nodeIndex.map { base + Int64($0) }
        if !(isLastPendingTree(graph: r.graphIndex, treeIndex: r.treeIndex)
             && pendingTreeLists.value(key: r.key, nodeId: nodeId, offset: r.offset)) {
            try writeTrees()
            try addTreeValue.runRow(treeId(graph: r.graphIndex, treeIndex: r.treeIndex),
                                    TreeEntryLists.valueJSON(key: r.key, nodeId: nodeId, offset: r.offset))
            try requireEntry(graph: r.graphIndex, treeIndex: r.treeIndex, "value '\(r.key)'")
        }
        if let n = r.nodeIndex { naming.claim(graph: r.graphIndex, treeIndex: r.treeIndex, nodeIndex: n, nodeId: base + Int64(n), own: false) }
    }

    func treeNode(_ r: TreeNodeRecord) throws {
        let nodeId = firstNodeId(r.graphIndex) + Int64(r.nodeIndex)
        if !(isLastPendingTree(graph: r.graphIndex, treeIndex: r.treeIndex) && pendingTreeLists.node(nodeId)) {
            try writeTrees()
            try addTreeNode.runRow(treeId(graph: r.graphIndex, treeIndex: r.treeIndex), nodeId)
            try requireEntry(graph: r.graphIndex, treeIndex: r.treeIndex, "node \(r.nodeIndex)")
        }
        naming.claim(graph: r.graphIndex, treeIndex: r.treeIndex, nodeIndex: r.nodeIndex, nodeId: nodeId, own: false)
    }

    /// A value or node is kept in its entry's row: one given before its entry is refused, not
    /// dropped (the reader gives each right after its entry).
    private func requireEntry(graph: Int, treeIndex: Int, _ what: String) throws {
        guard db.changes == 1 else {
            throw DatabaseError(path: db.path, code: SQLITE_INTERNAL,
                                message: "tree_items: \(what) of graph \(graph)'s tree entry \(treeIndex) came before the entry")
        }
    }

    /// Is entry `treeIndex` of graph `graph` the one held back last (its values and nodes go
    /// into its row)? Otherwise they are added to its row once written.
    @inline(__always)
    private func isLastPendingTree(graph: Int, treeIndex: Int) -> Bool {
        guard let last = pendingTrees.last else { return false }
        return last.treeIndex == treeIndex && last.graphIndex == graph
    }

    /// The id of graph `graph`'s entry `treeIndex` (its first entry fixes the graph's base).
    private func treeId(graph: Int, treeIndex: Int) -> Int64 {
        if let first = graphFirstTreeId[graph] { return first + Int64(treeIndex) }
        let first = nextTreeId - Int64(treeIndex)
        graphFirstTreeId[graph] = first
        return first + Int64(treeIndex)
    }

    private func writeTrees() throws {
        guard !pendingTrees.isEmpty else { return }
        defer {
            pendingTrees.removeAll(keepingCapacity: true)
            pendingTreeLists.removeAll()
        }
        // Entries come in tree order, so their ids are nearly always the next ones: then the
        // statement leaves the id out (see `insertAppendedNodes`).
        let appended = MultiRowInsert.idsComeNext(pendingTrees.count, after: maxTreeId) {
            treeId(graph: pendingTrees[$0].graphIndex, treeIndex: pendingTrees[$0].treeIndex)
        }
        let insert = appended ? insertAppendedTrees : insertTrees
        var lastId: Int64 = 0
        // Bound by hand, as the edges are; the lists from the buffer without SQLite copying
        // them (it is not changed until the statement has run).
        try pendingTreeLists.bytes.withUnsafeBufferPointer { text in
            try insert.write(pendingTrees.indices) { s, column, k in
                let r = pendingTrees[k], lists = pendingTreeLists.lists(k, in: text)
                let id = treeId(graph: r.graphIndex, treeIndex: r.treeIndex)
                maxTreeId = max(maxTreeId, id)
                lastId = id
                var c = column
                if !appended {
                    s.bind(c, id)
                    c += 1
                }
                s.bind(c, r.graphIndex)
                s.bind(c + 1, r.treeIndex)
                s.bind(c + 2, r.parentTreeIndex)
                s.bind(c + 3, r.nodeIndex)
                s.bind(c + 4, r.offset)
                s.bind(c + 5, r.description)
                s.bind(c + 6, r.flags)
                s.bind(c + 7, r.isRoot)
                s.bind(c + 8, r.creatorNodeIndex)
                if let values = lists.values { s.bindStatic(c + 9, values) } else { s.bindNull(c + 9) }
                if let nodes = lists.nodes { s.bindStatic(c + 10, nodes) } else { s.bindNull(c + 10) }
            }
        }
        // As for node rows: the ids SQLite gave are the ones the entries' rows are known by.
        if appended { try insert.requireLastRowid(lastId, in: "tree_items", expectedBy: "the archive's tree entry") }
    }

    func profileEvent(_ r: ProfileEventRecord) throws {
        _ = firstNodeId(r.graphIndex)
        let p = r.counts
        try insertEvent.runRow(snapshotId, r.graphIndex, r.scope.rawValue, r.scopeKey, r.category, p.updateCount, p.changeCount,
                               p.updateTotal, p.changedTotal)
    }

    func profileMark(_ r: ProfileMarkRecord) throws {
        _ = firstNodeId(r.graphIndex)
        let p = r.counts
        try insertMark.runRow(snapshotId, r.graphIndex, r.scope.rawValue, r.scopeKey, r.category, r.name, r.timestamp,
                              p.updateCount, p.changeCount, p.updateTotal, p.changedTotal)
    }

    func graph(_ r: GraphRecord) throws {
        let base = firstNodeId(r.graphIndex)
        nextNodeId = base + Int64(r.nodeCount)
        try insertGraph.runRow(snapshotId, r.graphIndex, r.graphId, r.updateCount, r.changeCount, r.transactionCount,
                               r.updateTotal, r.changedTotal, r.counters.isEmpty ? nil : Self.json(r.counters), base,
                               r.nodeCount, r.edgeCount)
        graphCount += 1
    }

    func subgraphLink(_ r: SubgraphLinkRecord) throws {
        try insertLink.runRow(snapshotId, r.parentGraphIndex, r.parentSubgraphId, r.childGraphIndex, r.childSubgraphId)
    }

    func archive(_ r: ArchiveSummaryRecord) throws {
        try setSummary.runRow(snapshotId, r.version, r.counterBytes, r.counterMaxBytes)
    }

    /// Starts working out the debug tree's names of nodes (`TreeNaming.rows`) on a thread of
    /// its own, once the last record is stored: the connection builds the indexes meanwhile,
    /// and `writeTreeNames` waits for the result.
    func nameViewsInBackground() {
        guard !naming.isEmpty, namedInBackground == nil else { return }
        // Handed over, not shared: `rows` updates the entries in place, and a second reference
        // to them would have it copy them first (4 MB at 3M nodes).
        let work = Handoff(naming)
        naming = TreeNaming(firstNodeId: nextNodeId)
        namedInBackground = BackgroundWork(name: "agtrace-naming") {
            var naming = work.take()
            return naming.rows()
        }
    }

    private var namedInBackground: BackgroundWork<TreeNaming.Rows>?

    /// Writes `tree_views`: the name `TreeNaming` chose for each node row (`TreeNaming.write`).
    /// After the nodes are written; an import has started the naming already
    /// (`nameViewsInBackground`) and only waits here.
    func writeTreeNames() throws {
        nameViewsInBackground()
        guard let work = namedInBackground else { return }
        namedInBackground = nil
        try TreeNaming.write(work.wait(), snapshotId: snapshotId, in: db)
    }

    /// A flat `{"key": integer}` object with sorted keys.
    static func json(_ counters: [String: Int64]) -> String {
        "{" + counters.keys.sorted().map { "\(JSONText.quote($0)):\(counters[$0]!)" }.joined(separator: ",") + "}"
    }
}
