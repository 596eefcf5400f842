import Foundation

extension CompareHooks {
    /// A run's keys are its gate counts; its writes are its invalidate hits in order, each with
    /// the update hits its push walk explains (`RunCauses`: the edges of the run's add_input
    /// hits, or of the naming dump). An update explained by several writes counts under each.
    /// Rules and views come from the naming dump; without one a write is keyed by attribute.
    /// Whether a value changed is unknown (a hit shows no value).
    public static let run: CompareHooks = CompareHooks(
        keys: { recording, by, db in try CompareHooks.counted(MeasuredKind.run).keys(recording, by, db) },
        writes: { recording, by, db in
            let runId = try LabelLookup.runId(recording.label, in: db)
            let snapshotId = try recording.namingSnapshot.map { try LabelLookup.snapshotId($0, in: db) }
            var replay = try RunCauses.Replay(in: db, run: runId, snapshot: snapshotId)
            guard replay.edgesKnown else {
                // Without edges no write's re-runs are known: refused, never shown as 0.
                throw CompareProblem(RunCauses.noEdgesHint(run: recording.label))
            }
            var rules: [Int64: String] = [:], views: [Int64: Int] = [:], viewNames: [String] = []
            if let snapshotId {
                var viewIndex: [String: Int] = [:]
                for r in try ReportRegistry.query("compare-run-names").rows(in: db, ["snapshot": .integer(snapshotId)]).rows {
                    guard let attribute = r[0].intValue else { continue }
                    rules[attribute] = r[1].stringValue
                    if let view = r[2].stringValue {
                        if viewIndex[view] == nil {
                            viewIndex[view] = viewNames.count
                            viewNames.append(view)
                        }
                        views[attribute] = viewIndex[view]
                    }
                }
            }
            // Per write, the updates it caused and their views, counted as the replay finds them.
            var writes: [RunCauses.Invalidation] = []
            var reran: [Int64] = []
            var reranViews: [Set<Int>] = []
            try replay.run(onInvalidation: { writes.append($0) }, onCause: { cause in
                if reran.count <= cause.invalidation {
                    reran += repeatElement(0, count: cause.invalidation + 1 - reran.count)
                    reranViews += repeatElement([], count: cause.invalidation + 1 - reranViews.count)
                }
                reran[cause.invalidation] += 1
                if let view = views[cause.attribute] { reranViews[cause.invalidation].insert(view) }
            })
            return writes.enumerated().map { i, write in
                let key: String
                switch (by, write.root) {
                case (_, nil): key = UpdateCounts.unknownAttributeKey
                case (.attribute, let root?): key = String(root)
                case (_, let root?): key = rules[root] ?? "(attribute \(root))"
                }
                return RecordedWrite(position: write.seq, attribute: write.root, key: key,
                                     view: write.root.flatMap { views[$0].map { viewNames[$0] } }, reran: i < reran.count ? reran[i] : 0,
                                     changed: nil, views: i < reranViews.count ? reranViews[i].map { viewNames[$0] }.sorted() : [])
            }
        })
}
