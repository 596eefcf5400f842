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
        // Opened without waiting (a FIFO's open waits for a writer), then only a regular file
        // is read: a FIFO, a device or a socket could block or never end.
        let fd = open(file, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else {
            throw InputError(path: file, message: "cannot read the SQL file (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw InputError(path: file, message: "not a regular file (a FIFO, a device, a socket or a directory): not an SQL file for 'query'")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
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
        // A file whose first word SQLite stops at is no SQL (`@/etc/shadow`): nothing of it is
        // quoted, not even that word.
        if e.message.hasPrefix("near \""), let offset = e.errorOffset,
           sql.utf8.prefix(offset).allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            e.message = "a syntax error at its first word: not an SQL file (nothing of it is quoted)"
        }
        if let offset = e.errorOffset, offset >= 0 {
            let line = sql.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            place += ", line \(line)"
        }
        e.message += " (in \(place))"
        return e
    }
}
