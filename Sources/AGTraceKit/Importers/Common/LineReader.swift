#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream into lines (`\n` or `\r\n`), reading it in chunks.
///
/// Lines are handed out as byte views into the reader's own buffer, so the common case copies
/// nothing; only a line that straddles two chunks is moved to the buffer's front. Memory stays
/// bounded whatever the input: a line longer than `maxLineLength` keeps its first
/// `maxLineLength` bytes (the rest is dropped, the line still counts as one line).
/// Bytes are not decoded here; `nextLine()` decodes with U+FFFD replacement for invalid UTF-8.
public final class LineReader {
    public let maxLineLength: Int
    /// 1-based number of the line most recently handed out (0 before the first).
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    /// How many lines were longer than `maxLineLength` and were cut.
    public private(set) var truncatedLines = 0
    /// The stream ended without a newline after its last line: a recording cut mid-line.
    public private(set) var lastLineUnterminated = false

    private let source: ByteSource
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var scanFrom = 0
    private var atEnd = false
    /// The kept head of a line longer than the buffer, and that line's full length so far.
    private let longLine: UnsafeMutablePointer<UInt8>
    private var longLineKept = 0
    private var longLineLength = 0
    @exclusivity(unchecked) private var inLongLine = false
    /// The last line handed out was a long one: empty its head before starting another.
    private var clearLongLine = false

    public init(_ source: ByteSource, chunkSize: Int = 256 * 1024, maxLineLength: Int = 64 * 1024) {
        self.source = source
        self.capacity = max(chunkSize, 16)
        self.maxLineLength = max(maxLineLength, 1)
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        longLine = UnsafeMutablePointer<UInt8>.allocate(capacity: self.maxLineLength)
    }

    deinit {
        buffer.deallocate()
        longLine.deallocate()
    }

    /// The next line's bytes (without its terminator), or nil at the end of the stream. The
    /// bytes are valid until the next call: the hot loop's form, with no closure per line.
    @inline(__always)
    public func next() throws -> UnsafeBufferPointer<UInt8>? {
        if inLongLine || scanFrom >= end {
            return try nextSlow()
        }
        guard let found = memchr(buffer + scanFrom, 10, end - scanFrom) else { return try nextSlow() }
        let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let lineStart = start
        start = newline + 1
        scanFrom = start
        lineNumber += 1
        return cut(lineStart..<newline)
    }

    private func nextSlow() throws -> UnsafeBufferPointer<UInt8>? {
        while true {
            if scanFrom < end, let found = memchr(buffer + scanFrom, 10, end - scanFrom) {
                let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let lineStart = start
                start = newline + 1
                scanFrom = start
                lineNumber += 1
                if inLongLine {
                    return finishLongLine(tail: lineStart..<newline)
                }
                return cut(lineStart..<newline)
            }
            scanFrom = end
            if atEnd {
                if start < end || inLongLine {
                    let rest = start..<end
                    start = end
                    scanFrom = end
                    lineNumber += 1
                    lastLineUnterminated = true
                    if inLongLine { return finishLongLine(tail: rest) }
                    return cut(rest)
                }
                return nil
            }
            try refill()
        }
    }

    /// The next line decoded as UTF-8 (invalid bytes become U+FFFD), or nil at the end.
    public func nextLine() throws -> String? {
        try next().map { String(decoding: $0, as: UTF8.self) }
    }

    /// A line that fits in the buffer: strip `\r`, cap the length.
    private func cut(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        var length = range.count
        if length > 0 && buffer[range.upperBound - 1] == 13 { length -= 1 }
        if length > maxLineLength {
            length = maxLineLength
            truncatedLines += 1
        }
        return UnsafeBufferPointer(start: buffer + range.lowerBound, count: length)
    }

    /// The kept head of a long line; valid until the next call (the head's storage is only
    /// emptied when the following line is read).
    private func finishLongLine(tail: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        if clearLongLine { resetLongLine() }
        var tailEnd = tail.upperBound
        if tailEnd > tail.lowerBound && buffer[tailEnd - 1] == 13 {
            tailEnd -= 1
        } else if tail.isEmpty && longLineLength == longLineKept && longLineKept > 0 && longLine[longLineKept - 1] == 13 {
            // The `\r` ended the previous chunk and the `\n` began this one.
            longLineKept -= 1
            longLineLength -= 1
        }
        keep(tail.lowerBound..<tailEnd)
        if longLineLength > maxLineLength { truncatedLines += 1 }
        inLongLine = false
        clearLongLine = true
        return UnsafeBufferPointer(start: longLine, count: longLineKept)
    }

    private func resetLongLine() {
        longLineKept = 0
        longLineLength = 0
        clearLongLine = false
    }

    /// Appends to the long-line head up to the cap; counts everything.
    private func keep(_ range: Range<Int>) {
        if clearLongLine { resetLongLine() }
        longLineLength += range.count
        let room = maxLineLength - longLineKept
        if room > 0 && !range.isEmpty {
            let n = min(room, range.count)
            (longLine + longLineKept).update(from: buffer + range.lowerBound, count: n)
            longLineKept += n
        }
    }

    private func refill() throws {
        if start > 0 {
            let pending = end - start
            if pending > 0 { memmove(buffer, buffer + start, pending) }
            end = pending
            scanFrom -= start
            start = 0
        }
        if end == capacity {
            // A full buffer without a newline: park its head aside and keep scanning.
            keep(0..<end)
            inLongLine = true
            start = 0
            end = 0
            scanFrom = 0
        }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
        if n <= 0 { atEnd = true } else { end += n }
    }
}
