/// One AttributeGraph cycle report as a reader made it, whatever reported it (a trace's
/// LogMessage, a recorder's stop at `print_cycle`): what `CycleWriter` turns into a `cycles`
/// row and its `cycle_frames`. Unknown is nil, stored NULL.
struct CycleRecord: Sendable, Equatable {
    /// A trace's event seq, a run's `print_cycle` hit index (`cycles.position`).
    var position: Int
    var attribute: Int64?
    var level: Int? = nil
    /// `trace`, `recorder` (`cycles.form`).
    var form: String
    /// false when the report was cut (a LogMessage with no update stack after it).
    var complete = true
    /// The recorder's dump at this stop, as its path was written (`cycles.dump`).
    var dump: String? = nil
    var frames: [Frame] = []

    /// One frame, top first.
    struct Frame: Sendable, Equatable {
        var stackIndex: Int64? = nil
        var frameIndex: Int64? = nil
        var attribute: Int64?
        var count: Int64? = nil
        var inputIndex: Int64? = nil
        var inputCount: Int64? = nil
        var flags: String? = nil
        var cyclic: Bool? = nil
        var name: String? = nil
    }
}

/// Writes cycle reports of one stored import (`kind` `trace`, `run` or `console`, its row `ownerId`).
final class CycleWriter {
    /// Prepared at the first report: most imports hold none.
    private var cycleRow: Statement?
    private var frameRow: Statement?
    private let db: Database
    private let kind: String
    private let ownerId: Int64
    private(set) var count = 0

    init(db: Database, kind: String, ownerId: Int64) throws {
        self.db = db
        self.kind = kind
        self.ownerId = ownerId
    }

    /// Returns the `cycles` row's id (a console's labels hang on it).
    @discardableResult
    func write(_ r: CycleRecord) throws -> Int64 {
        let cycleRow = try self.cycleRow ?? db.prepare("""
            INSERT INTO cycles(kind, owner_id, position, attribute, level, form, complete, dump)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        let frameRow = try self.frameRow ?? db.prepare("""
            INSERT INTO cycle_frames(cycle_id, ordinal, stack_index, frame_index, attribute, count, input_index,
                                     input_count, flags, cyclic, name)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        self.cycleRow = cycleRow
        self.frameRow = frameRow
        try cycleRow.runRow(kind, ownerId, r.position, r.attribute, r.level, r.form, r.complete, r.dump)
        let id = db.lastInsertRowid
        for (ordinal, f) in r.frames.enumerated() {
            try frameRow.runRow(id, ordinal, f.stackIndex, f.frameIndex, f.attribute, f.count, f.inputIndex, f.inputCount,
                                f.flags, f.cyclic, f.name)
        }
        count += 1
        return id
    }

    /// `StoredKind.deletion`'s statements for a kind's cycles (its id bound as ?1).
    static func deletion(kind: String) -> [String] {
        ["DELETE FROM cycle_frames WHERE cycle_id IN (SELECT id FROM cycles WHERE kind = '\(kind)' AND owner_id = ?1)",
         "DELETE FROM cycles WHERE kind = '\(kind)' AND owner_id = ?1"]
    }
}
