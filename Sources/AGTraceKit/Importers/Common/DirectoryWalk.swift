import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path given to a command holds: the one rule `import`, `compare`, `check` and
/// `baseline` read paths by (`export` reads labels only). A file (or `-`, standard input) is
/// one recording; a folder a format reads as one input (a folder of Instruments exports,
/// `InputFormat.folderInput`) is one recording; any other folder is its files, read
/// recursively, in sorted order, with the entries passed over, each with why. Walked with the
/// C calls rather than FileManager, so that a name that is not UTF-8, a link cycle or a FIFO
/// is one entry passed over, never a hang or the end of the whole import.
public struct DirectoryWalk: Sendable {
    public struct Skipped: Equatable, Sendable {
        /// The entry's path; bytes that are not UTF-8 written as `\x{ff}`.
        public var path: String
        public var reason: String
    }

    public var files: [String] = []
    public var skipped: [Skipped] = []

    /// Walks `path`: a file (or "-") stands for itself; a directory is read recursively, hidden
    /// names left out. Each real directory is read once (by device and inode), so links back
    /// to `.` or to a parent end; only regular files are imported (a FIFO would block, a device
    /// never end, a socket fail); a dangling link is listed, and its import says so.
    public static func walk(_ path: String) throws -> DirectoryWalk {
        if path == "-" { return DirectoryWalk(files: [path]) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw InputError(path: path, message: code == ELOOP ? "a loop of symbolic links (ELOOP): no file at the end of it"
                                                                 : code == ENOENT ? "no such file or directory" : String(cString: strerror(code)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR, !isOneInput(path) else { return DirectoryWalk(files: [path]) }
        var walk = DirectoryWalk()
        var visited: Set<DirectoryKey> = [DirectoryKey(info)]
        walk.read(directory: path, visited: &visited)
        return walk
    }

    /// Whether `path` is a folder a format reads as one input (a folder of Instruments
    /// exports): one recording, imported whole, never its files one by one.
    public static func isOneInput(_ path: String) -> Bool { (try? InputFormats.folderInput(path)) != nil }
    private func isOneInput(_ path: String) -> Bool { Self.isOneInput(path) }

    /// Whether `path` is a folder that stands for its files (any folder no format reads as one input).
    public static func isFolderOfFiles(_ path: String) -> Bool {
        var info = stat()
        return path != "-" && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && !isOneInput(path)
    }

    /// Whether `path` names recordings as files do: standard input, a file, or a folder (one
    /// read as one input, or any other, which is its files). A path that does not exist does
    /// not (a label, for the commands that take either).
    public static func namesFiles(_ path: String) -> Bool {
        var info = stat()
        return path == "-" || stat(path, &info) == 0
    }

    private struct DirectoryKey: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ s: stat) {
            device = UInt64(s.st_dev)
            inode = UInt64(s.st_ino)
        }
    }

    private mutating func read(directory: String, visited: inout Set<DirectoryKey>) {
        guard let handle = opendir(directory) else {
            skipped.append(Skipped(path: directory, reason: "cannot read the directory (\(String(cString: strerror(errno))))"))
            return
        }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if name.first == UInt8(ascii: ".") { continue }  // hidden, and "." and ".."
            names.append(name)
        }
        closedir(handle)
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var entries: [(name: String, valid: Bool)] = names.map { bytes in
            if let s = String(validating: bytes, as: UTF8.self) { return (s, true) }
            return (Self.escaped(bytes), false)
        }
        entries.sort { $0.name < $1.name }
        for (name, valid) in entries {
            let child = prefix + name
            guard valid else {
                skipped.append(Skipped(path: child, reason: "the name is not UTF-8 (shown with its bytes escaped): rename the file to import it"))
                continue
            }
            var info = stat()
            guard stat(child, &info) == 0 else {
                let code = errno
                if code == ELOOP {
                    skipped.append(Skipped(path: child, reason: "a loop of symbolic links (ELOOP)"))
                } else if code == ENOENT {
                    files.append(child)  // a dangling link: its import says it is no input
                } else {
                    skipped.append(Skipped(path: child, reason: String(cString: strerror(code))))
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                files.append(child)
            case S_IFDIR:
                if isOneInput(child) {
                    files.append(child)
                } else if visited.insert(DirectoryKey(info)).inserted {
                    read(directory: child, visited: &visited)
                } else {
                    skipped.append(Skipped(path: child, reason: "a directory already read (a link back into the tree): read once"))
                }
            case S_IFIFO:
                skipped.append(Skipped(path: child, reason: "a FIFO (named pipe), not a regular file"))
            case S_IFSOCK:
                skipped.append(Skipped(path: child, reason: "a socket, not a regular file"))
            case S_IFCHR, S_IFBLK:
                skipped.append(Skipped(path: child, reason: "a device, not a regular file"))
            default:
                skipped.append(Skipped(path: child, reason: "not a regular file"))
            }
        }
    }

    /// The name with each byte of an invalid UTF-8 sequence as `\x{ff}` (the valid parts kept).
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            var matched = false
            for length in stride(from: min(4, bytes.count - i), through: 1, by: -1) {
                if let s = String(validating: bytes[i..<(i + length)], as: UTF8.self), s.unicodeScalars.count == 1 {
                    out += s
                    i += length
                    matched = true
                    break
                }
            }
            if !matched {
                out += "\\x{" + String(bytes[i], radix: 16) + "}"
                i += 1
            }
        }
        return out
    }
}
