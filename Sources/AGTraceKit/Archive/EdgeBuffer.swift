/// One edge with its attributes resolved, in 24 bytes: an archive's edges are held until its
/// end and delivered sorted, which lets the store append them to an index ordered by source.
struct ResolvedEdge {
    /// Marks an absent offset or flags value.
    static let absent = UInt32.max

    var src: UInt32
    var dst: UInt32
    var graph: UInt32
    var index: UInt32
    var offset: UInt32
    var flags: UInt32

    @inline(__always) var primaryKey: UInt64 { UInt64(src) << 32 | UInt64(dst) }
    @inline(__always) var secondaryKey: UInt64 { UInt64(graph) << 32 | UInt64(index) }
}

/// The archive's edges, in archive order until `deliver` sorts them.
struct EdgeBuffer {
    private(set) var edges: [ResolvedEdge] = []

    mutating func append(_ edge: ResolvedEdge) { edges.append(edge) }

    mutating func deliver<Sink: ArchiveSink>(into sink: inout Sink) throws {
        edges.sort { a, b in
            let ka = a.primaryKey, kb = b.primaryKey
            return ka != kb ? ka < kb : a.secondaryKey < b.secondaryKey
        }
        for e in edges {
            try sink.edge(EdgeRecord(graphIndex: Int(e.graph), edgeIndex: Int(e.index), srcAttribute: e.src, dstAttribute: e.dst,
                                     offset: e.offset == ResolvedEdge.absent ? nil : Int64(e.offset),
                                     flags: e.flags == ResolvedEdge.absent ? nil : Int64(e.flags)))
        }
        edges = []
    }
}
