/// A node record as it crosses from the reader's thread to the writer's: its texts are bytes
/// in a `TextBlock` rather than `String`s, so the record is plain data. The writer copies,
/// keeps and drops it without retaining, releasing or freeing anything per node, and binds
/// the texts straight from the block.
struct PackedNode: @unchecked Sendable {
    var graphIndex: Int
    var nodeIndex: Int
    var attribute: UInt32
    var typeIndex: Int
    var description: TextRef
    var value: TextRef
    var flags: Int64?
    var subgraphFlags: Int64?
    var profile: ProfileCounts
}

/// UTF-8 bytes in a `TextBlock`, or no text (NULL). Sendable by hand: the block is handed
/// to the writer ahead of the nodes that point into it and is not written to after they go.
struct TextRef: @unchecked Sendable {
    var start: UnsafePointer<UInt8>?
    var count: Int

    static let none = TextRef(start: nil, count: 0)

    var bytes: UnsafeBufferPointer<UInt8>? { start.map { UnsafeBufferPointer(start: $0, count: count) } }
}

/// The texts of a run of node records (those of one multi-row insert): copied in by the
/// reader, read by the writer, freed with the block once its rows are stored. Bytes never
/// move once copied (a full chunk is followed by a new one), so a `TextRef` stays valid for
/// the block's life. One block per statement's worth of nodes: a few allocations per 128
/// nodes instead of one per text, freed on the writer's thread in one go.
final class TextBlock: @unchecked Sendable {
    private var chunks: [UnsafeMutablePointer<UInt8>] = []
    private var chunkEnd: UnsafeMutablePointer<UInt8>?
    private var next: UnsafeMutablePointer<UInt8>?
    static let chunkSize = 16 * 1024
    /// Bytes copied in so far.
    private(set) var byteCount = 0

    deinit { for c in chunks { c.deallocate() } }

    /// A copy of `text`'s UTF-8 in this block.
    func add(_ text: String?) -> TextRef {
        guard var text else { return .none }
        return text.withUTF8 { add($0) }
    }

    func add(_ utf8: UnsafeBufferPointer<UInt8>) -> TextRef {
        let n = utf8.count
        if next == nil || chunkEnd! - next! < n {
            let size = max(Self.chunkSize, n)
            let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            chunks.append(chunk)
            next = chunk
            chunkEnd = chunk + size
        }
        let start = next!
        if let base = utf8.baseAddress { start.update(from: base, count: n) }
        next = start + n
        byteCount += n
        return TextRef(start: UnsafePointer(start), count: n)
    }
}

/// Which block the next node's texts go into: a new one every statement's worth of nodes
/// (`ArchiveStore.nodesPerStatement`), so each is freed once its rows are stored.
struct NodeTextBlocks {
    private var current: TextBlock?
    private var nodes = 0

    /// The block for the next node; `started` is given a new block before it is returned.
    mutating func next(started: (TextBlock) throws -> Void) rethrows -> TextBlock {
        // A new block after a statement's worth of nodes, or sooner once the block holds
        // `textBudget` bytes (the store writes its nodes then too): long texts are freed in
        // bounded amounts, not 128 nodes' worth at a time.
        if current == nil || nodes == ArchiveStore.nodesPerStatement || current!.byteCount >= ArchiveStore.textBudget {
            let block = TextBlock()
            current = block
            nodes = 0
            try started(block)
        }
        nodes += 1
        return current!
    }
}

extension PackedNode {
    /// `r` with its texts copied into `block`.
    init(_ r: NodeRecord, texts block: TextBlock) {
        self.init(graphIndex: r.graphIndex, nodeIndex: r.nodeIndex, attribute: r.attribute, typeIndex: r.typeIndex,
                  description: block.add(r.description), value: block.add(r.value), flags: r.flags,
                  subgraphFlags: r.subgraphFlags, profile: r.profile)
    }
}
