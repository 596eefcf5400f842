#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C functions by their module's name, chosen once: Glibc on Linux, Darwin on macOS.
#if canImport(Glibc)
private let cRead = Glibc.read, cWrite = Glibc.write, cClose = Glibc.close
private func cOpen(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
#elseif canImport(Darwin)
private let cRead = Darwin.read, cWrite = Darwin.write, cClose = Darwin.close
private func cOpen(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
#endif

/// read(2), write(2) and close(2), named through their C module: a type with a `read`, `write`
/// or `close` method of its own (a byte source, a sink) cannot call the C function unqualified,
/// and the module is Glibc on Linux, Darwin on macOS.
extension Platform {
    /// Reads into `buffer`: the count read, 0 at the end, -1 with `errno` set.
    @inline(__always)
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        cRead(fd, buffer.baseAddress, buffer.count)
    }

    /// Writes from `bytes`: the count written (maybe fewer), -1 with `errno` set.
    @inline(__always)
    public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        cWrite(fd, bytes.baseAddress, bytes.count)
    }

    /// Opens `path` for reading (close-on-exec): the descriptor, or -1 with `errno` set.
    public static func openForReading(_ path: String) -> Int32 {
        cOpen(path, O_RDONLY | O_CLOEXEC)
    }

    /// Closes `fd`: 0, or -1 with `errno` set.
    @discardableResult
    public static func close(_ fd: Int32) -> Int32 {
        cClose(fd)
    }
}
