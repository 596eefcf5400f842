import CZlib

/// Whether bytes with no magic of their own are a raw DEFLATE stream (jcmosc/Compute's
/// `.iag-gzon`: zlib's deflate with no gzip header or trailer). A raw stream has no signature,
/// so the rule is about what it inflates to: the first bytes of the head must inflate, without
/// error, to text that starts like JSON (`{` or `[` after an optional byte order mark and
/// whitespace), all of it printable or whitespace, at least `minimumText` bytes of it unless the
/// stream ends sooner. Random binary data passes only by a vanishing chance; a cut or damaged
/// stream still passes when its start is whole, so that reading it says where it breaks.
enum RawDeflate {
    static let minimumText = 64

    static func inflatesToJSON(_ head: [UInt8]) -> Bool {
        guard !head.isEmpty else { return false }
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return false }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: 4096)
        var input = head
        let (status, produced) = input.withUnsafeMutableBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o -> (Int32, Int) in
                stream.next_in = inp.baseAddress
                stream.avail_in = UInt32(inp.count)
                stream.next_out = o.baseAddress
                stream.avail_out = UInt32(o.count)
                let status = inflate(&stream, Z_SYNC_FLUSH)
                return (status, o.count - Int(stream.avail_out))
            }
        }
        // Z_BUF_ERROR: the head ended (or the output filled) with no error seen. A stream damaged
        // after its first `minimumText` bytes is still one (its import says where it breaks).
        let clean = status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR
        guard clean || (status == Z_DATA_ERROR && produced >= minimumText) else { return false }
        let text = out[0..<produced]
        guard produced >= minimumText || (status == Z_STREAM_END && produced > 0) else { return false }
        var i = text.startIndex
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
        while i < text.endIndex, isWhitespace(text[i]) { i += 1 }
        guard i < text.endIndex, text[i] == UInt8(ascii: "{") || text[i] == UInt8(ascii: "[") else { return false }
        // UTF-8 beyond ASCII is text too; control characters other than whitespace are not.
        return !text.contains { $0 < 0x20 && !isWhitespace($0) || $0 == 0x7F }
    }

    private static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
