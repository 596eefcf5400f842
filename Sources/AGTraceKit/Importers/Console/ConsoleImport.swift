/// The console half of `Importer`: its `console_facts` row, its rows, the duplicate check.
enum ConsoleImport {
    static func run(_ job: FormatImport) throws -> (read: ConsoleReader.Summary, sha256: String) {
        let (id, read, sha) = try job.file.readRowLast(facts: "console_facts", db: job.db, hash: job.hash) { id in
            var store = try ConsoleStore(db: job.db, consoleId: id)
            job.mark("read")
            return try ConsoleReader(source: job.source).read(into: &store)
        }
        try job.db.prepare("""
            INSERT INTO console_facts(id, import_id, line_count) VALUES (?1, ?2, ?3)
            """).runRow(id, job.importId, read.lines)
        return (read, sha)
    }
}
