/// Findings a profiled dump shows: each body node's profile counts its updates and those that
/// changed the value, so updates minus changes are body runs that produced the same value.
/// A dump without profile data shows none (unknown, not clean: the runner says so).
struct SnapshotFindings {
    let id: Int64
    let label: String
    let db: Database
    let limits: FindingThresholds

    func findings() throws -> [Finding] {
        try FindingRows.query("findings-snapshot-bodies", in: db, ["snapshot": .integer(id)]).compactMap { row in
            guard let view = row.text("view"), let updates = row.int("updates"), let changes = row.int("changes") else { return nil }
            let wasted = updates - changes
            guard wasted >= limits.wastedRuns, Double(wasted) >= limits.wastedShare * Double(updates) else { return nil }
            // A dump's seconds include the rules nested in each update: the wasted share of
            // them is update_total - changed_total.
            let seconds = row.double("update_seconds").flatMap { u in row.double("changed_seconds").map { max(0, u - $0) } }
            return Finding(kind: .wastedBodyRuns, view: view, attributes: row.integers("attributes"),
                           message: "\(view)'s body updated \(plural(updates, "time")) and changed its value \(plural(changes, "time")): \(wasted) produced the same value",
                           evidence: FindingEvidence(input: "snapshot", label: label, counts: .of(["updates": updates, "changes": changes, "unchanged": wasted]),
                                                     positionKind: "attribute", positions: row.integers("attributes")),
                           cost: FindingCost(seconds: seconds, evaluations: wasted))
        }
    }

    /// Whether the dump holds any profile data (without it nothing above can be known).
    static func isProfiled(_ id: Int64, in db: Database) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM graphs WHERE snapshot_id = ?1 AND update_count IS NOT NULL)", [.integer(id)])?.intValue == 1
            || db.scalar("SELECT EXISTS (SELECT 1 FROM node_rows WHERE snapshot_id = ?1 AND update_count IS NOT NULL)", [.integer(id)])?.intValue == 1
    }
}

/// Findings an Instruments recording shows: its view body updates' own time (slow bodies, by
/// Instruments' own 500 µs / 1 ms marks) and the views whose updates fill its hitches
/// (the `hitches` report's rows). Positions are rows of the swiftui-updates or hitches table.
struct XctraceFindings {
    let id: Int64
    let label: String
    let db: Database
    let limits: FindingThresholds

    func findings() throws -> [Finding] {
        try bodies() + hitches()
    }

    private func bodies() throws -> [Finding] {
        let rows = try FindingRows.query("findings-xctrace-bodies", in: db, ["xctrace": .integer(id),
                                                                             "slow_ns": .integer(Int64(limits.slowBodySeconds * 1e9)),
                                                                             "very_slow_ns": .integer(Int64(limits.verySlowBodySeconds * 1e9))])
        return rows.compactMap { row in
            guard let view = row.text("view"), let slow = row.int("slow"), slow > 0 else { return nil }
            let veryslow = row.int("very_slow") ?? 0
            return Finding(kind: .slowBody, severity: veryslow > 0 ? .error : .warning, view: view,
                           message: "\(view)'s body update took over \(spokenSeconds(limits.slowBodySeconds)) \(plural(slow, "time")) (\(veryslow) over \(spokenSeconds(limits.verySlowBodySeconds))); longest \(spokenSeconds(row.double("longest") ?? 0))",
                           evidence: FindingEvidence(input: "recording", label: label, counts: .of(["updates": row.int("updates"), "slow": slow, "very_slow": veryslow]),
                                                     positionKind: "row", positions: row.integers("slow_positions")),
                           cost: FindingCost(seconds: row.double("seconds"), evaluations: slow))
        }
    }

    /// Per view, the hitches whose window its updates fill by at least `hitchShare`.
    private func hitches() throws -> [Finding] {
        guard let file = ReportRegistry.files.first(where: { $0.fileName == "xctrace-hitches.sql" }) else { return [] }
        let result = try file.rows(in: db, ["xctrace": .integer(id), "app_only": .null])
        let column = Dictionary(uniqueKeysWithValues: result.columns.enumerated().map { ($1, $0) })
        func value(_ row: [SQLValue], _ name: String) -> SQLValue { column[name].map { row[$0] } ?? .null }
        var byView: [String: [(position: Int64, share: Double, inside: Double?, updates: Int64)]] = [:]
        for row in result.rows where value(row, "kind").stringValue == "hitch" {
            guard let view = value(row, "view").stringValue, let share = value(row, "share").doubleValue, share >= limits.hitchShare else { continue }
            byView[view, default: []].append((value(row, "position").intValue ?? 0, share, value(row, "inside_seconds").doubleValue,
                                              value(row, "updates").intValue ?? 0))
        }
        return byView.sorted { $0.key < $1.key }.map { view, hits in
            let worst = hits.map(\.share).max() ?? 0
            let inside = hits.allSatisfy { $0.inside != nil } ? hits.reduce(0.0) { $0 + ($1.inside ?? 0) } : nil
            return Finding(kind: .updateInHitch, view: view,
                           message: "\(view)'s updates filled \(Int((worst * 100).rounded()))% of a hitch's time at worst, in \(plural(Int64(hits.count), "hitch", "hitches"))",
                           evidence: FindingEvidence(input: "recording", label: label,
                                                     counts: .of(["hitches": Int64(hits.count), "updates": hits.reduce(Int64(0)) { $0 + $1.updates },
                                                                  "worst_share_percent": Int64((worst * 100).rounded())]),
                                                     positionKind: "row", positions: hits.map(\.position)),
                           cost: FindingCost(seconds: inside, evaluations: hits.reduce(Int64(0)) { $0 + $1.updates }))
        }
    }
}
