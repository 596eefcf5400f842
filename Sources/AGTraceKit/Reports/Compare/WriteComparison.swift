/// One write of A matched to B's: the write of the same attribute's rule (or the same
/// attribute, by attribute) at the same position among that rule's writes, with the views
/// each re-ran. A write with no partner on the other side has nil there.
public struct WriteDifference: Equatable, Sendable {
    public var key: String
    public var view: String?
    /// Its position among the writes of its key, from 1.
    public var position: Int
    public var a: RecordedWrite?
    public var b: RecordedWrite?

    public var match: String { a == nil ? "only in B" : b == nil ? "only in A" : "matched" }
    /// The views one side re-ran and the other did not, in that side's order (the other's in
    /// a set: a write that re-ran thousands of views is not a search of thousands per view).
    public var onlyA: [String] { Self.missing(from: b?.views, a?.views) }
    public var onlyB: [String] { Self.missing(from: a?.views, b?.views) }

    private static func missing(from other: [String]?, _ views: [String]?) -> [String] {
        guard let views, !views.isEmpty else { return [] }
        let others = Set(other ?? [])
        return views.filter { !others.contains($0) }
    }
}

enum WriteComparison {
    /// A's writes in order, each with its partner in B; then B's writes with none.
    static func match(a: [RecordedWrite], b: [RecordedWrite]) -> [WriteDifference] {
        var bByKey: [String: [RecordedWrite]] = [:]
        for w in b { bByKey[w.key, default: []].append(w) }
        var seen: [String: Int] = [:]
        var rows: [WriteDifference] = []
        for w in a {
            let n = seen[w.key, default: 0]
            seen[w.key] = n + 1
            let partner = bByKey[w.key].flatMap { n < $0.count ? $0[n] : nil }
            rows.append(WriteDifference(key: w.key, view: w.view ?? partner?.view, position: n + 1, a: w, b: partner))
        }
        for (key, writes) in bByKey {
            for (n, w) in writes.enumerated() where n >= seen[key, default: 0] {
                rows.append(WriteDifference(key: key, view: w.view, position: n + 1, a: nil, b: w))
            }
        }
        // B's unmatched writes after A's, in B's order.
        let matched = rows.filter { $0.a != nil }
        let onlyB = rows.filter { $0.a == nil }.sorted { $0.b!.position < $1.b!.position }
        return matched + onlyB
    }
}
