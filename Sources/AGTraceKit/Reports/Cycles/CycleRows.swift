import Foundation

/// The chains as rows: one per frame, top first (one per chain without frames), the chain's
/// facts repeated on each so that csv and json rows stand alone.
public enum CycleRows {
    public static let columns = [
        "chain", "kind", "owner", "reports", "position", "through", "loop", "complete", "snapshot_names",
        "frame", "attribute", "in_loop", "count", "index", "flags", "rule", "view", "named_by", "reads", "edge",
    ]

    static func rows(_ outcome: CycleOutcome) -> ComputedRows {
        var rows: [[SQLValue]] = []
        for chain in outcome.chains {
            let first = chain.first
            let head: [SQLValue] = [
                .integer(Int64(chain.number)), .text(first.kind.rawValue), text(first.owner), .integer(Int64(chain.reportCount)),
                .integer(first.position), int(first.attribute), .text(chain.loop.rawValue), .integer(first.complete ? 1 : 0),
                outcome.snapshot != nil && !chain.frames.isEmpty ? .text(CycleSnapshotCheck.summary(chain)) : .null,
            ]
            if chain.frames.isEmpty {
                // A header only: N named as a frame would be, the stack's columns empty.
                let name = CycleNaming.name(first.throughNames)
                rows.append(head + [.null, int(first.attribute), .null, .null, .null, .null, text(name.rule), text(name.view),
                                    text(name.source?.rawValue), .null, .null])
                continue
            }
            for frame in chain.frames {
                let name = CycleNaming.name(frame.names)
                rows.append(head + [
                    text(frame.position), int(frame.attribute), chain.inLoop(frame).map { .integer($0 ? 1 : 0) } ?? .null,
                    int(frame.count), text(frame.index), text(frame.flags), text(name.rule), text(name.view),
                    text(name.source?.rawValue), int(chain.reads(frame)),
                    outcome.edge(chain: chain.number, ordinal: frame.ordinal).map { .integer($0 ? 1 : 0) } ?? .null,
                ])
            }
        }
        return ComputedRows(columns: columns, rows: rows)
    }

    private static func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
    private static func int(_ i: Int64?) -> SQLValue { i.map { .integer($0) } ?? .null }
}
