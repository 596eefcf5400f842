import Foundation
@testable import AGTraceKit

// A made-up input format, known to the test target only: what a new format is (this folder)
// plus one registration (`InputFormats.register(ProbeFormat())`), nothing else edited. Its
// files are text: a first line `agtrace-probe`, then `value N` lines.

extension InputKind {
    static let probe = InputKind(rawValue: "probe")
}

extension StoredKind {
    /// One probe per file: its row, and its values in `probe_values`. The tables are the
    /// format's own (no migration holds them): `schema` creates them on its first import.
    static let probe = StoredKind(
        noun: "probe", table: "probes",
        options: [("probe", "P")],
        deletion: ["DELETE FROM probe_values WHERE probe_id = ?1"],
        listed: "NULL, NULL, NULL, k.value_count, NULL, NULL, NULL",
        schema: [
            // Its own columns; what every import has is in `imports` (common code writes it).
            """
            CREATE TABLE IF NOT EXISTS probe_facts(id INTEGER PRIMARY KEY,
                import_id INTEGER NOT NULL UNIQUE REFERENCES imports(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
                value_count INTEGER NOT NULL)
            """,
            """
            CREATE VIEW IF NOT EXISTS probes AS
                SELECT f.id, i.label, i.source, i.imported_at, i.sha256, i.size_bytes, (i.compression IS NOT NULL) AS compressed,
                       i.complete, i.end_reason, f.value_count
                FROM probe_facts f JOIN imports i ON i.id = f.import_id
            """,
            """
            CREATE TRIGGER IF NOT EXISTS probes_delete INSTEAD OF DELETE ON probes BEGIN
                DELETE FROM imports WHERE id = (SELECT import_id FROM probe_facts WHERE id = OLD.id);
                DELETE FROM probe_facts WHERE id = OLD.id;
            END
            """,
            "CREATE TABLE IF NOT EXISTS probe_values(probe_id INTEGER NOT NULL, line INTEGER NOT NULL, value INTEGER NOT NULL)",
        ])
}

extension ImportNoteCode {
    /// The probe's one note: a line that is no value.
    static let probeNoValue = ImportNoteCode("probe-no-value", position: .line, meaning: "a line that is no `value N` (the line): skipped")
}

struct ProbeFormat: InputFormat {
    static let magic = Array("agtrace-probe\n".utf8)
    let facts = FormatFacts(kind: .probe, storedKind: .probe, noun: "a probe", fileExtensions: [".probe"], fileOption: "--probe")

    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        head.starts(with: Self.magic) ? .sure : nil
    }

    /// Reader (lines) -> records (values) -> rows, in this one function: the format is tiny.
    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = try buffer.withUnsafeMutableBytes({ try job.source.read(into: $0) }), n > 0 {
            bytes += buffer[..<n]
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        item.sha256 = job.hash()
        try job.file.refuseStored(item.sha256, db: job.db)
        let id = try job.db.nextRowId(in: "probe_facts")
        let insert = try job.db.prepare("INSERT INTO probe_values(probe_id, line, value) VALUES (?1, ?2, ?3)")
        for (i, line) in lines.enumerated() where !line.isEmpty {
            if line.hasPrefix("value "), let value = Int(line.dropFirst(6)) {
                try insert.runRow(id, i + 2, value)
                item[count: "values"] += 1
            } else {
                item[count: "skipped lines"] += 1
                item.notes.append(ImportNote(.probeNoValue, message: "line \(i + 2) is no value", position: i + 2))
            }
        }
        try job.db.prepare("INSERT INTO probe_facts(id, import_id, value_count) VALUES (?1, ?2, ?3)")
            .runRow(id, job.importId, item[count: "values"])
        item.ending = .ended(nil)
    }

    func counts(of item: ImportedItem) -> String { "values \(item[count: "values"]), skipped lines \(item[count: "skipped lines"])" }
}
