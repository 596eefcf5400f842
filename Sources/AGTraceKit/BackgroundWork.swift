import Foundation

/// Work run on a thread of its own, its result waited for later: the second core's share of an
/// import or a report (the upper half of an edge sort, the debug tree's naming, a writeback,
/// a comparison's second snapshot). A `Thread` rather than Dispatch's pool, which on Linux
/// does not add a thread while the importing threads count as busy: it ran such work after
/// theirs rather than beside it.
final class BackgroundWork<T>: @unchecked Sendable {
    /// Written by the thread before `done` is signalled, read after the wait.
    private var result: T?
    private let done = DispatchSemaphore(value: 0)
    private var waited = false

    init(name: String, _ work: @escaping () -> T) {
        let body = UncheckedBox(work)
        let thread = Thread { [self] in
            result = body.value()
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// The work's result, once it has ended; may be called again (by the thread that started it).
    @discardableResult
    func wait() -> T {
        if !waited {
            done.wait()
            waited = true
        }
        return result!
    }
}

/// A value given to another thread to own: `take` moves it out, so that the taker holds the
/// only reference to its storage and can change it in place without copying it.
final class Handoff<T>: @unchecked Sendable {
    private var value: T?

    init(_ value: T) { self.value = value }

    /// The value; call once.
    func take() -> T {
        defer { value = nil }
        return value!
    }
}
