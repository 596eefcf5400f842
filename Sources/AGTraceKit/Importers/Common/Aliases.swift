/// Labels that name stored bytes a second time (`aliases`).
///
/// Importing bytes already stored as `L` under `--label X` stores nothing new (the bytes are
/// the same), but a pipeline that imports with `--label X` and then checks `--run X` must find
/// them: X becomes another name of L's run (snapshot, trace). Every lookup of a label
/// (`LabelLookup.resolve`) reads aliases too; `list` shows them beside their target; deleting
/// an alias removes only the name, deleting the target removes its aliases with it.
public enum Aliases {
    /// Makes `alias` another name of the `kind` labelled `target`. Refused when `alias` already
    /// names something else (other bytes): taking it over would make `check --run alias` read
    /// what the user did not import.
    static func add(_ alias: String, naming target: String, kind: String, path: String, in db: Database) throws {
        try db.writeTransaction {
            guard let targetId = try LabelLookup.resolve(target, kind: kind, in: db) else {
                throw InputError(path: path, message: "the \(kind) '\(target)' holding these bytes was deleted meanwhile; import again")
            }
            if let existing = try LabelLookup.resolve(alias, kind: kind, in: db) {
                if existing == targetId { return }
                throw InputError(path: path, message: "the label '\(alias)' is taken by another \(kind) (other bytes); these bytes are stored as '\(target)': use that label, or another one")
            }
            if try Labels.isTaken(alias, in: db) {
                throw InputError(path: path, message: "the label '\(alias)' is taken by something that is not a \(kind); these bytes are stored as '\(target)'")
            }
            try db.prepare("INSERT INTO aliases(label, kind, target_id) VALUES (?1, ?2, ?3)")
                .runRow(alias, kind, targetId)
        }
    }

    /// Removes an alias (not what it names). Returns whether `label` was one.
    static func remove(_ label: String, in db: Database) throws -> Bool {
        let existed = try db.scalar("SELECT 1 FROM aliases WHERE label = ?1", [.text(label)]) != nil
        if existed { try db.prepare("DELETE FROM aliases WHERE label = ?1").runRow(label) }
        return existed
    }

    /// Removes every alias of a deleted run, snapshot or trace.
    static func removeAll(naming id: Int64, kind: String, in db: Database) throws {
        try db.prepare("DELETE FROM aliases WHERE kind = ?1 AND target_id = ?2").runRow(kind, id)
    }
}
