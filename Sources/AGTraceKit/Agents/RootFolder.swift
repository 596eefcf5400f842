import Foundation

/// The folder (`--root`) under which tools may read files: a path is taken only when, with
/// every symbolic link resolved, it lies inside it. Anything else is refused by name.
public struct RootFolder: Sendable {
    /// The folder itself, links resolved.
    public let path: String

    public init(_ path: String) throws {
        guard let resolved = Self.resolve(path) else {
            throw ToolError("--root \(path): no such folder")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ToolError("--root \(path): not a folder")
        }
        self.path = resolved
    }

    /// `path` (relative paths are taken from the root) resolved and checked to lie within the
    /// root; `argument` names where it was given, for the error.
    public func file(_ path: String, argument: String) throws -> String {
        guard !path.isEmpty else { throw ToolError("\(argument): an empty path") }
        guard path != "-" else { throw ToolError("\(argument): standard input is the protocol's, not a file (give a path under \(self.path))") }
        let absolute = path.hasPrefix("/") ? path : (self.path as NSString).appendingPathComponent(path)
        guard let resolved = Self.resolve(absolute) else {
            throw ToolError("\(argument): \(path): no such file or folder")
        }
        guard resolved == self.path || resolved.hasPrefix(self.path == "/" ? "/" : self.path + "/") else {
            throw ToolError("\(argument): \(path) is outside the root folder \(self.path) (links resolved: \(resolved)); agtrace mcp reads only files under --root")
        }
        return resolved
    }

    /// Whether `path` names something on disk (relative to the root): a value that may be a
    /// file or a label is a file when it does.
    public func exists(_ path: String) -> Bool {
        let absolute = path.hasPrefix("/") ? path : (self.path as NSString).appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: absolute)
    }

    /// The path with every link resolved (realpath), or nil when it does not exist.
    static func resolve(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}

/// A tool's problem said to the agent: what went wrong and where (an argument, a file, a label).
public struct ToolError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension RootFolder {
    /// A value that names a recording by file or by label (compare's A and B, check's
    /// inputs): a file or folder under the root, resolved (every file a folder holds checked
    /// too, links resolved), or else the label as given.
    public func fileOrLabel(_ value: String, argument: String) throws -> String {
        guard exists(value) else { return value }
        return try fileOrFolder(value, argument: argument)
    }

    /// A file or folder under the root, resolved; a folder's files (as a walk reads them) are
    /// each checked too: a link inside it to a file elsewhere is refused.
    public func fileOrFolder(_ value: String, argument: String) throws -> String {
        let resolved = try file(value, argument: argument)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue {
            for found in try DirectoryWalk.walk(resolved).files { _ = try file(found, argument: argument) }
        }
        return resolved
    }
}
