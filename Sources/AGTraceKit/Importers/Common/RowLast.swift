/// An import whose own row (`run_facts`, `trace_facts`, `console_facts`, …) is written
/// last, complete, under the id SQLite would give it (the write lock is held). Written first
/// and updated at the end, its page would have gone to the WAL early (SQLite spills pages of a
/// large transaction) and be written again at the end: then SQLite re-reads and re-checksums
/// every frame after it at commit.
extension ImportSource {
    /// `read` stores the input's rows under `id`, the id its row in `facts` will take; then
    /// the bytes' hash, refused when an import holds them already. The caller inserts the row.
    func readRowLast<Read>(facts: String, db: Database, hash: () -> String,
                           _ read: (_ id: Int64) throws -> Read) throws -> (id: Int64, read: Read, sha256: String) {
        let id = try db.nextRowId(in: facts)
        let result = try read(id)
        let sha = hash()
        try refuseStored(sha, db: db)
        return (id, result, sha)
    }
}
