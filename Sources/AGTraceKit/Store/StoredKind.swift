/// One kind of thing an import stores (a snapshot, a run, a trace), described once: labels,
/// lookup, `list`, `delete`, `--replace` and the report runner read it instead of spelling the
/// kinds out. Each format folder under `Importers/` declares the kind it stores; the registry
/// (`InputFormats`) lists them.
public struct StoredKind: Sendable, Equatable {
    /// "snapshot": in messages ("run 'tap'"), `aliases.kind` and `import_notes.kind`.
    public let noun: String
    /// Its table, read by name: one row per import, with `id`, `label`, `source`,
    /// `imported_at`, `sha256`, `size_bytes`, `compressed`, `complete` and `end_reason` (a view
    /// of `imports` and its facts table, for the kinds the migrations make).
    public let table: String
    /// The options that name one by its label, its own first (`snapshot`, then `from`, `to`),
    /// each with the placeholder usage lines show (`S`, `S1`, `S2`).
    public let options: [(name: String, placeholder: String)]
    /// Statements that delete its rows in other tables, its id bound as ?1 (the row in `table`,
    /// its aliases and its import notes go after them).
    public let deletion: [String]
    /// `list`'s columns of its own, each an SQL expression over its row `k` (`graphs`, `nodes`,
    /// `edges` of a snapshot): the catalog's columns are every kind's, in the registry's order,
    /// a name several kinds give (a trace's `nodes`) one column; NULL where a kind has none.
    public let listed: [ListedColumn]
    /// A listed row's counts that SQL cannot give in the same statement (a trace's live edges),
    /// filled in afterwards: (row, the catalog's columns, the row's id, the database).
    public let completeListing: (@Sendable (inout [SQLValue], [String], Int64, Database) throws -> Void)?
    /// What its columns of `list` say, for `list --help` ("graphs, nodes and edges of a snapshot").
    public let listedHelp: String
    /// Its plural (a snapshot's: snapshots), in lists of the kinds.
    public let plural: String
    /// Where it stands among the kinds in `list`, label lookups and the page (lowest first;
    /// a kind from outside the library, with none, after the library's).
    public let order: Int
    /// CREATE statements for its tables when `Schema.migrations` does not hold them (a kind
    /// brought by a format from outside the library), run with `IF NOT EXISTS` by its import.
    public let schema: [String]

    public init(noun: String, plural: String? = nil, order: Int = .max, table: String, options: [(name: String, placeholder: String)], deletion: [String],
                listed: [ListedColumn], listedHelp: String,
                completeListing: (@Sendable (inout [SQLValue], [String], Int64, Database) throws -> Void)? = nil,
                schema: [String] = []) {
        self.noun = noun
        self.plural = plural ?? noun + "s"
        self.order = order
        self.table = table
        self.options = options
        self.deletion = deletion
        self.listed = listed
        self.listedHelp = listedHelp
        self.completeListing = completeListing
        self.schema = schema
    }

    /// `list`: one SELECT of the catalog's columns (`kind, label`, the kinds' own `columns`,
    /// this kind's where it has them, `end_reason, aliases, imported_at, source, sort_id`).
    func listing(columns: [String]) -> String {
        let own = columns.map { name in "\(listed.first { $0.name == name }?.sql ?? "NULL") AS \"\(name)\"" }
        return """
        SELECT '\(noun)' AS kind, k.label,
               \(own.joined(separator: ",\n       ")),
               k.end_reason,
               (SELECT group_concat(a.label, ', ') FROM (SELECT label FROM aliases WHERE kind = '\(noun)' AND target_id = k.id ORDER BY label) a) AS aliases,
               k.imported_at, k.source, k.id AS sort_id
        FROM \(table) k
        """
    }

    /// The tables an import of it writes: its own, the ones its deletion empties, and those
    /// every import shares (aliases, import notes). A large database's import quick-checks
    /// them before its first write (`DatabaseOpener.refuseDamaged(tables:in:)`).
    public var writtenTables: [String] {
        var tables = [table]
        for statement in deletion {
            var rest = statement[...]
            while let range = rest.range(of: "DELETE FROM ") {
                let name = rest[range.upperBound...].prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                if !name.isEmpty, !tables.contains(String(name)) { tables.append(String(name)) }
                rest = rest[range.upperBound...]
            }
        }
        return tables + ["aliases", "import_notes"]
    }

    /// The option that takes its label (`snapshot` for `--snapshot`).
    public var option: String { options[0].name }

    public static func == (a: StoredKind, b: StoredKind) -> Bool { a.noun == b.noun }

    /// Whether its table exists in `db` (always, for a kind the migrations create).
    func isPresent(in db: Database) throws -> Bool {
        guard !schema.isEmpty else { return true }
        return try db.scalar("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?1", [.text(table)]) != nil
    }

    /// The id of its row labelled `label` (its own label, not an alias), or nil.
    func id(labelled label: String, in db: Database) throws -> Int64? {
        try db.scalar("SELECT id FROM \(table) WHERE label = ?1", [.text(label)])?.intValue
    }
}

/// One column of `list` a stored kind fills: its name and its SQL over the kind's row `k`.
public struct ListedColumn: Sendable, Equatable {
    public let name: String
    public let sql: String
    public init(_ name: String, _ sql: String) {
        self.name = name
        self.sql = sql
    }
}
