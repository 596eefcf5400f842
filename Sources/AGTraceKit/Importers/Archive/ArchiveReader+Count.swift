/// The archive reader alone, for the benchmark's reader-only row: bytes -> records with a sink
/// that only counts them, no store. It opens the file the way an import does (gzip detected by
/// its magic) and reads it with the same `ArchiveReader`, so its speed is the parser's.
public enum ArchiveRecordCount {
    /// Reads the whole archive at `path`; `records` is every record the reader delivered,
    /// `bytes` the bytes read from the file (compressed bytes for gzip).
    public static func count(path: String) throws -> (records: Int, bytes: Int) {
        let file = try FileSource(path: path)
        let peeking = PeekingSource(file)
        let source = try Compressions.decoded(peeking, path: path).source
        var sink = CountingSink()
        try ArchiveReader(source: source, path: path).read(into: &sink)
        return (sink.records, file.bytesConsumed)
    }

    private struct CountingSink: ArchiveSink {
        var records = 0
        mutating func type(_ record: TypeRecord) throws { records += 1 }
        mutating func node(_ record: NodeRecord) throws { records += 1 }
        mutating func edge(_ record: EdgeRecord) throws { records += 1 }
        mutating func subgraph(_ record: SubgraphRecord) throws { records += 1 }
        mutating func subgraphMembers(graphIndex: Int, subgraphId: Int64?, nodeIndices: ClosedRange<Int>) throws { records += 1 }
        mutating func tree(_ record: TreeRecord) throws { records += 1 }
        mutating func treeParent(graphIndex: Int, treeIndex: Int, parentTreeIndex: Int) throws { records += 1 }
        mutating func treeValue(_ record: TreeValueRecord) throws { records += 1 }
        mutating func treeNode(_ record: TreeNodeRecord) throws { records += 1 }
        mutating func profileEvent(_ record: ProfileEventRecord) throws { records += 1 }
        mutating func profileMark(_ record: ProfileMarkRecord) throws { records += 1 }
        mutating func graph(_ record: GraphRecord) throws { records += 1 }
        mutating func subgraphLink(_ record: SubgraphLinkRecord) throws { records += 1 }
        mutating func archive(_ record: ArchiveSummaryRecord) throws { records += 1 }
    }
}
