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

    /// A note of a declared code: its severity is the code's.
    public init(_ code: ImportNoteCode, message: String, position: Int? = nil) {
        self.init(stored: code.severity.rawValue, code: code.code, message: message, position: position)
    }

    /// A note as `import_notes` holds it.
    init(stored severity: String, code: String, message: String, position: Int?) {
        self.severity = severity
        self.code = code
        self.message = message
        self.position = position
    }
}

/// The notes of one kind (one `code`) of one import, as a line: a log stuck in a loop cuts its
/// 2,000th report as it cut the first, and says so once, with how many and where the first
/// were. Every note stays a row of `import_notes`.
public struct ImportNoteGroup: Equatable, Sendable {
    /// The first note of the kind (its severity, code and sentence stand for the group's).
    public var first: ImportNote
    /// How many notes of this kind the import has.
    public var count: Int
    /// The positions of the first few (`ImportNoteGroup.shownPositions`), in order.
    public var positions: [Int]

    /// How many positions a line names.
    public static let shownPositions = 5

    /// The first note's sentence alone, or with how many more there are and where:
    /// "2000 cycle-report-cut notes (at 26, 70, 114, 158, 202, …); the first: …". `stored`:
    /// the notes are rows of a database that stays (`import`), and the line says so.
    public func sentence(stored: Bool = false) -> String {
        guard count > 1 else { return first.message }
        var where_: [String] = []
        if !positions.isEmpty {
            where_.append("at " + positions.map(String.init).joined(separator: ", ") + (count > positions.count ? ", …" : ""))
        }
        if stored { where_.append("all \(count) in import_notes") }
        let said = where_.isEmpty ? "" : " (" + where_.joined(separator: "; ") + ")"
        return "\(count) \(first.code) notes\(said); the first: \(first.message)"
    }

    /// The notes grouped by code, in the order each code first came.
    public static func groups(_ notes: [ImportNote]) -> [ImportNoteGroup] {
        var groups: [ImportNoteGroup] = []
        var place: [String: Int] = [:]
        for note in notes {
            if let i = place[note.code] {
                groups[i].count += 1
                if let p = note.position, groups[i].positions.count < shownPositions { groups[i].positions.append(p) }
            } else {
                place[note.code] = groups.count
                groups.append(ImportNoteGroup(first: note, count: 1, positions: note.position.map { [$0] } ?? []))
            }
        }
        return groups
    }
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
            ImportNote(stored: $0[0].description, code: $0[1].description, message: $0[2].description,
                       position: $0[3].intValue.map { Int($0) })
        }
    }

    /// Removes the notes of a deleted row.
    static func remove(kind: StoredKind, ownerId: Int64, in db: Database) throws {
        try db.prepare("DELETE FROM import_notes WHERE kind = ?1 AND owner_id = ?2").runRow(kind.noun, ownerId)
    }
}
