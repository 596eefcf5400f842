import Foundation

/// The temporary file behind `OutputFile.stream`: text buffered and written 64 KB at a time,
/// then fsync'd and renamed over the target by `commit()`. A file replaced keeps its mode (and,
/// for root, its owner); `abandon()`, or the sink's end without a commit, removes the
/// temporary file and leaves the target as it was.
final class OutputFileSink: TextSink {
    private let output: OutputFile
    private let temporary: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var failure: String?
    private var finished = false
    static let bufferSize = 64 * 1024

    init(_ output: OutputFile) throws {
        self.output = output
        func fail(_ problem: String) -> OutputWriteError { OutputWriteError(path: output.path, what: output.what, problem: problem) }
        let target = output.target
        let folder = (target as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        if let problem = OutputFile.makeFolders(dir) { throw fail(problem) }
        // Checked again at the last moment: a rename over what became a device would replace it.
        var old = stat()
        let exists = lstat(target, &old) == 0
        if exists, let kind = OutputFile.notRegular(old.st_mode) {
            throw OutputRefusal(path: output.path, what: output.what, reason: kind)
        }
        // A SIGINT or SIGTERM from the moment it exists removes it too (else a failure's
        // `abandon` does, or a success's rename puts it in place).
        let made = SignalCleanup.shared.makeTemporaryFile(template: dir + "/." + (target as NSString).lastPathComponent + ".agtrace-XXXXXX")
        guard made.fd >= 0 else { throw fail("cannot create a temporary file in \(dir) (\(OutputFile.errnoText(made.error)))") }
        self.fd = made.fd
        temporary = made.path
        if exists {
            fchmod(fd, old.st_mode & 0o7777)
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(fd, old.st_uid, old.st_gid) }
        } else {
            fchmod(fd, 0o666 & ~OutputFile.umaskValue)
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { abandon() }

    func write(_ text: String) {
        guard failure == nil, !finished else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    func write(utf8: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, !finished else { return }
        buffer.append(contentsOf: utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Nothing more can be written (the disk is full, say): producers may stop early.
    var isClosed: Bool { failure != nil || finished }

    private func flush() {
        var offset = 0
        while offset < buffer.count, failure == nil {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = "cannot write \(temporary) (\(n < 0 ? OutputFile.errnoText() : "nothing written"))"; break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Puts the file in place of the target; throws (leaving the target as it was) when any
    /// write failed.
    func commit() throws {
        guard !finished else { return }
        flush()
        if failure == nil && fsync(fd) != 0 { failure = "cannot write \(temporary) (\(OutputFile.errnoText()))" }
        close(fd)
        finished = true
        defer { SignalCleanup.shared.remove(file: temporary) }
        if failure == nil && rename(temporary, output.target) != 0 {
            failure = "cannot put the new file in place of \(output.target) (\(OutputFile.errnoText()))"
        }
        if let failure {
            unlink(temporary)
            throw OutputWriteError(path: output.path, what: output.what, problem: failure)
        }
    }

    /// Removes the temporary file; the target stays as it was.
    func abandon() {
        guard !finished else { return }
        finished = true
        close(fd)
        unlink(temporary)
        SignalCleanup.shared.remove(file: temporary)
    }
}
