/// The records an archive is read into. Attributes are ids (never array indices) except where a
/// field says `nodeIndex`: the debug-view tree refers to nodes by index and is resolved in SQL.

/// The four numbers of an AttributeGraph `Profile` object; nil where the key was absent.
public struct ProfileCounts: Equatable, Sendable {
    public var updateCount: Int64?
    public var changeCount: Int64?
    public var updateTotal: Double?
    public var changedTotal: Double?
    public init(updateCount: Int64? = nil, changeCount: Int64? = nil, updateTotal: Double? = nil, changedTotal: Double? = nil) {
        self.updateCount = updateCount
        self.changeCount = changeCount
        self.updateTotal = updateTotal
        self.changedTotal = changedTotal
    }
    public var isEmpty: Bool { updateCount == nil && changeCount == nil && updateTotal == nil && changedTotal == nil }
}

/// Where a profile object was found.
public enum ProfileScope: String, Sendable {
    case graph, type, node
}

public struct ArchiveSummaryRecord: Equatable, Sendable {
    public var version: Int64?
    public var counterBytes: Int64?
    public var counterMaxBytes: Int64?
    public var graphCount: Int
}

public struct GraphRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var graphId: Int64?
    public var updateCount: Int64?
    public var changeCount: Int64?
    public var transactionCount: Int64?
    /// The graph's profile totals (present only when profiling was on).
    public var updateTotal: Double?
    public var changedTotal: Double?
    /// Newer OS versions: `counters` object, by key (nodes, created_nodes, …).
    public var counters: [String: Int64] = [:]
    public var typeCount = 0
    public var nodeCount = 0
    public var edgeCount = 0
    public var subgraphCount = 0
    public var treeCount = 0
}

public struct TypeRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var typeIndex: Int
    public var typeId: Int64?
    public var name: String?
    public var valueType: String?
    public var size: Int64?
    public var flags: Int64?
    public var profile = ProfileCounts()
}

public struct NodeRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var nodeIndex: Int
    public var attribute: UInt32
    public var typeIndex: Int
    public var description: String?
    public var value: String?
    public var flags: Int64?
    public var subgraphFlags: Int64?
    public var profile = ProfileCounts()
}

public struct EdgeRecord: Equatable, Sendable {
    public var graphIndex: Int
    /// Position in the graph's `edges` array.
    public var edgeIndex: Int
    public var srcAttribute: UInt32
    public var dstAttribute: UInt32
    public var offset: Int64?
    public var flags: Int64?
}

public struct SubgraphRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var subgraphIndex: Int
    public var subgraphId: Int64?
    public var contextId: Int64?
    public var invalid: Bool
}

/// One parent -> child link between subgraphs, ids resolved, possibly across graphs.
public struct SubgraphLinkRecord: Hashable, Sendable {
    public var parentGraphIndex: Int
    public var parentSubgraphId: Int64?
    public var childGraphIndex: Int
    public var childSubgraphId: Int64?
}

public struct TreeRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var treeIndex: Int
    public var parentTreeIndex: Int?
    public var nodeIndex: Int?
    public var offset: Int64?
    public var description: String?
    public var flags: Int64?
    public var isRoot: Bool
    /// The node that created the entry (`creator`, a node index), when the archive says.
    public var creatorNodeIndex: Int? = nil
}

public struct TreeValueRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var treeIndex: Int
    public var key: String
    public var nodeIndex: Int?
    public var offset: Int64?
}

public struct TreeNodeRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var treeIndex: Int
    public var nodeIndex: Int
}

/// A named `events` category of a profile (graph, type or node scope).
public struct ProfileEventRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var scope: ProfileScope
    /// Type index for type scope, attribute for node scope, nil for graph scope.
    public var scopeKey: Int64?
    public var category: String
    public var counts: ProfileCounts
}

/// One entry of a profile's `marks` array.
public struct ProfileMarkRecord: Equatable, Sendable {
    public var graphIndex: Int
    public var scope: ProfileScope
    public var scopeKey: Int64?
    /// The events category the mark belongs to, nil for the scope's own profile.
    public var category: String?
    public var name: String?
    public var timestamp: Double?
    public var counts: ProfileCounts
}

/// Receives an archive's records in document order, as the reader meets them.
///
/// Guarantees: a graph's records come together, its `graph` record last; `treeParent` only
/// after that tree's record. After the last graph: every edge of the archive, sorted by
/// (src attribute, dst attribute, graph index, edge index) so that a store can append them to
/// an index ordered that way; then the subgraph links; then `archive`.
public protocol ArchiveSink {
    mutating func type(_ record: TypeRecord) throws
    mutating func node(_ record: NodeRecord) throws
    mutating func edge(_ record: EdgeRecord) throws
    mutating func subgraph(_ record: SubgraphRecord) throws
    /// Nodes `nodeIndices` of a graph belong to subgraph `subgraphId`; may come before or after
    /// the node records themselves (indices are checked against the node count either way).
    mutating func subgraphMembers(graphIndex: Int, subgraphId: Int64?, nodeIndices: ClosedRange<Int>) throws
    mutating func tree(_ record: TreeRecord) throws
    /// Sets the parent of a tree delivered before its parent named it as a child.
    mutating func treeParent(graphIndex: Int, treeIndex: Int, parentTreeIndex: Int) throws
    mutating func treeValue(_ record: TreeValueRecord) throws
    mutating func treeNode(_ record: TreeNodeRecord) throws
    mutating func profileEvent(_ record: ProfileEventRecord) throws
    mutating func profileMark(_ record: ProfileMarkRecord) throws
    mutating func graph(_ record: GraphRecord) throws
    mutating func subgraphLink(_ record: SubgraphLinkRecord) throws
    mutating func archive(_ record: ArchiveSummaryRecord) throws
}
