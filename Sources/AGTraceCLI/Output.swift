import AGTraceKit
import Foundation

/// Buffered writes to a file descriptor (1 or 2). A closed pipe ends the output quietly.
final class StreamSink: TextSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let limit: Int
    init(fd: Int32, bufferSize: Int = 64 * 1024) {
        self.fd = fd
        limit = bufferSize
        buffer.reserveCapacity(bufferSize)
    }
    /// A write failed for good (EPIPE: the reader of the pipe is gone, SIGPIPE being ignored):
    /// later writes are dropped, and producers that ask `isClosed` stop.
    private(set) var isClosed = false
    deinit { flush() }
    func write(_ text: String) {
        if isClosed { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= limit { flush() }
    }
    func write(utf8: UnsafeBufferPointer<UInt8>) {
        if isClosed { return }
        buffer.append(contentsOf: utf8)
        if buffer.count >= limit { flush() }
    }
    func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { isClosed = true; break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Text from files and the database (labels, paths, names, messages that quote the input) as one
/// inert line for the terminal: control characters, ESC sequences and bidi overrides escaped.
func terminalSafe(_ s: String) -> String { RowWriter.escapeForTable(s) }
