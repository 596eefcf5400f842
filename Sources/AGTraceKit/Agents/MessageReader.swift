import Foundation

/// Reads the client's messages from a file descriptor: one per line (stdio's framing), each at
/// most `maxLine` bytes. A longer line is read past without being kept (a 100 MB line costs
/// 64 KB of memory) and comes back as `.tooLong`, so the server answers it and goes on.
public final class MessageReader {
    public enum Line: Equatable {
        case message([UInt8])
        case tooLong(bytes: Int)
    }

    private let fd: Int32
    private let maxLine: Int
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private var start = 0
    private var end = 0
    private var atEnd = false

    public init(fd: Int32, maxLine: Int) {
        self.fd = fd
        self.maxLine = maxLine
    }

    /// The next line without its end (`\n` or `\r\n`); empty lines are passed over. nil at the
    /// end of the input.
    public func next() -> Line? {
        buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
        var dropped = 0
        while true {
            if start == end {
                if atEnd || !fill() {
                    atEnd = true
                    if dropped > 0 { return .tooLong(bytes: dropped) }
                    return buffer.isEmpty ? nil : .message(trimmed(buffer))
                }
            }
            let newline = chunk[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let stop = newline ?? end
            let piece = stop - start
            if dropped > 0 || buffer.count + piece > maxLine {
                dropped += buffer.count + piece
                buffer.removeAll(keepingCapacity: false)
            } else {
                buffer.append(contentsOf: chunk[start..<stop])
            }
            start = newline.map { $0 + 1 } ?? end
            guard newline != nil else { continue }
            if dropped > 0 { return .tooLong(bytes: dropped) }
            let line = trimmed(buffer)
            if line.isEmpty { continue }
            return .message(line)
        }
    }

    private func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        bytes.last == UInt8(ascii: "\r") ? Array(bytes.dropLast()) : bytes
    }

    private func fill() -> Bool {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            start = 0
            end = n
            return true
        }
    }
}
