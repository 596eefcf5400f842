/// An append-only byte buffer that drains into a sink every megabyte, so a 200 MB document
/// never sits in memory. Appends are unchecked pointer writes: this is the generator's hot path.
final class OutputBuffer {
    private let sink: ByteSink
    private let capacity: Int
    private let storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// Uncompressed bytes produced so far.
    private(set) var totalBytes = 0

    init(sink: ByteSink, capacity: Int = 1 << 20) {
        self.sink = sink
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// Bytes buffered since the last drain: lets a writer measure and cut what it just wrote.
    var position: Int { count }

    /// Drops what was appended after `position` (never across a drain).
    func truncate(to position: Int) {
        precondition(position <= count, "truncate past the end")
        count = position
    }

    /// Longest single append allowed between flush checks (long values are built in pieces).
    static let slack = 8192

    @inline(__always) func byte(_ b: UInt8) {
        storage[count] = b
        count += 1
    }

    @inline(__always) func raw(_ s: StaticString) {
        s.withUTF8Buffer { buffer in
            (storage + count).update(from: buffer.baseAddress!, count: buffer.count)
            count += buffer.count
        }
    }

    @inline(__always) func bytes(_ a: [UInt8]) {
        a.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (storage + count).update(from: base, count: buffer.count)
            count += buffer.count
        }
    }

    /// Any length; drains as it goes.
    func string(_ s: String) throws {
        var s = s
        try s.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = min(buffer.count - offset, capacity - count)
                (storage + count).update(from: buffer.baseAddress! + offset, count: n)
                count += n
                offset += n
                if count == capacity { try drain() }
            }
        }
    }

    @inline(__always) func int(_ value: Int) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            uint(UInt64(-value))
        } else {
            uint(UInt64(value))
        }
    }

    @inline(__always) func uint(_ value: UInt64) {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        var v = value
        var i = count + digits - 1
        while i >= count {
            storage[i] = 48 + UInt8(v % 10)
            v /= 10
            i -= 1
        }
        count += digits
    }

    /// Lowercase hex, zero-padded to `width` digits.
    @inline(__always) func hex(_ value: UInt64, width: Int) {
        let table: StaticString = "0123456789abcdef"
        table.withUTF8Buffer { t in
            for shift in stride(from: (width - 1) * 4, through: 0, by: -4) {
                byte(t[Int((value >> UInt64(shift)) & 0xF)])
            }
        }
    }

    /// Drains when close to full; call between records.
    @inline(__always) func flushIfNeeded() throws {
        if count > capacity - OutputBuffer.slack { try drain() }
    }

    func drain() throws {
        guard count > 0 else { return }
        try sink.write(UnsafeRawBufferPointer(start: storage, count: count))
        totalBytes += count
        count = 0
    }

    /// Drains the rest and closes the sink; returns the size on disk.
    func finish() throws -> Int {
        try drain()
        return try sink.close()
    }
}
