/// Lets a caller look at the first bytes of a source and then read the whole stream from the
/// start, so that format sniffing works on pipes as well as files.
public final class PeekingSource: ByteSource {
    private let base: ByteSource
    private var head: [UInt8] = []
    private var headOffset = 0
    private var tap: ((UnsafeRawBufferPointer) -> Void)?

    /// `tap` sees every byte exactly once, in order, as it is read from `base` (for hashing).
    public init(_ base: ByteSource, tap: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        self.base = base
        self.tap = tap
    }

    public var bytesConsumed: Int { base.bytesConsumed }

    /// Up to `count` bytes from the start of the stream; fewer only when the stream is shorter.
    public func peek(_ count: Int) throws -> [UInt8] {
        while head.count < count {
            var chunk = [UInt8](repeating: 0, count: count - head.count)
            let n = try chunk.withUnsafeMutableBytes { try base.read(into: $0) }
            if n == 0 { break }
            chunk.withUnsafeBytes { tap?(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            head.append(contentsOf: chunk[0..<n])
        }
        return Array(head.prefix(count))
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if headOffset < head.count {
            let n = min(buffer.count, head.count - headOffset)
            head.withUnsafeBytes { all in
                buffer.baseAddress!.copyMemory(from: all.baseAddress! + headOffset, byteCount: n)
            }
            headOffset += n
            if headOffset == head.count { head = []; headOffset = 0 }
            return n
        }
        let n = try base.read(into: buffer)
        if n > 0 { tap?(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
        return n
    }
}
