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
        listed: [ListedColumn("values", "k.value_count")],
        listedHelp: "values (its `value N` lines) of a probe",
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
    let facts = FormatFacts(kind: .probe, storedKind: .probe, measuredKind: .probe, noun: "a probe", plural: "probes",
                            signs: "text whose first line is agtrace-probe", docs: "Tests/AGTraceKitTests/ProbeFormat/", fileExtensions: [".probe"],
                            fileOption: "--probe", hooks: .probe, surest: .certain)

    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        head.starts(with: Self.magic) ? .certain : nil
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

extension MeasuredKind {
    /// The gate counts a probe's lines per value (key view: the values name themselves), so
    /// `check` and `compare` read it with no code of theirs.
    static let probe: MeasuredKind = MeasuredKind(
        stored: .probe, order: 5, fileOption: "probe", fileHelp: "a probe file, imported privately; or a probe's label",
        thing: "probe", inputUsage: "--probe FILE or a probe's label", countedAlone: "its values name themselves", defaultKey: .view,
        untimed: "a probe's lines, which carry no durations", showsItsEnd: false,
        count: { input, db in
            guard input.key == .view else { throw UpdateCountsError("a probe counts its values per view: use --key view") }
            let id = try LabelLookup.id(of: input.label, kind: .probe, in: db)
            let row = try db.rows("SELECT sha256, imported_at FROM probes WHERE id = ?1", [.integer(id)])[0]
            let source = MeasuredSource(kind: .probe, label: input.label, sha256: row[0].stringValue, importedAt: row[1].stringValue,
                                        ending: try RecordingEnding.read(.probe, id: id, in: db))
            let counts = try db.rows("SELECT 'value ' || value, count(*) FROM probe_values WHERE probe_id = ?1 GROUP BY value", [.integer(id)])
            return UpdateCounts(source: source, key: .view, entries: UpdateCounts.collect(counts, key: .view))
        },
        readLines: { path, item in [.imported("read \(path): \(item[count: "values"]) values")] })
}

extension KindHooks {
    /// What a probe adds to the readers: its report (`values`, its own SQL), a note when it
    /// skipped lines, a timeline (one slice per value, in line order) and its part of the page.
    static let probe: KindHooks = KindHooks(
        report: ReportHooks(notes: { context in
            guard let id = context.id("probe"),
                  let skipped = try context.db.scalar("SELECT count(*) FROM import_notes WHERE kind = 'probe' AND owner_id = ?1 AND code = ?2",
                                                      [.integer(id), .text(ImportNoteCode.probeNoValue.code)])?.intValue, skipped > 0 else { return [] }
            return ["probe '\(context.label("probe"))' skipped \(skipped) line\(skipped == 1 ? "" : "s") that held no value"]
        }),
        timeline: TimelineHook { input in
            let spool = try TimelineSpool(process: "probe \(input.label)", clock: .eventOrder)
            for row in try input.db.rows("SELECT line, value FROM probe_values WHERE probe_id = ?1 ORDER BY line", [.integer(input.id)]) {
                let line = row[0].intValue ?? 0
                try spool.addSlice(Timeline.Slice(name: "value \(row[1])", category: "probe", thread: 1, start: Double(line), duration: 1,
                                                  args: [("line", row[0])]), seq: line)
            }
            return spool
        },
        html: HTMLHooks(showsWork: true) { own, _, given in
            guard let own else { return HTMLPart() }
            let db = given.db
            return HTMLPart(
                facts: { page in
                    let r = try db.rows("SELECT label, source, value_count FROM probes WHERE id = ?1", [.integer(own.id)])[0]
                    HTMLSections.facts(page, title: "probe \(r[0])", [("source", r[1]), ("values", r[2])])
                },
                work: (3, { page in
                    page.html("<h3>Values in the probe</h3>\n")
                    let rows = try ReportRunner.rows(ReportRequest(name: "values", options: ["probe": own.label]), in: db)
                    page.table(title: "values", columns: rows.columns, rows: rows.rows, limit: given.options.tableRows)
                }),
                sections: [HTMLSection(id: "probe", title: "Probe", rank: 5) { page in
                    page.html("<section id=\"probe\"><h2>Probe</h2>\n")
                    page.text("probe \(own.label): its own section")
                    page.html("</section>\n")
                    return []
                }])
        },
        exportHelp: "the probe to export (perfetto, html)",
        queries: [QueryText(file: "probe-values.sql", text: """
            -- name: values
            -- summary: a probe's values, how many lines each
            -- description: a probe's values, how many lines each
            -- params: probe (required)
            SELECT value, count(*) AS lines
            FROM probe_values
            WHERE probe_id = :probe
            GROUP BY value
            ORDER BY value;
            """)])
}
