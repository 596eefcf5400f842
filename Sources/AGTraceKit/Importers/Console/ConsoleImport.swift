/// The console half of `Importer`: one `consoles` row, its rows, the duplicate check.
enum ConsoleImport {
    static func run(_ job: FormatImport) throws -> (read: ConsoleReader.Summary, sha256: String) {
        let (id, read, sha) = try job.file.readRowLast(.console, db: job.db, hash: job.hash) { id in
            var store = try ConsoleStore(db: job.db, consoleId: id)
            job.mark("read")
            return try ConsoleReader(source: job.source).read(into: &store)
        }
        try job.db.prepare("""
            INSERT INTO consoles(id, label, source, sha256, imported_at, compressed, size_bytes, line_count)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """).runRow(id, job.file.label, job.file.storedPath, sha, Importer.timestamp(), job.file.compressed, job.file.size, read.lines)
        return (read, sha)
    }
}
