import Foundation

/// The file one import reads, as its row (`snapshots`, `runs`, `traces`…) records it.
public struct ImportSource {
    public var path: String
    public var label: String
    public var compressed: Bool
    /// The file's size in bytes; nil for standard input.
    public var size: Int?
    /// `--replace`: import even bytes already stored.
    public var replace: Bool

    /// The path as the `source` column keeps it: absolute, or "-" for standard input.
    public var storedPath: String { path == "-" ? "-" : URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Rolls the import back (`DuplicateImport`) when `table` already holds these bytes. The
    /// last check, inside the transaction: `StoredCopy` answers most re-imports before parsing.
    public func refuseStored(_ sha256: String, in table: String, db: Database, except id: Int64? = nil) throws {
        guard !replace else { return }
        if let existing = try db.scalar("SELECT label FROM \(table) WHERE sha256 = ?1 AND id IS NOT ?2 LIMIT 1",
                                        [.text(sha256), id.map(SQLValue.integer) ?? .null]) {
            throw DuplicateImport(existingLabel: existing.description)
        }
    }
}
