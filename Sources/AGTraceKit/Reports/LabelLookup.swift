/// Turns the labels users type into the ids the queries bind.
public enum LabelLookup {
    /// The id of the `kind` ("snapshot", "run", "trace") that `label` names: its own label, or
    /// an alias (`aliases`: the same bytes imported again under another label).
    public static func resolve(_ label: String, kind: String, in db: Database) throws -> Int64? {
        let table = kind + "s"
        if let id = try db.scalar("SELECT id FROM \(table) WHERE label = ?1", [.text(label)])?.intValue {
            return id
        }
        return try db.scalar("SELECT target_id FROM aliases WHERE label = ?1 AND kind = ?2", [.text(label), .text(kind)])?.intValue
    }

    public static func snapshotId(_ label: String, in db: Database) throws -> Int64 {
        try id(of: label, kind: "snapshot", notOther: ["run"], in: db)
    }

    public static func runId(_ label: String, in db: Database) throws -> Int64 {
        try id(of: label, kind: "run", notOther: ["snapshot"], in: db)
    }

    public static func traceId(_ label: String, in db: Database) throws -> Int64 {
        try id(of: label, kind: "trace", notOther: ["snapshot", "run"], in: db)
    }

    /// The id of the `kind` `label` names; when it names none, the error says which of the
    /// kinds in `others` it names instead (the first that does), else that it names nothing.
    private static func id(of label: String, kind: String, notOther others: [String], in db: Database) throws -> Int64 {
        if let id = try resolve(label, kind: kind, in: db) {
            return id
        }
        for other in others {
            if try resolve(label, kind: other, in: db) != nil {
                throw ReportError("'\(label)' is a \(other), not a \(kind) (see agtrace list)")
            }
        }
        throw ReportError("no \(kind) labelled '\(label)' (see agtrace list)")
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
