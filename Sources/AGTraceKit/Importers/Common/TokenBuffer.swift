/// The read buffer of a tokenizer that hands out tokens as views into it (JSON, XML): it grows
/// only when one token fills it, up to a limit the tokenizer refuses beyond.
enum TokenBuffer {
    /// Doubles `buffer` (up to `limit` bytes), keeping its first `count` bytes.
    static func grow(_ buffer: inout UnsafeMutablePointer<UInt8>, capacity: inout Int, keeping count: Int, limit: Int) {
        let grown = min(capacity * 2, limit)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = bigger
        capacity = grown
    }
}
