import AGTraceKit
import Dispatch
import Foundation

/// Turns Ctrl-C into a call (sqlite3_interrupt) instead of killing the process mid-output.
final class InterruptHandler {
    private let source: DispatchSourceSignal
    private static let queue = DispatchQueue(label: "agtrace.signals")

    /// The first Ctrl-C runs `action`; a second one (the query did not stop, say output is
    /// stuck on a full pipe) ends the process at once with status 130.
    init(_ action: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: Self.queue)
        let count = SignalCount()
        source.setEventHandler {
            if count.increment() > 1 { _exit(130) }
            action()
        }
        source.resume()
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}

/// Signals seen so far (touched only on the signal queue).
private final class SignalCount: @unchecked Sendable {
    private var value = 0
    func increment() -> Int { value += 1; return value }
}
