import Foundation

/// Feeds raw bytes to SHA-256 as the reader pulls them: on the reading thread, or (after
/// `hashElsewhere`) on a thread of its own, the bytes copied over through a few reused buffers.
final class HashingTap: @unchecked Sendable {
    private var sha = SHA256()
    private var digest: String?
    private var worker: Worker?

    func update(_ bytes: UnsafeRawBufferPointer) {
        if let worker { worker.send(bytes) } else { sha.update(bytes) }
    }

    /// Hashes what comes next on another thread, so that the reading thread only copies: the
    /// parsing thread is on an import's critical path, and after the parse the machine's other
    /// core has time to spare.
    func hashElsewhere() {
        guard worker == nil, digest == nil else { return }
        worker = Worker(tap: self)
    }

    /// The SHA-256 of everything `source` has left: read on this thread straight into the
    /// hashing thread's buffers, hashed there meanwhile (the reads' copies and the hashing
    /// overlap on two cores: a re-import's check of a 60 MB file, 51 -> ~40 ms).
    func hashToEnd(of source: ByteSource) throws -> String {
        hashElsewhere()
        defer { _ = finish() }
        try worker?.drain(source)
        return finish()
    }

    func finish() -> String {
        if let digest { return digest }
        if let worker {
            worker.finish()
            self.worker = nil
        }
        let d = sha.finalizeHex()
        digest = d
        return d
    }

    /// The hashing thread: filled buffers go one way, empty ones come back.
    private final class Worker: @unchecked Sendable {
        struct Chunk: @unchecked Sendable {
            var bytes: UnsafeMutableRawPointer
            var count: Int
        }
        static let bufferSize = 256 * 1024
        static let buffers = 4

        private let filled = BoundedQueue<Chunk>(capacity: Worker.buffers)
        private let empty = BoundedQueue<Chunk>(capacity: Worker.buffers)
        private let done = DispatchSemaphore(value: 0)
        private var all: [UnsafeMutableRawPointer] = []

        init(tap: HashingTap) {
            for _ in 0..<Self.buffers {
                let p = UnsafeMutableRawPointer.allocate(byteCount: Self.bufferSize, alignment: 64)
                all.append(p)
                empty.push(Chunk(bytes: p, count: 0))
            }
            let filled = self.filled, empty = self.empty, done = self.done
            let thread = Thread {
                while let chunk = filled.pop() {
                    tap.sha.update(UnsafeRawBufferPointer(start: chunk.bytes, count: chunk.count))
                    empty.push(chunk)
                }
                done.signal()
            }
            thread.name = "agtrace-hasher"
            thread.stackSize = 1 << 18
            thread.start()
        }

        deinit { for p in all { p.deallocate() } }

        func send(_ bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while offset < bytes.count {
                guard var chunk = empty.pop() else { return }
                let n = min(Self.bufferSize, bytes.count - offset)
                chunk.bytes.copyMemory(from: bytes.baseAddress! + offset, byteCount: n)
                chunk.count = n
                filled.push(chunk)
                offset += n
            }
        }

        /// Reads `source` to its end into the empty buffers, handing each on as it fills.
        func drain(_ source: ByteSource) throws {
            while var chunk = empty.pop() {
                let n = try source.read(into: UnsafeMutableRawBufferPointer(start: chunk.bytes, count: Self.bufferSize))
                if n == 0 {
                    empty.push(chunk)
                    return
                }
                chunk.count = n
                filled.push(chunk)
            }
        }

        func finish() {
            filled.close()
            done.wait()
        }
    }
}
