/// One edge in 24 bytes. While its graph's nodes are unknown, `src` and `dst` are node
/// indices; then they are resolved in place to attribute ids.
struct ResolvedEdge {
    var src, dst, graph, index, offset, flags: UInt32

    @inline(__always) static func < (a: ResolvedEdge, b: ResolvedEdge) -> Bool {
        let ka = UInt64(a.src) << 32 | UInt64(a.dst), kb = UInt64(b.src) << 32 | UInt64(b.dst)
        if ka != kb { return ka < kb }
        return (UInt64(a.graph) << 32 | UInt64(a.index)) < (UInt64(b.graph) << 32 | UInt64(b.index))
    }
}

/// The archive's edges, held until its end and delivered sorted by (src, dst, graph, index),
/// which lets the store append them to a table clustered that way.
///
/// At most `runCapacity` resolved edges are held in memory (6 MB), sorted in place; beyond
/// that, each full run is sorted and written to an unlinked temporary file (`EdgeRuns`), and
/// delivery merges the runs. Memory then stays flat whatever the archive's size: at 3M nodes
/// the edges alone were 110 MB, held whole. Edges read before their graph's nodes (Apple
/// writes `edges` before `nodes`) go to the file as read, unsorted, past the same capacity;
/// once the nodes are known they are read back a run at a time, resolved, sorted and written
/// again as runs.
public struct EdgeBuffer {
    /// 256k edges: a 3M-node archive's 4.5M edges make 18 runs, merged as fast as 9 runs of
    /// twice the size (paired runs), for 6 MB less.
    public static let runCapacity = 1 << 18

    private var edges: [ResolvedEdge] = []
    /// The held edges are sorted already (the last stretch `resolve` read back).
    private var heldSorted = false
    /// Edges from this index on still name nodes by index.
    private var unresolvedFrom: Int?
    private var runs: EdgeRuns?
    /// Unresolved edges written to the file as read: (first edge, count) in it.
    private var unresolvedInFile: [(start: Int, count: Int)] = []
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
        // Room for a whole run at once: grown by doubling, the old and the new storage would
        // both be resident while it copies (18 MB for a 12 MB run).
        if edges.capacity == 0 { edges.reserveCapacity(runCapacity) }
        edges.append(edge)
        heldSorted = false
        count += 1
        guard edges.count >= runCapacity else { return }
        if let start = unresolvedFrom {
            // Full of edges that still name nodes by index: the resolved ones before them
            // become a sorted run, these go to the file as they are.
            if runs == nil { runs = try EdgeRuns() }
            if start > 0 {
                edges.withUnsafeMutableBufferPointer { all in EdgeSort.sort(UnsafeMutableBufferPointer(rebasing: all[..<start])) }
                try edges.withUnsafeBufferPointer { try runs!.write(UnsafeBufferPointer(rebasing: $0[..<start])) }
            }
            try edges.withUnsafeBufferPointer { all in
                unresolvedInFile.append(try runs!.writeUnsorted(UnsafeBufferPointer(rebasing: all[start...])))
            }
            edges.removeAll(keepingCapacity: true)
            unresolvedFrom = 0
        } else {
            try spill()
        }
    }

    /// Turns node indices into attribute ids for the held edges (indices checked by the caller).
    mutating func resolve(attributes: PagedArray<UInt32>) throws {
        guard let start = unresolvedFrom else { return }
        unresolvedFrom = nil
        guard let runs, !unresolvedInFile.isEmpty else {
            edges.withUnsafeMutableBufferPointer { all in
                Self.resolve(UnsafeMutableBufferPointer(rebasing: all[start...]), attributes)
            }
            if edges.count >= runCapacity { try spill() }
            return
        }
        // The edges still held are resolved, sorted and written as a run first, so that their
        // storage can take each stretch read back: one buffer of `runCapacity` edges, never two
        // (at 3M nodes a second one and its copy were 25 MB more, with runs of 512k edges).
        if !edges.isEmpty {
            edges.withUnsafeMutableBufferPointer { all in
                Self.resolve(UnsafeMutableBufferPointer(rebasing: all[start...]), attributes)
                EdgeSort.sort(all)
            }
            try edges.withUnsafeBufferPointer { try runs.write($0) }
        }
        // Each stretch of the file is read back, resolved and sorted, and written again as a
        // run, except the last, which stays held, sorted, for `deliver` to merge: at 300k nodes
        // that spares writing 17 MB and reading 5 MB back while the writer waits for its first edge.
        edges.removeAll(keepingCapacity: true)
        for (k, extent) in unresolvedInFile.enumerated() {
            var done = 0
            while done < extent.count {
                let n = min(runCapacity, extent.count - done)
                try runs.read(start: extent.start + done * MemoryLayout<ResolvedEdge>.stride, count: n, into: &edges)
                edges.withUnsafeMutableBufferPointer { Self.resolve($0, attributes) }
                edges.withUnsafeMutableBufferPointer { EdgeSort.sort($0) }
                done += n
                if k == unresolvedInFile.count - 1 && done == extent.count {
                    heldSorted = true
                } else {
                    try edges.withUnsafeBufferPointer { try runs.write($0) }
                    edges.removeAll(keepingCapacity: true)
                }
            }
        }
        unresolvedInFile = []
    }

    private static func resolve(_ edges: UnsafeMutableBufferPointer<ResolvedEdge>, _ ids: PagedArray<UInt32>) {
        for i in edges.indices {
            edges[i].src = ids[Int(edges[i].src)]
            edges[i].dst = ids[Int(edges[i].dst)]
        }
    }

    private mutating func spill() throws {
        if runs == nil { runs = try EdgeRuns() }
        edges.withUnsafeMutableBufferPointer { EdgeSort.sort($0) }
        try edges.withUnsafeBufferPointer { try runs!.write($0) }
        edges.removeAll(keepingCapacity: true)
    }

    mutating func deliver<Sink: ArchiveSink>(into sink: inout Sink) throws {
        if !heldSorted { edges.withUnsafeMutableBufferPointer { EdgeSort.sort($0) } }
        if let runs {
            try runs.merge(with: edges) { e in try sink.edge(Self.record(e)) }
        } else {
            for e in edges { try sink.edge(Self.record(e)) }
        }
        edges = []
        heldSorted = false
        runs = nil
    }

    @inline(__always)
    private static func record(_ e: ResolvedEdge) -> EdgeRecord {
        EdgeRecord(graphIndex: Int(e.graph), edgeIndex: Int(e.index), srcAttribute: e.src, dstAttribute: e.dst,
                   offset: Int64(e.offset), flags: Int64(e.flags))
    }
}
