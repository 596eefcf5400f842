import Foundation

/// A file a command writes (`--output`, `check --update-baseline`), the one way every command
/// writes one. `open` checks the path before the command does any work; `write` puts the bytes
/// in a temporary file in the same folder and renames it over the target, so that a reader
/// never sees half a file and a failed write leaves the old one as it was.
///
/// Refused (`OutputRefusal`): a device, FIFO, socket or directory (the path is never opened:
/// a rename over `/dev/null` would replace the device node, a FIFO would wait for a reader for
/// ever), an input of the same command, the database in use (or its `-wal`, `-shm`,
/// `-journal`), any SQLite database and the `-wal`, `-shm`, `-journal` beside one. A symlink
/// to a regular file is followed: the file it leads to is replaced, and the link stays. A file replaced keeps its mode (and, for root, owner).
public struct OutputFile: Sendable {
    /// The path as given, for messages.
    public let path: String
    /// What is replaced: `path`, or the regular file a symlink at `path` leads to.
    public let target: String
    /// What is written ("the baseline", "the DOT file"), for messages.
    public let what: String

    /// An input of the command (`--archive`, `--transcript`…), which its output must not replace.
    public struct Input: Sendable {
        public var option: String
        public var path: String
        public init(option: String, path: String) {
            self.option = option
            self.path = path
        }
    }

    /// Checks `path` as an output of a command that reads `inputs` and the database at
    /// `database` (nil: none). `createDirectories`: a missing folder is made at `write`.
    /// `offersStandardOutput`: the option takes `-` for standard output (the refusal of a
    /// device or FIFO says so).
    public static func open(_ path: String, what: String, inputs: [Input] = [], database: String? = nil,
                            createDirectories: Bool = false, offersStandardOutput: Bool = true) throws -> OutputFile {
        func refuse(_ reason: String) -> OutputRefusal { OutputRefusal(path: path, what: what, reason: reason) }
        if path.isEmpty { throw refuse("an empty path names no file") }
        var info = stat()
        let target: String
        if stat(path, &info) == 0 {
            if let kind = notRegular(info.st_mode, offersStandardOutput: offersStandardOutput) { throw refuse(kind) }
            guard let resolved = realpath(path, nil) else { throw refuse("cannot resolve the path (\(errnoText()))") }
            target = String(cString: resolved)
            free(resolved)
        } else if errno == ENOENT || errno == ENOTDIR {
            var link = stat()
            if lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK {
                let to = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw refuse("is a symbolic link to \(to), which does not exist; give the file itself")
            }
            let folder = (path as NSString).deletingLastPathComponent
            var dir = stat()
            if stat(folder.isEmpty ? "." : folder, &dir) != 0 {
                if !createDirectories { throw refuse("the folder \(folder) does not exist") }
            } else if (dir.st_mode & S_IFMT) != S_IFDIR {
                throw refuse("\(folder) is not a folder")
            }
            target = path
        } else {
            throw refuse("cannot look at it (\(errnoText()))")
        }
        let output = OutputFile(path: path, target: target, what: what)
        for input in inputs where input.path != "-" && output.isSameFile(as: input.path) {
            throw refuse("it is an input of this command (\(input.option) \(input.path)); writing would destroy it: give the output its own file")
        }
        if let database {
            for suffix in ["", "-wal", "-shm", "-journal"] where output.isSameFile(as: database + suffix) {
                throw refuse("it is the database in use (\(database)\(suffix)); writing would replace every import: give the output its own file")
            }
        }
        if Self.isSQLite(target) {
            throw refuse("it is a SQLite database (an agtrace database?); writing would replace it: give the output its own file")
        }
        // A database's log, shared memory or journal is part of it, whatever its first bytes.
        for suffix in ["-wal", "-shm", "-journal"] where target.hasSuffix(suffix) && Self.isSQLite(String(target.dropLast(suffix.count))) {
            throw refuse("it belongs to the SQLite database \(target.dropLast(suffix.count)); writing would damage it: give the output its own file")
        }
        return output
    }

    /// Writes `text` whole (see the type).
    public func write(_ text: String) throws {
        try stream { $0.write(text) }
    }

    /// Writes what `body` writes, as it comes (64 KB at a time, never held whole: a 2M-event
    /// timeline costs its buffer, not its size), into a temporary file in the target's folder,
    /// then renames it over the target. If `body` throws or a write fails, the target stays as
    /// it was and the temporary file is removed.
    public func stream(_ body: (TextSink) throws -> Void) throws {
        let sink = try OutputFileSink(self)
        do {
            try body(sink)
        } catch {
            sink.abandon()
            throw error
        }
        try sink.commit()
    }

    /// Makes `path` and the folders above it that are missing (mode 0777 less the umask), with
    /// mkdir(2) so that a failure says which folder and why. nil when it is done.
    public static func makeFolders(_ path: String, mode: mode_t = 0o777) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "cannot create the folder \(path): a file of that name is in the way"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path, let problem = makeFolders(parent) { return problem }
        if mkdir(path, mode) != 0 && errno != EEXIST { return "cannot create the folder \(path) (\(errnoText()))" }
        return nil
    }

    /// What `mode` is when it is not a regular file, as a refusal's reason.
    static func notRegular(_ mode: mode_t, offersStandardOutput: Bool = true) -> String? {
        let dash = offersStandardOutput ? " (- writes to standard output)" : ""
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a directory; give a file in it"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file\(dash)"
        case S_IFIFO: return "is a FIFO (a named pipe), not a regular file: writing would wait for a reader\(dash)"
        case S_IFSOCK: return "is a socket, not a regular file"
        default: return "is not a regular file"
        }
    }

    func isSameFile(as other: String) -> Bool {
        var a = stat(), b = stat()
        if stat(target, &a) == 0, stat(other, &b) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
        // Neither need exist yet (a new database): compare the paths, their folders resolved.
        return Self.canonical(target) == Self.canonical(other)
    }

    static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        return folder + "/" + url.lastPathComponent
    }

    static func isSQLite(_ path: String) -> Bool {
        let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        let n = head.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, 16) }
        return n == 16 && head == Array("SQLite format 3\0".utf8)
    }

    static var umaskValue: mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

/// An output path that must not be written (exit 2, before the command does any work).
public struct OutputRefusal: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var what: String
    public var reason: String
    public var description: String { "\(path): refusing to write \(what) there: \(reason)" }
}

/// Writing an output failed; the file it would replace is as it was.
public struct OutputWriteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var what: String
    public var problem: String
    public var description: String { "\(path): cannot write \(what): \(problem); nothing was written there" }
}
