/// A trace the reader refuses: truncated or not in the wire format, with the byte offset (in the
/// decompressed stream for a gzip'd file) where reading stopped.
public struct TraceFormatError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var offset: Int
    public var message: String
    public var compressed = false

    public init(path: String, offset: Int, message: String, compressed: Bool = false) {
        self.path = path
        self.offset = offset
        self.message = message
        self.compressed = compressed
    }

    public var description: String {
        "\(path): byte \(offset)\(compressed ? " (after decompression)" : ""): \(message)"
    }
}
