import Foundation

/// What must not outlive agtrace when SIGINT or SIGTERM ends it (a CI timeout, Ctrl-C): the
/// private databases' folders (`PrivateDatabase`) and the temporary files of outputs being
/// written (`OutputFileSink`), removed, and the child processes it started
/// (`Graphviz`'s dot), killed; then the process exits with status 128 + the signal (what a
/// shell reports for a process the signal ended). The handlers are installed with the first
/// thing registered and stay: with nothing left, a signal only exits. A signal handler may do
/// next to nothing, so it only writes the signal's number into a pipe; a thread waiting on the
/// pipe does the cleaning and exits.
/// (Not a DispatchSource: on Linux it installs its own handler at a moment of its choosing,
/// which the SIG_IGN such a source needs can override, and the signal is then lost.)
final class SignalCleanup: @unchecked Sendable {
    static let shared = SignalCleanup()
    private let lock = NSLock()
    private var directories: [URL] = []
    private var children: [pid_t] = []
    private var files: [String] = []
    private var installed = false

    /// Makes `directory` (mode 0700) and registers it in one step under the lock, so that a
    /// signal comes either before it exists or after it is registered, never between. Returns
    /// mkdir's errno if it failed (nothing registered then).
    func makeDirectory(_ directory: URL) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
        guard mkdir(directory.path, 0o700) == 0 else { return errno }
        directories.append(directory)
        return nil
    }

    func remove(_ directory: URL) {
        lock.lock()
        directories.removeAll { $0 == directory }
        lock.unlock()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `mkstemp(template)`: a temporary file a signal removes (until `remove(file:)`), made and
    /// registered in one step under the lock as `makeDirectory`. Returns the descriptor and the
    /// file's path, or -1 and mkstemp's errno.
    func makeTemporaryFile(template: String) -> (fd: Int32, path: String, error: Int32) {
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
        var name = Array(template.utf8CString)
        let fd = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return (-1, template, errno) }
        let path = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        files.append(path)
        return (fd, path, 0)
    }

    /// No longer the signal's to remove (renamed into place, or removed by its owner).
    func remove(file: String) {
        lock.lock()
        files.removeAll { $0 == file }
        lock.unlock()
    }

    /// Starts a child (`start` returns its pid) that a signal kills. The lock is held from
    /// before the start to the pid's registration, so a signal in between waits for the pid
    /// and still kills it.
    func startChild(_ start: () throws -> pid_t) rethrows {
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
        children.append(try start())
    }

    func remove(child: pid_t) {
        lock.lock()
        children.removeAll { $0 == child }
        lock.unlock()
    }

    /// Under `lock`.
    private func installHandlers() {
        guard !installed else { return }
        installed = true
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        let readEnd = fds[0]
        signalPipeWriteEnd = fds[1]
        let thread = Thread { [self] in
            var sig: UInt8 = 0
            while true {
                let n = read(readEnd, &sig, 1)
                if n == 1 { interrupted(by: Int32(sig)) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
            }
        }
        thread.name = "agtrace-signals"
        thread.stackSize = 1 << 18
        thread.start()
        for sig in [SIGINT, SIGTERM] {
            var action = Platform.signalAction(calling: forwardSignal)
            sigemptyset(&action.sa_mask)
            // SA_RESTART: the thread the signal lands on carries on with what it was blocked in
            // (a read of dot's output) until the signal thread exits; without it the read fails
            // with EINTR, and Foundation's FileHandle traps on that before the exit.
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }

    private func interrupted(by sig: Int32) {
        lock.lock()
        let all = directories, pids = children, temporaries = files
        directories = []
        children = []
        files = []
        lock.unlock()
        // Children first: a dot laying out for nobody is killed, not left to the init process.
        for pid in pids { kill(pid, SIGKILL) }
        for directory in all { Self.removeWhileInUse(directory) }
        for file in temporaries { unlink(file) }
        let what = sig == SIGINT ? "interrupted (Ctrl-C)" : "terminated (SIGTERM)"
        let message = all.isEmpty ? "agtrace: \(what)\n" : "agtrace: \(what): the private database was removed\n"
        message.withCString { _ = write(2, $0, strlen($0)) }
        _exit(128 + sig)
    }
}

extension SignalCleanup {
    /// Removes a private database's folder that the command's own thread may still be writing
    /// in (SQLite makes its journal beside the database, by path, at any moment): renamed first,
    /// so that no new file can appear in it while it is emptied, then removed. Without the
    /// rename, a journal made between the emptying and the rmdir leaves the folder behind.
    static func removeWhileInUse(_ directory: URL) {
        let doomed = directory.path + ".removing"
        let target = rename(directory.path, doomed) == 0 ? URL(fileURLWithPath: doomed) : directory
        try? FileManager.default.removeItem(at: target)
    }
}

/// The pipe's write end for `forwardSignal` (set once, before the handlers are installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: writes the signal's number into the pipe (write(2) is async-signal-safe).
private func forwardSignal(_ sig: Int32) {
    var byte = UInt8(truncatingIfNeeded: sig)
    _ = write(signalPipeWriteEnd, &byte, 1)
}
