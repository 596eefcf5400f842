/// Findings a console log shows: its `_printChanges` lines (wasted runs, identity churn, one
/// token re-running many views or one view again and again), its cycle reports and its
/// warnings of state written during an update. Positions are the log's line numbers.
struct ConsoleFindings {
    let id: Int64
    let label: String
    let db: Database
    let limits: FindingThresholds

    func findings() throws -> [Finding] {
        try views() + tokens() + warnings()
            + CycleFindings(kind: "console", owner: id, label: label, positionKind: "line", db: db).findings()
    }

    private func evidence(_ counts: [FindingCount], cause: String? = nil, lines: [Int64]) -> FindingEvidence {
        FindingEvidence(input: "console", label: label, counts: counts, cause: cause, positionKind: "line", positions: lines)
    }

    /// Wasted runs (`View: unchanged.`) and storage created anew after the view ran again.
    private func views() throws -> [Finding] {
        var found: [Finding] = []
        for row in try FindingRows.query("findings-console-views", in: db, ["console": .integer(id)]) {
            guard let view = row.text("view"), let runs = row.int("body_runs") else { continue }
            let unchanged = row.int("unchanged") ?? 0
            if unchanged >= limits.wastedRuns, Double(unchanged) >= limits.wastedShare * Double(runs) {
                found.append(Finding(kind: .wastedBodyRuns, view: view,
                                     message: "\(view)'s body ran \(plural(runs, "time")), \(unchanged) of them with nothing changed (`unchanged`)",
                                     evidence: evidence(.of(["body_runs": runs, "unchanged": unchanged]), lines: row.integers("unchanged_lines")),
                                     cost: FindingCost(seconds: nil, evaluations: unchanged)))
            }
            let recreated = row.int("recreated") ?? 0
            if recreated >= limits.identityRecreations {
                found.append(Finding(kind: .identityChurn, view: view,
                                     message: "\(view)'s storage was created anew (`@identity`) \(plural(recreated, "time")) after it had already run",
                                     evidence: evidence(.of(["body_runs": runs, "recreated": recreated]), cause: "@identity", lines: row.integers("recreated_lines")),
                                     cost: FindingCost(seconds: nil, evaluations: recreated)))
            }
        }
        return found
    }

    /// One token re-running many views (broad invalidation), and one view re-run again and
    /// again by an object's token alone (whole-object dependency). First appearances
    /// (`@identity`) are left out by the query.
    private func tokens() throws -> [Finding] {
        let rows = try FindingRows.query("findings-console-tokens", in: db, ["console": .integer(id)])
        var found: [Finding] = []
        for (token, group) in Dictionary(grouping: rows, by: { $0.text("token") ?? "" }).sorted(by: { $0.key < $1.key }) {
            let views = group.compactMap { $0.text("view") }.sorted()
            let reruns = group.reduce(Int64(0)) { $0 + ($1.int("reruns") ?? 0) }
            let lines = group.flatMap { $0.integers("lines") }
            if views.count >= limits.broadViews {
                found.append(Finding(kind: .broadInvalidation, view: nil,
                                     message: "`\(token)` re-ran \(views.count) views (\(views.joined(separator: ", "))), \(plural(reruns, "body run")) in all",
                                     evidence: evidence(.of(["views": Int64(views.count), "body_runs": reruns]), cause: token, lines: lines),
                                     cost: FindingCost(seconds: nil, evaluations: reruns), subject: token))
            }
            // Whole-object: one wrapper's storage (`_model`) shared by a few views, each re-run
            // again and again by it alone (no value of its own, @self, changed): an object every
            // change of which re-runs every view holding it. A @State is a view's own and is
            // not shared; @dependencies and key paths name what the body read, and are left out.
            let shared = group.filter { $0.text("kind") == "property" && ($0.int("without_self") ?? 0) >= limits.objectReruns }
            guard views.count < limits.broadViews, shared.count >= 2 else { continue }
            for row in shared {
                guard let view = row.text("view"), let count = row.int("without_self") else { continue }
                let others = views.filter { $0 != view }
                found.append(Finding(kind: .wholeObjectDependency, view: view,
                                     message: "\(view)'s body re-ran \(plural(count, "time")) because `\(token)` changed, with no value of its own changed; \(others.joined(separator: ", ")) re-ran on it too",
                                     evidence: evidence(.of(["reruns": count, "views": Int64(views.count)]), cause: token, lines: row.integers("lines")),
                                     cost: FindingCost(seconds: nil, evaluations: count), subject: token))
            }
        }
        return found
    }

    private func warnings() throws -> [Finding] {
        try FindingRows.query("findings-console-warnings", in: db, ["console": .integer(id)]).compactMap { row in
            guard let code = row.text("code"), let count = row.int("warnings") else { return nil }
            let text = code == "publishing-during-update" ? "Publishing changes from within view updates" : "Modifying state during view update"
            return Finding(kind: .stateModifiedDuringUpdate, view: nil,
                           message: "SwiftUI warned \(plural(count, "time")): \(text)",
                           evidence: evidence(.of(["warnings": count]), cause: code, lines: row.integers("lines")),
                           cost: FindingCost(seconds: nil, evaluations: count), subject: code)
        }
    }
}
