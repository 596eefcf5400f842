import Foundation

/// Parses on the calling thread and writes on a second one: the reader fills batches of
/// records, a bounded queue hands them over, and a writer thread replays them onto a store.
/// The two halves of an import take about the same time, so this nearly halves it. The queue
/// is bounded, so memory stays flat however large the input. Archives and transcripts each
/// wrap one of these in their sink (`ArchivePipeline`, `TranscriptPipeline`).
final class RecordPipeline<Record> {
    let batchSize: Int
    private let queue = BoundedQueue<[Record]>(capacity: 8)
    /// Emptied batches on their way back to the reader: their storage is reused, not
    /// allocated afresh (a batch is large enough for malloc to map and unmap it each time,
    /// with a page fault per page).
    private let recycled = BoundedQueue<[Record]>(capacity: 10)
    // The reader's side only: no dynamic exclusivity checks on every record.
    @exclusivity(unchecked) private var batch: [Record] = []
    private let writer: Thread
    private let done = DispatchSemaphore(value: 0)
    private let failure = ErrorBox()
    /// Called on the parsing thread every few batches, for progress display.
    var tick: (() -> Void)?
    @exclusivity(unchecked) private var batches = 0

    /// Starts the writer thread. `write` runs there, for each batch in order; `close` runs
    /// there once after the last batch unless something failed (the store's final writes).
    init(batchSize: Int, write: @escaping ([Record]) throws -> Void, close: @escaping () throws -> Void = {}) {
        self.batchSize = batchSize
        batch.reserveCapacity(batchSize)
        let queue = self.queue, recycled = self.recycled, failure = self.failure, done = self.done
        let work = WriterWork(write: write, close: close)
        writer = Thread {
            while var records = queue.pop() {
                guard !failure.isSet else { continue }  // drain so the reader never blocks
                do {
                    try work.write?(records)
                } catch {
                    failure.set(error)
                }
                records.removeAll(keepingCapacity: true)
                recycled.offer(records)
            }
            if !failure.isSet && !queue.isAbandoned {
                do { try work.close?() } catch { failure.set(error) }
            }
            // Let go of the store (and its prepared statements) here, while the reader waits.
            // Left to the thread's exit, the last release of this closure could come after the
            // reader has gone on to COMMIT or ROLLBACK, and finalize statements on this thread
            // while the reader uses the connection: SQLite connections here are not
            // thread-safe, and the fuzzer caught a ROLLBACK spinning on a corrupted statement list.
            work.write = nil
            work.close = nil
            done.signal()
        }
        writer.name = "agtrace-writer"
        writer.stackSize = 1 << 20
        writer.start()
    }

    /// Waits for the writer to apply everything; rethrows the writer's error.
    func finish() throws {
        if !batch.isEmpty { queue.push(batch); batch = [] }
        queue.close()
        waitForWriter()
        if let error = failure.error { throw error }
    }

    /// Stops the writer after a reader error; whatever it applied is rolled back by the caller.
    /// Also called after `finish` threw the writer's error, so it must not wait twice: the
    /// writer signals `done` once, and a second wait would never return.
    func abandon() {
        batch = []
        queue.close(abandon: true)
        waitForWriter()
    }

    private var writerDone = false

    private func waitForWriter() {
        guard !writerDone else { return }
        done.wait()
        writerDone = true
    }

    /// Text a batch may carry before it is sent early, so that what waits in the queue is
    /// bounded in bytes as well as in records: a batch is at most this plus one record's text
    /// (each string is at most `JSONTokenizer.defaultMaxTokenBytes`), however the input mixes
    /// long strings with short records.
    static var batchTextBudget: Int { 1 << 20 }
    @exclusivity(unchecked) private var batchTextBytes = 0

    @inline(__always)
    func add(_ r: Record) throws {
        batch.append(r)
        if batch.count == batchSize { try flush() }
    }

