import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C into `Database.interrupt()` instead of killing the process mid-output, while
/// it lives (until `cancel`). The first SIGINT interrupts the connection; a second one (the
/// statement did not stop, say output is stuck on a full pipe) ends the process at once with
/// status 130.
///
/// A plain signal handler, doing only what a handler may: an atomic count, an atomic flag
/// and `sqlite3_interrupt` (which only sets a word; SQLite's own shell calls it from its
/// handler). A DispatchSource did the same from a thread of its own: starting that thread, its
/// memory arena and its epoll set cost every `query` and `report` ~1 ms of system time.
public final class InterruptOnSignal {
    private var previous = sigaction()

    public init(_ db: Database) {
        interruptCount.pointee = 0
        interruptFlag = db.interruptFlag.word
        interruptHandle = db.handle
        target = db
        var action = Platform.signalAction(calling: interruptOnSIGINT)
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, &previous)
    }

    /// Keeps the connection (and so its flag) alive while the handler may use it.
    private var target: Database?

    /// Puts back what SIGINT did before.
    public func cancel() {
        guard target != nil else { return }
        sigaction(SIGINT, &previous, nil)
        interruptHandle = nil
        interruptFlag = nil
        target = nil
    }

    deinit { cancel() }
}

/// What the handler reaches: set before it is installed, cleared after it is removed.
nonisolated(unsafe) private var interruptHandle: OpaquePointer?
nonisolated(unsafe) private var interruptFlag: UnsafeMutablePointer<Int32>?
nonisolated(unsafe) private let interruptCount: UnsafeMutablePointer<Int32> = {
    let word = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    word.initialize(to: 0)
    return word
}()

private func interruptOnSIGINT(_ sig: Int32) {
    if agtrace_atomic_increment(interruptCount) > 1 { _exit(130) }
    if let flag = interruptFlag { agtrace_atomic_set(flag) }
    if let handle = interruptHandle { sqlite3_interrupt(handle) }
}
