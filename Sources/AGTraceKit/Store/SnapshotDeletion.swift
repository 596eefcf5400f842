/// Removes a snapshot, a run or a trace (any stored kind: `StoredKind.deletion`) and every
/// row that belongs to it, its aliases and import notes too (inside the caller's transaction).
enum SnapshotDeletion {
    /// Deletes what `label` names (its own label, or an alias: then only that name); true if
    /// there was something.
    static func deleteLabel(_ label: String, in db: Database) throws -> Bool {
        // An alias names what another label stores: deleting it removes the name only.
        if try Aliases.remove(label, in: db) { return true }
        var deleted = false
        for kind in try InputFormats.storedKinds(in: db) {
            guard let id = try kind.id(labelled: label, in: db) else { continue }
            try DatabaseOpener.refuseDamaged(tables: kind.writtenTables, in: db)
            for sql in kind.deletion + ["DELETE FROM \(kind.table) WHERE id = ?1"] {
                try db.prepare(sql).runRow(id)
            }
            try Aliases.removeAll(naming: id, kind: kind.noun, in: db)
            try ImportNotes.remove(kind: kind, ownerId: id, in: db)
            deleted = true
        }
        return deleted
    }
}
