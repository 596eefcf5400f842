import Foundation

/// The SQL `agtrace query` runs: given on the command line, or read from `@FILE`. A file is
/// read up to `maxFileSize` (an SQL file is kilobytes; `@/dev/zero` stops there), and an
/// error in it quotes only what SQLite names (the failing token, a missing table) and where
/// (file and line), never the file's text: `@/etc/shadow` is not printed back.
public struct QuerySource: Sendable {
    public var sql: String
    /// The file the SQL came from, or nil for SQL given as an argument.
    public var file: String?

    public static let maxFileSize = 1 << 20

    public init(sql: String, file: String? = nil) {
        self.sql = sql
        self.file = file
    }

    /// `@FILE` read from the file, anything else as SQL.
    public static func parse(_ argument: String) throws -> QuerySource {
        guard argument.hasPrefix("@") else { return QuerySource(sql: argument) }
        let file = String(argument.dropFirst())
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw InputError(path: file, message: "cannot read the SQL file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try BoundedRead.all(handle, limit: maxFileSize)
        } catch is BoundedRead.TooLarge {
            throw InputError(path: file, message: "more than \(maxFileSize >> 20) MB: not an SQL file for 'query'")
        } catch {
            throw InputError(path: file, message: "cannot read the SQL file (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(path: file, message: "not UTF-8 text: not an SQL file")
        }
        return QuerySource(sql: text, file: file)
    }

    /// `error` as it may be shown: for SQL from a file, without the SQL, naming the file and
    /// the line SQLite points at.
    func shown(_ error: Error) -> Error {
        guard let file, var e = error as? DatabaseError, e.sql != nil else { return error }
        e.sql = nil
        var place = file
        if let offset = e.errorOffset, offset >= 0 {
            let line = sql.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            place += ", line \(line)"
        }
        e.message += " (in \(place))"
        return e
    }
}
