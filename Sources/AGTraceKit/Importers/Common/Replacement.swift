/// What `import --replace` does to the label it replaces, inside the import's transaction:
/// the old snapshot, run or trace goes and its aliases are kept, naming the new one (the
/// import line says so); an alias replaced is only that name, the label it named keeps its
/// bytes. A label of another kind is refused: replacing a snapshot with a transcript would
/// turn `--snapshot L` into an error and `--run L` into something else without a word.
struct Replacement {
    /// Whether the label named anything.
    var replaced = false
    /// Other names of what was replaced, which name the new import once it is stored.
    var aliases: [String] = []
    /// The label was an alias of this one (unchanged).
    var aliasOf: String?

    static func prepare(_ label: String, kind: StoredKind, path: String, in db: Database) throws -> Replacement {
        func refuse(_ held: String) -> InputError {
            InputError(path: path, message: "--replace: '\(label)' names \(held), and this file holds a \(kind.noun): a replace keeps the kind, so nothing was imported (agtrace delete \(label) first, or choose another --label)")
        }
        for stored in try InputFormats.storedKinds(in: db) {
            guard let id = try stored.id(labelled: label, in: db) else { continue }
            guard stored == kind else { throw refuse("a \(stored.noun)") }
            let aliases = try db.rows("SELECT label FROM aliases WHERE kind = ?1 AND target_id = ?2 ORDER BY label", [.text(stored.noun), .integer(id)])
                .map { $0[0].description }
            _ = try SnapshotDeletion.deleteLabel(label, in: db)
            return Replacement(replaced: true, aliases: aliases)
        }
        guard let row = try db.rows("SELECT kind, target_id FROM aliases WHERE label = ?1", [.text(label)]).first else {
            return Replacement()
        }
        let noun = row[0].description
        let target = try Labels.target(ofAlias: row, in: db)
        guard noun == kind.noun else { throw refuse("a \(noun) (it is an alias of \(noun) '\(target)')") }
        _ = try Aliases.remove(label, in: db)
        return Replacement(replaced: true, aliasOf: target)
    }

    /// Points the kept aliases at the import now stored as `label`.
    func finish(label: String, kind: StoredKind, in db: Database) throws {
        guard !aliases.isEmpty, let id = try LabelLookup.resolve(label, kind: kind, in: db) else { return }
        let insert = try db.prepare("INSERT INTO aliases(label, kind, target_id) VALUES (?1, ?2, ?3)")
        for alias in aliases { try insert.runRow(alias, kind.noun, id) }
    }
}
