import Foundation

/// A temporary file only this process sees: made in the temporary folder and unlinked at once,
/// so nothing is left behind however agtrace ends, then written and read at byte offsets. Holds
/// what would not fit in memory: a large archive's sorted edge runs (`EdgeRuns`), a timeline's
/// records (`SpillBuffer`).
final class ScratchFile {
    /// What the file holds, as errors name it: "the temporary edge file".
    let what: String
    private let fd: Int32

    init(prefix: String, what: String) throws {
        self.what = what
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { throw ScratchFileError(message: "cannot create a temporary file in \(NSTemporaryDirectory())", code: errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        fd = made
    }

    deinit { close(fd) }

    /// Writes all of `bytes` from byte `offset` on.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw ScratchFileError(message: "cannot write \(what)", code: errno) }
            done += n
        }
    }

    /// Fills all of `buffer` from byte `offset` on (the end of the file before that is an error).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw ScratchFileError(message: "cannot read \(what) back", code: n == 0 ? EIO : errno) }
            done += n
        }
    }
}

/// A temporary file could not be made, written or read: what failed, and the system's reason.
struct ScratchFileError: Error, CustomStringConvertible {
    var message: String
    var code: Int32
    var description: String { "\(message): \(String(cString: strerror(code)))" }
}
