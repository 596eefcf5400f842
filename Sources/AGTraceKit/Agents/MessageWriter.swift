import Foundation

/// Writes the server's messages to a file descriptor, one JSON text a line, whole: responses
/// and notifications come from several threads, and a line is never interleaved with another.
public final class MessageWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    /// The client closed its end: what is left to say is dropped.
    public private(set) var isClosed = false

    public init(fd: Int32) { self.fd = fd }

    public func send(_ message: JSONValue) {
        var text = message.text
        text += "\n"
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { isClosed = true; return }
            offset += n
        }
        bytes.removeAll()
    }
}
