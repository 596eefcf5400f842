/// A doubt about an input that did not stop its import (a recording that ended early, lines
/// that could not be read, timestamps that time nothing): stored in `import_notes` with the
/// rows, in the same transaction, and printed by `import` from there.
public struct ImportNote: Equatable, Sendable {
    /// `warning` (every note so far).
    public var severity: String
    /// What kind of doubt, for queries: `unreadable-lines`, `recording-end`, `trace-cut`…
    public var code: String
    /// The sentence `import` prints after the label.
    public var message: String
    /// Where in the input, in the format's own unit (a transcript's line, a trace's event
    /// seq), or nil.
    public var position: Int?

    public init(severity: String = "warning", code: String, message: String, position: Int? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.position = position
    }

    /// How a transcript's recording ended, when not normally: `check` says it in words of its
    /// own, so `ImportedItem.warnings` leaves it out.
    public static let recordingEnd = "recording-end"
    /// The codes of notes that say how a recording ended (`RecordingEnding`'s own, a cut
    /// trace's, a cut export's): the import adds no second one.
    public static let endCodes: Set<String> = [recordingEnd, "trace-cut", "xctrace-cut", impossibleDuration]
    /// A duration that cannot be (negative, infinite, not a number): the recording's times
    /// cannot be trusted, so neither can it (`RecordingEnding`: not complete).
    public static let impossibleDuration = "impossible-duration"
}

/// The `import_notes` rows of one import.
enum ImportNotes {
    /// Stores `notes` for the `kind` row `ownerId` labelled `label`, then reads them back in
    /// their order: what `import` prints is what a query finds.
    static func store(_ notes: [ImportNote], kind: StoredKind, ownerId: Int64, label: String,
                      in db: Database) throws -> [ImportNote] {
        guard !notes.isEmpty else { return [] }
        let insert = try db.prepare("""
            INSERT INTO import_notes(kind, owner_id, label, severity, code, message, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        for note in notes {
            try insert.runRow(kind.noun, ownerId, label, note.severity, note.code, note.message, note.position)
        }
        return try read(kind: kind, ownerId: ownerId, in: db)
    }

    static func read(kind: StoredKind, ownerId: Int64, in db: Database) throws -> [ImportNote] {
        try db.rows("SELECT severity, code, message, position FROM import_notes WHERE kind = ?1 AND owner_id = ?2 ORDER BY id",
                    [.text(kind.noun), .integer(ownerId)]).map {
            ImportNote(severity: $0[0].description, code: $0[1].description, message: $0[2].description,
                       position: $0[3].intValue.map { Int($0) })
        }
    }

    /// Removes the notes of a deleted row.
    static func remove(kind: StoredKind, ownerId: Int64, in db: Database) throws {
        try db.prepare("DELETE FROM import_notes WHERE kind = ?1 AND owner_id = ?2").runRow(kind.noun, ownerId)
    }
}
