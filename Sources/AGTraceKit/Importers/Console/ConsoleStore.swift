/// The console writer: records -> rows of `cycles`, `cycle_frames`, `cycle_labels`,
/// `body_changes`, `body_change_tokens`, `console_warnings`, under one console's id. Cycle
/// reports go through `CycleWriter`, as a trace's and a run's do; their labels are the console's own.
final class ConsoleStore: ConsoleSink {
    let db: Database
    let consoleId: Int64
    private let cycles: CycleWriter
    private let insertLabel, insertChange, insertToken, insertWarning: Statement

    init(db: Database, consoleId: Int64) throws {
        self.db = db
        self.consoleId = consoleId
        cycles = try CycleWriter(db: db, kind: StoredKind.console.noun, ownerId: consoleId)
        insertLabel = try db.prepare("INSERT OR IGNORE INTO cycle_labels(cycle_id, attribute, label) VALUES (?1, ?2, ?3)")
        insertChange = try db.prepare("INSERT INTO body_changes(console_id, position, view, unchanged) VALUES (?1, ?2, ?3, ?4)")
        insertToken = try db.prepare("INSERT INTO body_change_tokens(body_change_id, ordinal, kind, name) VALUES (?1, ?2, ?3, ?4)")
        insertWarning = try db.prepare("""
            INSERT INTO console_warnings(console_id, position, code, subject, message) VALUES (?1, ?2, ?3, ?4, ?5)
            """)
    }

    func cycle(_ c: ConsoleCycle) throws {
        let id = try cycles.write(c.record)
        for label in c.labels { try insertLabel.runRow(id, label.attribute, label.label) }
    }

    func bodyChange(_ change: BodyChange) throws {
        try insertChange.runRow(consoleId, change.position, change.view, change.unchanged)
        let id = db.lastInsertRowid
        for (i, token) in change.tokens.enumerated() { try insertToken.runRow(id, i, token.kind, token.name) }
    }

    func warning(_ w: ConsoleWarning) throws {
        try insertWarning.runRow(consoleId, w.position, w.code, w.subject, w.message)
    }
}
