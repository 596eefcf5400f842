/// The named values and listed nodes of the debug-tree entries held back for one statement,
/// as the JSON arrays `tree_items` keeps them in (`values_json`: `[key, node id, offset]` per
/// value; `nodes_json`: node ids), written into one buffer the rows' texts are bound from
/// (no string per entry: 100k entries' lists cost the writer thread 3% of a flat-tree
/// import as strings). The views `tree_item_values` and `tree_item_nodes` read them with
/// `json_each`.
///
/// The reader gives an entry's values, then its nodes, right after the entry: each goes onto
/// the end of the buffer. Anything else (`value` or `node` return false) is left to the
/// caller, which writes the held-back rows and adds it to its entry's row.
struct TreeEntryLists {
    private(set) var bytes: [UInt8] = []
    /// Per entry, where its lists are in `bytes` (an empty range: none).
    private var ranges: [(values: Range<Int>, nodes: Range<Int>)] = []

    mutating func startEntry() {
        ranges.append((bytes.count..<bytes.count, bytes.count..<bytes.count))
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
    }

    /// Adds a value to the last entry's list, if that list can still grow at the buffer's end.
    mutating func value(key: String, nodeId: Int64?, offset: Int64?) -> Bool {
        guard let k = ranges.indices.last, let start = open(ranges[k].values) else { return false }
        Self.appendValue(key: key, nodeId: nodeId, offset: offset, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
        ranges[k].values = start..<bytes.count
        return true
    }

    /// Adds a node to the last entry's list, if that list can still grow at the buffer's end.
    mutating func node(_ id: Int64) -> Bool {
        guard let k = ranges.indices.last, let start = open(ranges[k].nodes) else { return false }
        bytes.appendDecimal(id)
        bytes.append(UInt8(ascii: "]"))
        ranges[k].nodes = start..<bytes.count
        return true
    }

    /// Opens `list` for one more element: its start, with `bytes` ready for the element.
    private mutating func open(_ list: Range<Int>) -> Int? {
        if list.isEmpty {
            // A new list goes at the end (after the entry's other list, if that came first).
            bytes.append(UInt8(ascii: "["))
            return bytes.count - 1
        }
        guard list.upperBound == bytes.count else { return nil }
        bytes[bytes.count - 1] = UInt8(ascii: ",")  // its closing bracket
        return list.lowerBound
    }

    /// Entry `k`'s lists in `text` (the buffer `bytes` gives), nil for none.
    func lists(_ k: Int, in text: UnsafeBufferPointer<UInt8>) -> (values: UnsafeBufferPointer<UInt8>?, nodes: UnsafeBufferPointer<UInt8>?) {
        func slice(_ r: Range<Int>) -> UnsafeBufferPointer<UInt8>? { r.isEmpty ? nil : UnsafeBufferPointer(rebasing: text[r]) }
        return (slice(ranges[k].values), slice(ranges[k].nodes))
    }

    /// One value as the element `value` appends, for an entry whose row is already written.
    static func valueJSON(key: String, nodeId: Int64?, offset: Int64?) -> String {
        var bytes: [UInt8] = []
        appendValue(key: key, nodeId: nodeId, offset: offset, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendValue(key: String, nodeId: Int64?, offset: Int64?, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        JSONText.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        if let nodeId { bytes.appendDecimal(nodeId) } else { bytes.append(contentsOf: "null".utf8) }
        bytes.append(UInt8(ascii: ","))
        if let offset { bytes.appendDecimal(offset) } else { bytes.append(contentsOf: "null".utf8) }
        bytes.append(UInt8(ascii: "]"))
    }
}
