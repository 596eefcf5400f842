/// `check --max-warnings N`: SwiftUI's runtime warnings a console log holds
/// (`console_warnings`: `Modifying state during view update`, `Publishing changes from within
/// view updates`, `attempting to create attribute with no subgraph`), by kind. A cycle's trap
/// line is counted with the cycles, not here. More than N fail the check (exit 1).
public struct WarningTally: Equatable, Sendable {
    public var limit: Int
    /// Per warning code, in the order they first came: how many, and the first line.
    public var kinds: [(code: String, count: Int, firstLine: Int)]

    public init(limit: Int, kinds: [(code: String, count: Int, firstLine: Int)]) {
        self.limit = limit
        self.kinds = kinds
    }

    public var warnings: Int { kinds.reduce(0) { $0 + $1.count } }
    public var exceeded: Bool { warnings > limit }

    /// "3 SwiftUI warnings (modifying-state-during-update ×2 from line 11, …)"; "no SwiftUI warnings".
    public var summary: String {
        if warnings == 0 { return "no SwiftUI warnings" }
        let noun = warnings == 1 ? "1 SwiftUI warning" : "\(warnings) SwiftUI warnings"
        return noun + " (" + kinds.map { "\($0.code) ×\($0.count) from line \($0.firstLine)" }.joined(separator: ", ") + ")"
    }

    public static func == (a: WarningTally, b: WarningTally) -> Bool {
        a.limit == b.limit && a.kinds.elementsEqual(b.kinds) { $0 == $1 }
    }

    /// The warnings of the console labelled `label` in `db`.
    static func count(console label: String, limit: Int, in db: Database) throws -> WarningTally {
        guard let id = try LabelLookup.resolve(label, kind: StoredKind.console.noun, in: db) else {
            return WarningTally(limit: limit, kinds: [])
        }
        let rows = try db.rows("""
            SELECT code, count(*), min(position) FROM console_warnings
            WHERE console_id = ?1 AND code <> 'cycle-trap' GROUP BY code ORDER BY min(position)
            """, [.integer(id)])
        return WarningTally(limit: limit, kinds: rows.map { ($0[0].description, Int($0[1].intValue ?? 0), Int($0[2].intValue ?? 0)) })
    }
}

/// `check` with no baseline: a recording against `--max-cycles` and `--max-warnings` alone.
public struct RecordingLimits: Equatable, Sendable {
    /// The recordings read (the counted ones, then the log beside them).
    public var sources: [MeasuredSource]
    public var cycles: CycleTally?
    public var warnings: WarningTally?

    public var passed: Bool { !(cycles?.exceeded ?? false) && !(warnings?.exceeded ?? false) }

    /// "FAIL: 10 cycle reports (…), more than --max-cycles 0 allows" / "PASS: no cycle reports; no SwiftUI warnings".
    public var verdict: String {
        var failed: [String] = [], held: [String] = []
        if let cycles {
            if cycles.exceeded { failed.append("\(cycles.summary), more than --max-cycles \(cycles.limit) allows") } else { held.append(cycles.summary) }
        }
        if let warnings {
            if warnings.exceeded { failed.append("\(warnings.summary), more than --max-warnings \(warnings.limit) allows") } else { held.append(warnings.summary) }
        }
        return failed.isEmpty ? "PASS: " + held.joined(separator: "; ") : "FAIL: " + (failed + held).joined(separator: "; ")
    }
}
