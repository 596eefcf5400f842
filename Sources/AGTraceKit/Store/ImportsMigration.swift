/// Migration 21, the spine (as Perfetto's `trace_file` table is its importers'): one row per
/// import in `imports`, written by common code for every kind, holding what is true of every
/// recording (label, source, size, bytes' hash, compression, when, how it ended). Each kind
/// keeps only its own columns, in `<kind>_facts`, keyed to its import (`import_id`, ON DELETE
/// CASCADE); the old table names stay as views with the old columns in the old order, so
/// every query and report (and `SELECT *`) reads as before, and INSTEAD OF triggers route a
/// write through an old name to both tables.
///
/// Frozen: this is a published migration's text. A later change is a new migration.
enum ImportsMigration {
    /// A kind's old table: its columns in order, each either common (in `imports`) or its own
    /// (in the facts table, with its declaration).
    struct Kind {
        var noun: String
        var table: String
        var facts: String
        /// (name, declaration) of its own columns; nil declaration: a common column.
        var columns: [(name: String, declaration: String?)]
        /// `complete` of a row written through the old name without one (a dump is whole).
        var defaultComplete: String = "NEW.complete"
    }

    static let common: Set<String> = ["label", "source", "sha256", "imported_at", "compressed", "size_bytes", "complete", "end_reason"]

    static let kinds: [Kind] = [
        Kind(noun: "snapshot", table: "snapshots", facts: "snapshot_facts", columns: [
            ("label", nil), ("source", nil), ("sha256", nil), ("format_version", "INTEGER"), ("imported_at", nil),
            ("compressed", nil), ("size_bytes", nil), ("counter_bytes", "INTEGER"), ("counter_max_bytes", "INTEGER"),
            ("complete", nil), ("end_reason", nil),
        ], defaultComplete: "coalesce(NEW.complete, 1)"),
        Kind(noun: "run", table: "runs", facts: "run_facts", columns: [
            ("label", nil), ("source", nil), ("sha256", nil), ("imported_at", nil), ("compressed", nil), ("size_bytes", nil),
            ("event_count", "INTEGER"), ("skipped_lines", "INTEGER"), ("incomplete_hits", "INTEGER"),
            ("first_event_id", "INTEGER"), ("last_event_id", "INTEGER"), ("first_frame_id", "INTEGER"), ("last_frame_id", "INTEGER"),
            ("complete", nil), ("end_reason", nil),
        ]),
        Kind(noun: "trace", table: "traces", facts: "trace_facts", columns: [
            ("label", nil), ("source", nil), ("sha256", nil), ("imported_at", nil), ("compressed", nil), ("size_bytes", nil),
            ("event_count", "INTEGER"), ("first_timestamp", "REAL"), ("last_timestamp", "REAL"),
            ("complete", nil), ("end_reason", nil), ("clock", "TEXT"),
        ]),
        Kind(noun: "console", table: "consoles", facts: "console_facts", columns: [
            ("label", nil), ("source", nil), ("sha256", nil), ("imported_at", nil), ("compressed", nil), ("size_bytes", nil),
            ("line_count", "INTEGER"), ("complete", nil), ("end_reason", nil),
        ]),
        Kind(noun: "recording", table: "xctrace_recordings", facts: "xctrace_recording_facts", columns: [
            ("label", nil), ("source", nil), ("sha256", nil), ("imported_at", nil), ("compressed", nil), ("size_bytes", nil),
            ("documents", "INTEGER NOT NULL"), ("device", "TEXT"), ("device_model", "TEXT"), ("device_uuid", "TEXT"),
            ("platform", "TEXT"), ("os_version", "TEXT"), ("process", "TEXT"), ("pid", "INTEGER"), ("template", "TEXT"),
            ("instruments_version", "TEXT"), ("start_date", "TEXT"), ("end_date", "TEXT"), ("duration_ns", "INTEGER"),
            ("end_reason", nil), ("runs", "INTEGER"), ("first_value_id", "INTEGER"), ("last_value_id", "INTEGER"),
            ("complete", nil),
        ]),
    ]

