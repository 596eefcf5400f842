/// The console half of `Importer`: one `consoles` row, its rows, the duplicate check.
enum ConsoleImport {
    struct Summary {
        var read: ConsoleReader.Summary
        var sha256: String
    }

    static func run(_ job: FormatImport) throws -> Summary {
        // The console's row goes in last, under the id SQLite would give it (the write lock is held).
        let id = try job.db.nextRowId(in: StoredKind.console.table)
        var store = try ConsoleStore(db: job.db, consoleId: id)
        job.mark("read")
        let read = try ConsoleReader(source: job.source).read(into: &store)
        let sha = job.hash()
        try job.file.refuseStored(sha, in: StoredKind.console.table, db: job.db)
        try job.db.prepare("""
            INSERT INTO consoles(id, label, source, sha256, imported_at, compressed, size_bytes, line_count)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """).runRow(id, job.file.label, job.file.storedPath, sha, Importer.timestamp(), job.file.compressed, job.file.size, read.lines)
        return Summary(read: read, sha256: sha)
    }
}
