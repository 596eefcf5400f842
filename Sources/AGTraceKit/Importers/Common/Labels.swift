/// Snapshot, run and trace labels: derived from file names, unique across the three kinds so that a label
/// always names one thing.
public enum Labels {
    static let knownExtensions = [".ag-gzon", ".ag-json", ".json", ".gz", ".lldb", ".log", ".txt", ".ag-trace", ".iag-trace", ".oag-trace"]

    /// The file name without its directory and without any of the known extensions.
    public static func defaultLabel(for path: String) -> String {
        if path == "-" { return "stdin" }
        var name = String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
        var stripped = true
        while stripped {
            stripped = false
            for ext in knownExtensions where name.count > ext.count && name.lowercased().hasSuffix(ext) {
                name.removeLast(ext.count)
                stripped = true
            }
        }
        return name.isEmpty ? "import" : name
    }

    static func isTaken(_ label: String, in db: Database) throws -> Bool {
        try db.scalar("""
            SELECT EXISTS(SELECT 1 FROM snapshots WHERE label = ?1) OR EXISTS(SELECT 1 FROM runs WHERE label = ?1)
                OR EXISTS(SELECT 1 FROM traces WHERE label = ?1) OR EXISTS(SELECT 1 FROM aliases WHERE label = ?1)
            """, [.text(label)])?.intValue == 1
    }

    /// `base`, or `base-2`, `base-3`… whichever is free.
    static func unique(_ base: String, in db: Database) throws -> String {
        if try !isTaken(base, in: db) { return base }
        var n = 2
        while try isTaken("\(base)-\(n)", in: db) { n += 1 }
        return "\(base)-\(n)"
    }
}
