/// One edge in 24 bytes. While its graph's nodes are unknown, `src` and `dst` are node
/// indices; then they are resolved in place to attribute ids.
struct ResolvedEdge {
    var src: UInt32
    var dst: UInt32
    var graph: UInt32
    var index: UInt32
    var offset: UInt32
    var flags: UInt32

    @inline(__always) static func < (a: ResolvedEdge, b: ResolvedEdge) -> Bool {
        let ka = UInt64(a.src) << 32 | UInt64(a.dst), kb = UInt64(b.src) << 32 | UInt64(b.dst)
        if ka != kb { return ka < kb }
        return (UInt64(a.graph) << 32 | UInt64(a.index)) < (UInt64(b.graph) << 32 | UInt64(b.index))
    }
}

/// The archive's edges, held until its end and delivered sorted by (src, dst, graph, index),
/// which lets the store append them to a table clustered that way.
///
/// At most `runCapacity` resolved edges are held in memory (12 MB), sorted in place; beyond
/// that, each full run is sorted and written to an unlinked temporary file (`EdgeRuns`), and
/// delivery merges the runs. Memory then stays flat whatever the archive's size: at 3M nodes
/// the edges alone were 110 MB, held whole. Edges read before their graph's nodes (keys in
/// another order) wait in memory, unresolved, until the nodes are known.
public struct EdgeBuffer {
    public static let runCapacity = 1 << 19

    private var edges: [ResolvedEdge] = []
    /// Edges from this index on still name nodes by index.
    private var unresolvedFrom: Int?
    private var runs: EdgeRuns?
    private let runCapacity: Int

    /// Every edge appended.
    private(set) var count = 0

    init(runCapacity: Int = EdgeBuffer.runCapacity) {
        self.runCapacity = max(1, runCapacity)
    }

    /// The edges appended from now on name nodes by index, until `resolve`.
    mutating func holdUnresolved() {
        if unresolvedFrom == nil { unresolvedFrom = edges.count }
    }

    mutating func append(_ edge: ResolvedEdge) throws {
        edges.append(edge)
        count += 1
        if unresolvedFrom == nil && edges.count >= runCapacity { try spill() }
    }

    /// Turns node indices into attribute ids for the held edges (indices checked by the caller).
    mutating func resolve(attributes: [UInt32]) throws {
        guard let start = unresolvedFrom else { return }
        attributes.withUnsafeBufferPointer { ids in
            edges.withUnsafeMutableBufferPointer { all in
                for i in start..<all.count {
                    all[i].src = ids[Int(all[i].src)]
                    all[i].dst = ids[Int(all[i].dst)]
                }
            }
        }
        unresolvedFrom = nil
        if edges.count >= runCapacity { try spill() }
    }

    private mutating func spill() throws {
        if runs == nil { runs = try EdgeRuns() }
        edges.withUnsafeMutableBufferPointer { EdgeSort.sort($0) }
        try edges.withUnsafeBufferPointer { try runs!.write($0) }
        edges.removeAll(keepingCapacity: true)
    }

    mutating func deliver<Sink: ArchiveSink>(into sink: inout Sink) throws {
        edges.withUnsafeMutableBufferPointer { EdgeSort.sort($0) }
        if let runs {
            try runs.merge(with: edges) { e in try sink.edge(Self.record(e)) }
        } else {
            for e in edges { try sink.edge(Self.record(e)) }
        }
        edges = []
        runs = nil
    }

    @inline(__always)
    private static func record(_ e: ResolvedEdge) -> EdgeRecord {
        EdgeRecord(graphIndex: Int(e.graph), edgeIndex: Int(e.index), srcAttribute: e.src, dstAttribute: e.dst,
                   offset: Int64(e.offset), flags: Int64(e.flags))
    }
}
