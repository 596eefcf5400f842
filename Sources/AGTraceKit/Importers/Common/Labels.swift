/// Snapshot, run and trace labels: derived from file names, unique across the three kinds so that a label
/// always names one thing.
public enum Labels {
    /// Every format's file-name endings, and every compression's (`.gz`).
    static var knownExtensions: [String] { InputFormats.all.flatMap(\.fileExtensions) + Compressions.fileExtensions }

    /// The file name without its directory and without any of the known extensions.
    public static func defaultLabel(for path: String) -> String {
        if path == "-" { return "stdin" }
        var name = String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
        let knownExtensions = Self.knownExtensions
        var stripped = true
        while stripped {
            stripped = false
            for ext in knownExtensions where name.count > ext.count && name.lowercased().hasSuffix(ext) {
                name.removeLast(ext.count)
                stripped = true
            }
        }
        // A name starting with '-' would make a label that reads as an option on every
        // command line (`--run -rf`): the dashes are dropped.
        while name.hasPrefix("-") { name.removeFirst() }
        return name.isEmpty ? "import" : name
    }

    /// A path as a label of a private database (`compare`'s files, `check`'s repeated
    /// recordings): the path as given, `stdin` for `-`, `./` before a path that starts with `-`
    /// (no label may). Paths differ where files' names do not (base/r0.ag-trace and
    /// slow/r0.ag-trace), and a message that names the label names the user's path.
    static func privateLabel(_ path: String) -> String {
        path == "-" ? defaultLabel(for: path) : path.hasPrefix("-") ? "./" + path : path
    }

    /// Why `label` cannot name a snapshot or run, or nil when it can: an empty label names
    /// nothing, and one starting with '-' reads as an option on every command line.
    public static func problem(with label: String) -> String? {
        if label.isEmpty { return "a label cannot be empty" }
        if label.hasPrefix("-") { return "a label cannot start with '-' ('\(label)' would read as an option)" }
        return nil
    }

    static func isTaken(_ label: String, in db: Database) throws -> Bool {
        try holder(of: label, in: db) != nil
    }

    /// What `label` names, as a message says it ("run 'tap'", "an alias of snapshot 'x'"), or
    /// nil when it is free. `kind` (a stored noun): only labels of that kind count, for a
    /// private database where a transcript and its dump may share their files' name.
    static func holder(of label: String, kind: String? = nil, in db: Database) throws -> String? {
        if let noun = try Imports.kind(labelled: label, kind: kind, in: db) { return "\(noun) '\(label)'" }
        guard let row = try db.rows("SELECT kind, target_id FROM aliases WHERE label = ?1", [.text(label)]).first,
              kind == nil || row[0].description == kind else { return nil }
        let noun = row[0].description
        return "an alias of \(noun) '\(try target(ofAlias: row, in: db))'"
    }

    /// The label an alias row (`kind, target_id`) names, or "?".
    static func target(ofAlias row: [SQLValue], in db: Database) throws -> String {
        guard let kind = InputFormats.storedKind(noun: row[0].description) else { return "?" }
        return try db.scalar("SELECT label FROM \(kind.table) WHERE id = ?1", [row[1]])?.description ?? "?"
    }

    /// `base`, or `base-2`, `base-3`… whichever is free: the placeholder a refused import
    /// stores under until its transaction is rolled back.
    static func unique(_ base: String, in db: Database) throws -> String {
        if try !isTaken(base, in: db) { return base }
        var n = 2
        while try isTaken("\(base)-\(n)", in: db) { n += 1 }
        return "\(base)-\(n)"
    }
}
