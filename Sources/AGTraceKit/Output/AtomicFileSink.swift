import Foundation

/// Text written to a file as it comes (64 KB at a time), never held whole: into a temporary
/// file beside the destination, renamed over it by `commit()`, so that a reader never sees
/// half a file and a failed export leaves none (`abandon()`, or the sink's end without a
/// commit, removes the temporary file). A large export costs its buffer, not its size.
public final class AtomicFileSink: TextSink {
    public let path: String
    private let temporary: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var failure: Int32 = 0
    private var finished = false
    static let bufferSize = 64 * 1024

    public init(path: String) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).agtrace-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputError(path: path, message: "cannot write here (\(String(cString: strerror(errno))))")
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { abandon() }

    public func write(_ text: String) {
        guard failure == 0, !finished else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Nothing more can be written (the disk is full, say): producers may stop early.
    public var isClosed: Bool { failure != 0 || finished }

    private func flush() {
        var offset = 0
        while offset < buffer.count, failure == 0 {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = n < 0 ? errno : EIO; break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered, and puts the file in place of `path`; throws (leaving `path`
    /// as it was) when any write failed.
    public func commit() throws {
        guard !finished else { return }
        flush()
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        let closed = close(fd)
        finished = true
        if failure == 0 && closed != 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw InputError(path: path, message: "cannot write the file (\(String(cString: strerror(failure))))")
        }
    }

    /// Removes the temporary file; `path` stays as it was.
    public func abandon() {
        guard !finished else { return }
        finished = true
        close(fd)
        unlink(temporary)
    }
}
