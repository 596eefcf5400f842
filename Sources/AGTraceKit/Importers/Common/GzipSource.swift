import CZlib

/// Inflates a gzip stream chunk by chunk (several concatenated members too, as `cat a.gz b.gz`
/// produces). A stream that ends before its trailer is an error, never a silent short read.
public final class GzipSource: ByteSource {
    private let base: ByteSource
    private let path: String
    private var stream = z_stream()
    private var input: UnsafeMutableRawBufferPointer
    private var inputEnded = false
    private var memberEnded = false
    private var finished = false
    private var compressedOffset = 0

    public var bytesConsumed: Int { base.bytesConsumed }

    public init(_ base: ByteSource, path: String, chunkSize: Int = 256 * 1024) throws {
        self.base = base
        self.path = path
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        // 16 + MAX_WBITS: gzip wrapper only.
        let status = inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            input.deallocate()
            throw InputError(path: path, message: "cannot start gzip decompression (zlib status \(status))")
        }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if finished || buffer.count == 0 { return 0 }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = UInt32(buffer.count)
        while stream.avail_out > 0 {
            if stream.avail_in == 0 && !inputEnded {
                let n = try base.read(into: input)
                if n == 0 {
                    inputEnded = true
                } else {
                    stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_in = UInt32(n)
                }
            }
            if memberEnded {
                // Another member follows only if there are more bytes.
                if stream.avail_in == 0 && inputEnded { finished = true; break }
                inflateReset(&stream)
                memberEnded = false
            }
            if stream.avail_in == 0 && inputEnded {
                throw InputError(path: path, message: "truncated gzip stream: it ends at compressed byte \(compressedOffset) before its trailer")
            }
            let before = stream.avail_in
            let status = inflate(&stream, Z_NO_FLUSH)
            compressedOffset += Int(before - stream.avail_in)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                memberEnded = true
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw InputError(path: path, message: "corrupt gzip data near compressed byte \(compressedOffset): \(reason)")
            }
        }
        return buffer.count - Int(stream.avail_out)
    }
}
