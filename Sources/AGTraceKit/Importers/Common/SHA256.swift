import CSHA256

/// SHA-256, streaming. Imports are identified by the hash of their bytes as stored (compressed
/// bytes for gzip). The work is in C so that it can use the CPU's SHA instructions: hashing
/// runs beside parsing and must not slow it.
public struct SHA256 {
    private var context = agtrace_sha256()

    public init() { agtrace_sha256_init(&context) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        agtrace_sha256_update(&context, base, bytes.count)
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest as 64 lowercase hex digits.
    public mutating func finalizeHex() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        agtrace_sha256_final(&context, &digest)
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for b in digest {
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
