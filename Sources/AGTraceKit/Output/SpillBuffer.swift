import Foundation

/// Bytes appended once and read back by offset: in memory while they are few, then in a
/// `ScratchFile`. Holds a timeline's records (`TimelineSpool`) so that memory does not grow
/// with them.
///
/// Reads go through a window of the file: read in order (as a timeline mostly is), each byte
/// is read from the file once.
final class SpillBuffer {
    /// Bytes kept in memory before the first spill, and written to the file at a time after it.
    private let limit: Int
    /// The bytes not in the file yet: from `fileSize` on.
    private var tail: [UInt8] = []
    private var file: ScratchFile?
    private var fileSize = 0
    private var window: [UInt8] = []
    private var windowStart = 0
    static let windowSize = 1 << 16

    init(limit: Int = 1 << 18) {
        self.limit = limit
        tail.reserveCapacity(min(limit, 1 << 16))
    }

    /// Where the next byte appended goes.
    var count: Int { fileSize + tail.count }

    /// Appends `body`'s bytes (a record: `body` writes it whole, so no record is split between
    /// memory and the file); returns the offset of its first byte.
    func append(_ body: (inout [UInt8]) -> Void) throws -> Int {
        let offset = count
        body(&tail)
        if tail.count >= limit { try spill() }
        return offset
    }

    private func spill() throws {
        let file = try self.file ?? ScratchFile(prefix: "agtrace-timeline", what: "the timeline's temporary file")
        self.file = file
        try tail.withUnsafeBytes { try file.write($0, at: fileSize) }
        fileSize += tail.count
        tail.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the `length` bytes from `offset` (what one `append` wrote).
    func read<T>(_ offset: Int, _ length: Int, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        if offset >= fileSize {
            return try tail.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[(offset - fileSize)..<(offset - fileSize + length)])) }
        }
        if offset < windowStart || offset + length > windowStart + window.count {
            try fill(at: offset, length: max(length, Self.windowSize))
        }
        return try window.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[(offset - windowStart)..<(offset - windowStart + length)])) }
    }

    private func fill(at offset: Int, length: Int) throws {
        let wanted = min(length, fileSize - offset)
        if window.count != wanted { window = [UInt8](repeating: 0, count: wanted) }
        try window.withUnsafeMutableBytes { try file!.read(into: $0, at: offset) }
        windowStart = offset
    }
}
