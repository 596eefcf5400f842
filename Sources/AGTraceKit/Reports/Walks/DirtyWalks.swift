/// `dirty-walks --run R [--snapshot S]`: one row per invalidation of the run's replay
/// (`RunCauses.Replay`), which keeps no marked set: each row is made as its walk is counted.
enum DirtyWalks {
    static let columns = ["seq", "root", "marked", "updates", "reran", "line"]

    static func rows(in db: Database, run: Int64, snapshot: Int64?) throws -> (rows: [[SQLValue]], edgesKnown: Bool) {
        var replay = try RunCauses.Replay(in: db, run: run, snapshot: snapshot)
        var rows: [[SQLValue]] = []
        try replay.run(onInvalidation: { rows.append(row($0)) })
        return (rows, replay.edgesKnown)
    }

    static func row(_ i: RunCauses.Invalidation) -> [SQLValue] {
        [.integer(i.seq), i.root.map(SQLValue.integer) ?? .null,
         i.markedCount.map { .integer(Int64($0)) } ?? .null,
         .integer(Int64(i.updates)), i.reran.map { .integer(Int64($0)) } ?? .null,
         i.line.map(SQLValue.integer) ?? .null]
    }
}
