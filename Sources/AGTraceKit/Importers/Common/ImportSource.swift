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

    /// Rolls the import back (`DuplicateImport`) when an import holds these bytes already: a
    /// format asks before writing its own row; `Importer` asks again, last, for every kind.
    /// `StoredCopy` answers most re-imports before parsing.
    public func refuseStored(_ sha256: String, db: Database) throws {
        guard !replace else { return }
        if let existing = try Imports.label(holding: sha256, in: db) {
            throw DuplicateImport(existingLabel: existing)
        }
    }
}
