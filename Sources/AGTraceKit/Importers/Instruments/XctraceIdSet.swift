/// The document ids the reader has seen complete (a `ref` must name one), in memory that grows
/// with the ids seen, never with the largest: ids below `denseIds` are a bit each in one array
/// (8 MB at most, exports number their values from 1); larger ones are kept in blocks of 65,536
/// ids, each a sorted list of 16-bit offsets while it holds few (2 bytes an id) and a bitmap of
/// 8 KB once it holds 4,096 or more. Twenty million ids from 2^26 up, which a set of integers
/// held in 434 MB, take 2.5 MB; the worst spread costs 2 bytes an id plus a block's header.
struct XctraceIdSet {
    static let denseIds = 1 << 26
    private static let blockBits = 16
    /// A block's list turns into a bitmap past this many ids (where both cost 8 KB).
    private static let listLimit = 4096

    private final class Block {
        var list: [UInt16] = []
        var bits: [UInt64]? = nil

        func contains(_ low: UInt16) -> Bool {
            if let bits { return bits[Int(low >> 6)] & (1 << UInt64(low & 63)) != 0 }
            // Ids come mostly in order: the last one first, then a binary search.
            if let last = list.last, last <= low { return last == low }
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid] < low { lo = mid + 1 } else { hi = mid }
            }
            return lo < list.count && list[lo] == low
        }

        func insert(_ low: UInt16) {
            if bits != nil { bits![Int(low >> 6)] |= 1 << UInt64(low & 63); return }
            if let last = list.last, last < low { list.append(low) } else {
                var lo = 0, hi = list.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if list[mid] < low { lo = mid + 1 } else { hi = mid }
                }
                if lo < list.count && list[lo] == low { return }
                list.insert(low, at: lo)
            }
            if list.count > XctraceIdSet.listLimit {
                var b = [UInt64](repeating: 0, count: 1024)
                for v in list { b[Int(v >> 6)] |= 1 << UInt64(v & 63) }
                bits = b
                list = []
            }
        }
    }

    private var dense: [UInt64] = []
    private var blocks: [Int: Block] = [:]

    func contains(_ id: Int) -> Bool {
        guard id < Self.denseIds else {
            guard let block = blocks[id >> Self.blockBits] else { return false }
            return block.contains(UInt16(truncatingIfNeeded: id))
        }
        let word = id >> 6
        return word < dense.count && dense[word] & (1 << UInt64(id & 63)) != 0
    }

    mutating func insert(_ id: Int) {
        guard id < Self.denseIds else {
            let key = id >> Self.blockBits
            let block: Block
            if let b = blocks[key] { block = b } else { block = Block(); blocks[key] = block }
            block.insert(UInt16(truncatingIfNeeded: id))
            return
        }
        let word = id >> 6
        if word >= dense.count { dense.append(contentsOf: repeatElement(0, count: word - dense.count + 1)) }
        dense[word] |= 1 << UInt64(id & 63)
    }

    mutating func removeAll() {
        dense.removeAll(keepingCapacity: true)
        blocks.removeAll()
    }
}
