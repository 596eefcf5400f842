/// A node's value as the comparison of two snapshots sees it: a 128-bit digest of its bytes
/// (SipHash-1-3, which also takes in the length), (0, 0) for NULL; so that a side's values need
/// not be held to be compared (a million-node snapshot's are 50 MB). Two different values agree
/// on both 64-bit halves with a probability of about 2^-128: for any number of nodes a snapshot
/// can hold, the comparison is as good as exact. Both halves use the process's hashing seed, so
/// digests compare within one process only.
struct ValueDigest: Equatable {
    var low, high: UInt64

    static let null = ValueDigest(low: 0, high: 0)

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>?) {
        guard let bytes else { self = .null; return }
        let raw = UnsafeRawBufferPointer(bytes)
        // Two keyed hashes of the bytes, told apart by what precedes them.
        var first = Hasher(), second = Hasher()
        first.combine(0x9E37_79B9_7F4A_7C15 as UInt64)
        second.combine(0xC2B2_AE3D_27D4_EB4F as UInt64)
        first.combine(bytes: raw)
        second.combine(bytes: raw)
        low = UInt64(bitPattern: Int64(first.finalize()))
        high = UInt64(bitPattern: Int64(second.finalize()))
        // (0, 0) is NULL's alone.
        if low == 0 && high == 0 { high = 1 }
    }
}
