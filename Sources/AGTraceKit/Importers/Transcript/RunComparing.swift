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
            let causes = try RunCauses.compute(in: db, run: runId, snapshot: snapshotId)
            guard causes.edgesKnown else {
                // Without edges no write's re-runs are known: refused, never shown as 0.
                throw CompareProblem(RunCauses.noEdgesHint(run: recording.label))
            }
            var rules: [Int64: String] = [:], views: [Int64: String] = [:]
            if let snapshotId {
                for r in try ReportRegistry.query("compare-run-names").rows(in: db, ["snapshot": .integer(snapshotId)]).rows {
                    guard let attribute = r[0].intValue else { continue }
                    rules[attribute] = r[1].stringValue
                    views[attribute] = r[2].stringValue
                }
            }
            var reran = [Int64](repeating: 0, count: causes.invalidations.count)
            var reranViews = [Set<String>](repeating: [], count: causes.invalidations.count)
            for update in causes.updates {
                for i in update.causes ?? [] {
                    reran[i] += 1
                    if let view = update.attribute.flatMap({ views[$0] }) { reranViews[i].insert(view) }
                }
            }
            return causes.invalidations.enumerated().map { i, write in
                let key: String
                switch (by, write.root) {
                case (_, nil): key = UpdateCounts.unknownAttributeKey
                case (.attribute, let root?): key = String(root)
                case (_, let root?): key = rules[root] ?? "(attribute \(root))"
                }
                return RecordedWrite(position: write.seq, attribute: write.root, key: key,
                                     view: write.root.flatMap { views[$0] }, reran: reran[i], changed: nil,
                                     views: reranViews[i].sorted())
            }
        })
}
