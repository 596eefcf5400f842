/// Turns the labels users type into the ids the queries bind.
public enum LabelLookup {
    /// The id of the `kind` ("snapshot", "run", "trace") that `label` names: its own label, or
    /// an alias (`aliases`: the same bytes imported again under another label).
    public static func resolve(_ label: String, kind: String, in db: Database) throws -> Int64? {
        guard let stored = InputFormats.storedKind(noun: kind) else { return nil }
        return try resolve(label, kind: stored, in: db)
    }

    public static func resolve(_ label: String, kind: StoredKind, in db: Database) throws -> Int64? {
        guard try kind.isPresent(in: db) else { return nil }
        if let id = try kind.id(labelled: label, in: db) {
            return id
        }
        return try db.scalar("SELECT target_id FROM aliases WHERE label = ?1 AND kind = ?2", [.text(label), .text(kind.noun)])?.intValue
    }

    public static func snapshotId(_ label: String, in db: Database) throws -> Int64 {
        try id(of: label, kind: .snapshot, in: db)
    }

    public static func runId(_ label: String, in db: Database) throws -> Int64 {
        try id(of: label, kind: .run, in: db)
    }

    public static func traceId(_ label: String, in db: Database) throws -> Int64 {
        try id(of: label, kind: .trace, in: db)
    }

    /// The id of the `kind` `label` names; when it names none, the error says which other
    /// kind it names instead and which option takes it (`'T' is a trace, not a run: give it
    /// with --trace T`), else that it names nothing.
    public static func id(of label: String, kind: StoredKind, in db: Database) throws -> Int64 {
        if let id = try resolve(label, kind: kind, in: db) {
            return id
        }
        if let other = try otherStoredKind(of: label, not: kind, in: db) {
            throw ReportError("'\(label)' is a \(other.noun), not a \(kind.noun): give it with --\(other.option) \(label) (see agtrace list)")
        }
        throw ReportError("no \(kind.noun) labelled '\(label)'\(try suggestion(for: label, kind: kind, in: db)) (see agtrace list)")
    }

    /// " (did you mean 'feed-select'?)" when a label or alias of `kind` is within a few
    /// edits of `label` (the closest); "" otherwise.
    public static func suggestion(for label: String, kind: StoredKind, in db: Database) throws -> String {
        guard try kind.isPresent(in: db) else { return "" }
        let names = try db.rows("SELECT label FROM \(kind.table) UNION SELECT label FROM aliases WHERE kind = ?1", [.text(kind.noun)])
            .compactMap { $0[0].stringValue }
        let limit = max(2, label.count / 3)
        let best = names.map { ($0, Suggestion.distance($0, label)) }.filter { $0.1 <= limit }
            .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        return best.map { " (did you mean '\($0.0)'?)" } ?? ""
    }

    static func otherStoredKind(of label: String, not kind: StoredKind?, in db: Database) throws -> StoredKind? {
        for other in InputFormats.storedKinds where other != kind {
            if try resolve(label, kind: other, in: db) != nil { return other }
        }
        return nil
    }

    /// `123`, or `0x7b`.
    public static func attribute(_ text: String) -> Int64? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let value: Int64?
        if t.hasPrefix("0x") {
            value = Int64(t.dropFirst(2), radix: 16)
        } else {
            value = Int64(t)
        }
        guard let value, value >= 0, value <= Int64(UInt32.max) else { return nil }
        return value
    }
}

import Foundation
