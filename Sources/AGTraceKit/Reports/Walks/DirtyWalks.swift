/// `dirty-walks --run R [--snapshot S]`: one row per invalidation of RunCauses.
enum DirtyWalks {
    static let columns = ["seq", "root", "marked", "updates", "reran", "line"]

    static func rows(_ causes: RunCauses) -> [[SQLValue]] {
        causes.invalidations.map { i in
            [.integer(i.seq), i.root.map(SQLValue.integer) ?? .null,
             i.marked.map { .integer(Int64($0.count)) } ?? .null,
             .integer(Int64(i.updates)), i.reran.map { .integer(Int64($0)) } ?? .null,
             i.line.map(SQLValue.integer) ?? .null]
        }
    }
}