    /// A common column as the view reads it from `imports i`.
    static func read(_ column: String) -> String {
        column == "compressed" ? "(i.compression IS NOT NULL) AS compressed" : "i.\(column)"
    }

    /// `compressed` (0 or 1) as `imports.compression`: which one is not known from it.
    static let compressionOfNew = "CASE WHEN coalesce(NEW.compressed, 0) THEN 'compressed' END"

    static var sql: String {
        var sql = """
            CREATE TABLE imports(
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                label TEXT NOT NULL,
                source TEXT,
                size_bytes INTEGER,
                sha256 TEXT,
                compression TEXT,
                imported_at TEXT,
                parent_id INTEGER REFERENCES imports(id) ON DELETE CASCADE,
                complete INTEGER,
                end_reason TEXT,
                UNIQUE(label, kind)
            );
            CREATE INDEX imports_by_sha256 ON imports(sha256);

            """
        for k in kinds {
            let own = k.columns.filter { $0.declaration != nil }
            let ownNames = own.map(\.name)
            sql += """
                INSERT INTO imports(kind, label, source, size_bytes, sha256, compression, imported_at, complete, end_reason)
                    SELECT '\(k.noun)', label, source, size_bytes, sha256, CASE WHEN compressed THEN 'compressed' END, imported_at, complete, end_reason
                    FROM \(k.table) ORDER BY id;
                CREATE TABLE \(k.facts)(
                    id INTEGER PRIMARY KEY,
                    import_id INTEGER NOT NULL UNIQUE REFERENCES imports(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
                \(own.map { "    \($0.name) \($0.declaration!)" }.joined(separator: ",\n"))
                );
                INSERT INTO \(k.facts)(id, import_id, \(ownNames.joined(separator: ", ")))
                    SELECT k.id, i.id, \(ownNames.map { "k.\($0)" }.joined(separator: ", "))
                    FROM \(k.table) k JOIN imports i ON i.kind = '\(k.noun)' AND i.label = k.label;
                DROP TABLE \(k.table);
                CREATE VIEW \(k.table) AS
                    SELECT f.id, \(k.columns.map { $0.declaration == nil ? read($0.name) : "f.\($0.name)" }.joined(separator: ", "))
                    FROM \(k.facts) f JOIN imports i ON i.id = f.import_id;
                CREATE TRIGGER \(k.table)_insert INSTEAD OF INSERT ON \(k.table) BEGIN
                    INSERT INTO imports(kind, label, source, size_bytes, sha256, compression, imported_at, complete, end_reason)
                    VALUES ('\(k.noun)', NEW.label, NEW.source, NEW.size_bytes, NEW.sha256, \(compressionOfNew), NEW.imported_at, \(k.defaultComplete), NEW.end_reason);
                    INSERT INTO \(k.facts)(id, import_id, \(ownNames.joined(separator: ", ")))
                    VALUES (NEW.id, last_insert_rowid(), \(ownNames.map { "NEW.\($0)" }.joined(separator: ", ")));
                END;
                CREATE TRIGGER \(k.table)_update INSTEAD OF UPDATE ON \(k.table) BEGIN
                    UPDATE imports SET label = NEW.label, source = NEW.source, size_bytes = NEW.size_bytes, sha256 = NEW.sha256,
                        compression = CASE WHEN NOT coalesce(NEW.compressed, 0) THEN NULL WHEN OLD.compressed THEN compression ELSE 'compressed' END,
                        imported_at = NEW.imported_at, complete = NEW.complete, end_reason = NEW.end_reason
                    WHERE id = (SELECT import_id FROM \(k.facts) WHERE id = OLD.id);
                    UPDATE \(k.facts) SET id = NEW.id, \(ownNames.map { "\($0) = NEW.\($0)" }.joined(separator: ", ")) WHERE id = OLD.id;
                END;
                CREATE TRIGGER \(k.table)_delete INSTEAD OF DELETE ON \(k.table) BEGIN
                    DELETE FROM imports WHERE id = (SELECT import_id FROM \(k.facts) WHERE id = OLD.id);
                    DELETE FROM \(k.facts) WHERE id = OLD.id;
                END;

                """
        }
        return sql
    }
}
