/// An archive that is not valid JSON or not of the documented shape, with its position.
public struct ArchiveFormatError: InputProblem, CustomStringConvertible, Equatable {
    public var path: String
    public var message: String
    public var offset: Int
    /// nil when the problem is found after its line was read (an index checked once the
    /// graph's nodes are known): `offset` still says where.
    public var line: Int?
    public var column: Int?
    /// The JSON is no archive at all (not an object, no `graphs`), rather than a damaged one:
    /// importing a directory skips it.
    public var notAnArchive = false
    public var notAnInput: Bool { notAnArchive }

    public var description: String {
        if let line, let column { return "\(path):\(line):\(column): \(message) (byte \(offset))" }
        return "\(path): \(message) (byte \(offset))"
    }
}
