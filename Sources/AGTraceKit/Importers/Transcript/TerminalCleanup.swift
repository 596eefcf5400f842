#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Undoes what terminals and editors add to a copied console: a UTF-8 byte-order mark on the
/// first line, extra carriage returns (a pty turns a program's `\n` into `\r\r\n`), and ANSI
/// colour sequences (`ESC[33m`) from an lldb with `use-color` on. Call `release` when done.
struct TerminalCleanup {
    private var scratch: UnsafeMutablePointer<UInt8>?
    private var scratchCapacity = 0

    /// The cleaned line: a view of `line`, or (only when there is an escape sequence) of a
    /// copy that stays valid until the next call.
    @inline(__always)
    mutating func clean(_ line: Bytes, lineNumber: Int) -> Bytes {
        var start = 0
        var end = line.count
        if lineNumber == 1, line.matches("\u{FEFF}", at: 0) { start = 3 }
        while end > start && line[end - 1] == 0x0D { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: line[start..<end])
        guard let base = trimmed.baseAddress, !trimmed.isEmpty, memchr(base, 0x1B, trimmed.count) != nil else {
            return trimmed
        }
        return withoutEscapes(trimmed)
    }

    private mutating func withoutEscapes(_ trimmed: Bytes) -> Bytes {
        var n = 0
        if scratchCapacity < trimmed.count {
            scratch?.deallocate()
            scratch = .allocate(capacity: trimmed.count)
            scratchCapacity = trimmed.count
        }
        let out = scratch!
        var i = 0
        while i < trimmed.count {
            let b = trimmed[i]
            guard b == 0x1B else {
                out[n] = b
                n += 1
                i += 1
                continue
            }
            i += 1
            if i < trimmed.count && trimmed[i] == 0x5B { // CSI: ESC [ parameters final-byte
                i += 1
                while i < trimmed.count && !(trimmed[i] >= 0x40 && trimmed[i] <= 0x7E) { i += 1 }
            }
            i += 1
        }
        return UnsafeBufferPointer(start: out, count: n)
    }

    /// Frees the copy's storage.
    mutating func release() {
        scratch?.deallocate()
        scratch = nil
        scratchCapacity = 0
    }
}
