import Foundation

/// What the CI gate (`check --max-cycles N`) needs of one recording or console: how many cycle
/// reports it holds and the views their chains run through, named by the recording's own
/// sources (the trace's types, the recorder's names, the digraph's labels) and, when given, a
/// dump taken at the cycle first.
public struct CycleCount: Equatable, Sendable {
    /// Cycle reports (`cycles` rows), every repeat counted.
    public var reports: Int
    /// One per chain: N, how many reports, the views of its loop (or of its frames when open).
    public var chains: [(attribute: Int64?, reports: Int, views: [String])]
    /// Every chain's views, distinct, in the order the chains came.
    public var views: [String] {
        var seen: Set<String> = []
        return chains.flatMap(\.views).filter { seen.insert($0).inserted }
    }

    public static func == (a: CycleCount, b: CycleCount) -> Bool {
        a.reports == b.reports && a.chains.elementsEqual(b.chains) { $0.attribute == $1.attribute && $0.reports == $1.reports && $0.views == $1.views }
    }
}

public enum CycleCounts {
    /// The cycle reports of one stored owner (a console, a trace or a run, by its row id);
    /// `snapshot` (a snapshot's id) names the frames before the owner's own sources do.
    public static func count(in db: Database, kind: CycleOwnerKind, owner: Int64, snapshot: Int64? = nil) throws -> CycleCount {
        let chains = try CycleChains.read(in: db, owners: [(kind, owner)], snapshot: snapshot)
        return CycleCount(reports: chains.reduce(0) { $0 + $1.reportCount },
                          chains: chains.map { ($0.attribute, $0.reportCount, $0.views) })
    }
}
