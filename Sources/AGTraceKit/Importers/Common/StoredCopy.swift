import Foundation

/// Whether a file's bytes are stored already, answered from its SHA-256 before anything is
/// parsed: re-importing a folder of inputs costs a hash of each file, not an import.
///
/// The file is hashed only when something stored has its size (or an unknown size, from older
/// versions): a new file is then parsed at once, its hash computed on the side as before, and
/// the check inside the import's transaction (`Importer`) still catches a copy that another
/// process stored meanwhile.
enum StoredCopy {
    /// The label holding the same bytes as the regular file at `path`, or nil.
    static func label(ofFileAt path: String, in db: Database) throws -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard try Imports.holdsBytes(ofSize: Int64(info.st_size), in: db), let digest = hash(path) else { return nil }
        return try Imports.label(holding: digest, in: db)
    }

    /// The file's SHA-256 in hex; nil if it cannot be read (the import then says why).
    static func hash(_ path: String) -> String? {
        guard let file = try? FileSource(path: path) else { return nil }
        return try? HashingTap().hashToEnd(of: file)
    }
}
