import CZlib

/// Inflates a gzip stream chunk by chunk (several concatenated members too, as `cat a.gz b.gz`
/// produces), or a raw DEFLATE stream (no header, no trailer: what jcmosc/Compute writes as
/// `.iag-gzon`). A stream that ends before its trailer (its final block) is an error, never a
/// silent short read.
public final class GzipSource: ByteSource {
    /// What wraps the DEFLATE data.
    public enum Wrapper: Sendable {
        /// gzip's header and trailer (magic `1f 8b`), members possibly concatenated.
        case gzip
        /// None: one DEFLATE stream, nothing after it.
        case rawDeflate
    }

    private let base: ByteSource
    private let path: String
    private let wrapper: Wrapper
    private var stream = z_stream()
    private var input: UnsafeMutableRawBufferPointer
    private var inputEnded = false
    private var memberEnded = false
    private var finished = false
    private var compressedOffset = 0

    public var bytesConsumed: Int { base.bytesConsumed }

    public init(_ base: ByteSource, path: String, wrapper: Wrapper = .gzip, chunkSize: Int = 256 * 1024) throws {
        self.base = base
        self.path = path
        self.wrapper = wrapper
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        // 16 + MAX_WBITS: gzip wrapper only; -MAX_WBITS: no wrapper at all.
        let bits = wrapper == .gzip ? 16 + MAX_WBITS : -MAX_WBITS
        let status = inflateInit2_(&stream, bits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            input.deallocate()
            throw InputError(path: path, message: "cannot start \(name) decompression (zlib status \(status))")
        }
    }

    private var name: String { wrapper == .gzip ? "gzip" : "DEFLATE" }

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
                // A raw stream has no members: bytes after its final block are not its own.
                if wrapper == .rawDeflate {
                    throw InputError(path: path, message: "data after the end of the DEFLATE stream, at compressed byte \(compressedOffset)")
                }
                inflateReset(&stream)
                memberEnded = false
            }
            if stream.avail_in == 0 && inputEnded {
                throw InputError(path: path, message: wrapper == .gzip
                    ? "truncated gzip stream: it ends at compressed byte \(compressedOffset) before its trailer"
                    : "truncated DEFLATE stream: it ends at compressed byte \(compressedOffset) before its final block")
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
                throw InputError(path: path, message: "corrupt \(name) data near compressed byte \(compressedOffset): \(reason)")
            }
        }
        return buffer.count - Int(stream.avail_out)
    }
}
