import Foundation

/// A request's cancellation (`notifications/cancelled`): once cancelled, every database it
/// opened is interrupted (SQLite stops its statement at the next check), and any opened later.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var cancelledAt: ContinuousClock.Instant?
    private var databases: [Database] = []

    public init() {}

    public var isCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled
    }

    /// Seconds since the cancellation arrived (nil when it has not): what the server says when
    /// the request stops, so a slow stop is seen from inside, not through a pipe's latency.
    public var secondsSinceCancelled: Double? {
        lock.lock(); defer { lock.unlock() }
        return cancelledAt.map { d in let e = ContinuousClock.now - d; return Double(e.components.seconds) + Double(e.components.attoseconds) / 1e18 }
    }

    public func cancel() {
        lock.lock()
        if !cancelled { cancelledAt = ContinuousClock.now }
        cancelled = true
        let open = databases
        lock.unlock()
        for db in open { db.interrupt() }
    }

    /// `db` is interrupted when the request is cancelled (at once if it was already).
    public func watch(_ db: Database) {
        db.installInterruptCheck()
        lock.lock()
        databases.append(db)
        let now = cancelled
        lock.unlock()
        if now { db.interrupt() }
    }

    /// Forgets the databases (closed when their request ends).
    public func release() {
        lock.lock(); databases.removeAll(); lock.unlock()
    }
}