    /// A record carrying `textBytes` of strings.
    @inline(__always)
    func add(_ r: Record, textBytes: Int) throws {
        batch.append(r)
        batchTextBytes += textBytes
        if batch.count == batchSize || batchTextBytes >= Self.batchTextBudget { try flush() }
    }

    private func flush() throws {
        if let error = failure.error { throw error }
        batchTextBytes = 0
        queue.push(batch)
        batch = recycled.poll() ?? []
        batch.reserveCapacity(batchSize)
        batches += 1
        if batches & 7 == 0 { tick?() }
    }
}

/// An importer's sink: a reader fills it on the importing thread while its `RecordPipeline`'s
/// writer thread stores the records. Archives, transcripts and traces each have one.
protocol ImportPipeline: AnyObject {
    associatedtype Record
    var pipeline: RecordPipeline<Record> { get }
}

extension ImportPipeline {
    /// Called on the parsing thread every few batches, for progress display.
    var tick: (() -> Void)? {
        get { pipeline.tick }
        set { pipeline.tick = newValue }
    }

    /// Waits for the writer to store everything; rethrows its error.
    func finish() throws { try pipeline.finish() }
    /// Stops the writer after an error (the caller's transaction rolls back what it wrote).
    func abandon() { pipeline.abandon() }

    /// Runs `read` (the reader filling this pipeline), then waits for the writer; on any error
    /// stops the writer before rethrowing. `mark` names the phases for `import --timings`.
    func drive<T>(mark: (String) -> Void, _ read: () throws -> T) throws -> T {
        do {
            let result = try read()
            mark("parsed")
            try finish()
            mark("rows written")
            return result
        } catch {
            abandon()
            throw error
        }
    }
}

/// A FIFO of at most `capacity` items between one producer and one consumer thread. Items
/// are moved out when taken (the queue keeps no reference), so a taken array is uniquely
/// referenced and can be emptied and refilled in place.
final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Element?]
    private var head = 0
    private var count = 0
    private var closed = false
    private var abandoned = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        slots = Array(repeating: nil, count: capacity)
    }

    func push(_ item: Element) {
        condition.lock()
        while count >= capacity && !closed { condition.wait() }
        if !closed { append(item) }
        condition.broadcast()
        condition.unlock()
    }

    /// Adds `item` unless the queue is full or closed (never waits).
    func offer(_ item: Element) {
        condition.lock()
        if !closed && count < capacity {
            append(item)
            condition.broadcast()
        }
        condition.unlock()
    }

    var isAbandoned: Bool {
        condition.lock()
        defer { condition.unlock() }
        return abandoned
    }

    /// The next item, or nil once the queue is closed and empty.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !closed { condition.wait() }
        guard count > 0 else { return nil }
        let item = take()
        condition.broadcast()
        return item
    }

    /// The next item if there is one now (never waits).
    func poll() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        guard count > 0 else { return nil }
        let item = take()
        condition.broadcast()
        return item
    }

    /// No more items. `abandon`: the producer gave up (the consumer should not finish its work).
    func close(abandon: Bool = false) {
        condition.lock()
        closed = true
        abandoned = abandoned || abandon
        condition.broadcast()
        condition.unlock()
    }

    private func append(_ item: Element) {
        slots[(head + count) % capacity] = item
        count += 1
    }

    private func take() -> Element {
        let item = slots[head].take()!
        head = (head + 1) % capacity
        count -= 1
        return item
    }
}

/// The first error a thread hit, readable from another.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?
    var error: Error? { lock.lock(); defer { lock.unlock() }; return stored }
    var isSet: Bool { error != nil }
    func set(_ e: Error) { lock.lock(); if stored == nil { stored = e }; lock.unlock() }
}

/// Hands a value that is used by one thread at a time to another thread.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The writer thread's two jobs, held where the thread itself can drop them.
private final class WriterWork<Record>: @unchecked Sendable {
    var write: (([Record]) throws -> Void)?
    var close: (() throws -> Void)?
    init(write: @escaping ([Record]) throws -> Void, close: @escaping () throws -> Void) {
        self.write = write
        self.close = close
    }
}
