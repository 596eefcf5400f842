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
        if let id = try resolve(label, kind: "snapshot", in: db) {
            return id
        }
        if try resolve(label, kind: "run", in: db) != nil {
            throw ReportError("'\(label)' is a run, not a snapshot (see agtrace list)")
        }
        throw ReportError("no snapshot labelled '\(label)' (see agtrace list)")
    }

    public static func runId(_ label: String, in db: Database) throws -> Int64 {
        if let id = try resolve(label, kind: "run", in: db) {
            return id
        }
        if try resolve(label, kind: "snapshot", in: db) != nil {
            throw ReportError("'\(label)' is a snapshot, not a run (see agtrace list)")
        }
        throw ReportError("no run labelled '\(label)' (see agtrace list)")
    }

    public static func traceId(_ label: String, in db: Database) throws -> Int64 {
        if let id = try db.scalar("SELECT id FROM traces WHERE label = ?1", [.text(label)])?.intValue {
            return id
        }
        if try db.scalar("SELECT 1 FROM snapshots WHERE label = ?1", [.text(label)]) != nil {
            throw ReportError("'\(label)' is a snapshot, not a trace (see agtrace list)")
        }
        if try db.scalar("SELECT 1 FROM runs WHERE label = ?1", [.text(label)]) != nil {
            throw ReportError("'\(label)' is a run, not a trace (see agtrace list)")
        }
        throw ReportError("no trace labelled '\(label)' (see agtrace list)")
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
