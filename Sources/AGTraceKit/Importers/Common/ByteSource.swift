import Foundation

/// A stream of bytes read in chunks: a file, standard input, or a decompressor over either.
/// Sources are pull-based so that nothing ever holds a whole file in memory.
public protocol ByteSource: AnyObject {
    /// Fills at most `buffer.count` bytes and returns how many were written; 0 means the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes consumed from the underlying file so far (compressed bytes for gzip), for progress.
    var bytesConsumed: Int { get }
}

/// An I/O or container-format failure, always naming the input it happened in.
/// An error that says why an input was refused, and whether it is no input at all (then a
/// directory import skips it): a format's own errors conform to it.
public protocol InputProblem: Error {
    var message: String { get }
    var notAnInput: Bool { get }
}

public struct InputError: InputProblem, CustomStringConvertible, Equatable {
    public var path: String
    public var message: String
    /// The file is no input at all (empty, not an archive or transcript, a dangling link)
    /// rather than a damaged one: importing a directory skips it.
    public var notAnInput = false
    public init(path: String, message: String, notAnInput: Bool = false) {
        self.path = path
        self.message = message
        self.notAnInput = notAnInput
    }
    public var description: String { "\(path): \(message)" }
}

/// Reads a file descriptor with plain `read(2)`: no buffering layer of its own, the caller's
/// buffer is the only copy.
public final class FileSource: ByteSource {
    public let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    public private(set) var bytesConsumed = 0

    /// Opens `path`, or standard input when `path` is "-".
    public init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = 0
            ownsDescriptor = false
            return
        }
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else {
            throw InputError(path: path, message: "cannot open: \(String(cString: strerror(errno)))", notAnInput: errno == ENOENT)
        }
        var info = stat()
        if fstat(opened, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(opened)
            throw InputError(path: path, message: "is a directory")
        }
        fd = opened
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let n = Platform.read(fd, into: buffer)
            if n >= 0 {
                bytesConsumed += n
                return n
            }
            if errno == EINTR { continue }
            throw InputError(path: path, message: "read failed: \(String(cString: strerror(errno)))")
        }
    }
}

/// Serves bytes from memory; used by tests and by sniffing to replay what it peeked at.
public final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    public var bytesConsumed: Int { position }

    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public convenience init(_ text: String) { self.init(Array(text.utf8)) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = min(buffer.count, bytes.count - position)
        if n > 0 {
            bytes.withUnsafeBytes { all in
                buffer.baseAddress!.copyMemory(from: all.baseAddress! + position, byteCount: n)
            }
            position += n
        }
        return n
    }
}

/// The size of the file at `path` (nil when there is none): `stat`, without the dictionary of
/// Foundation values `FileManager.attributesOfItem` builds.
func fileSize(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
}
