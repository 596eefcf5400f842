#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Undoes what terminals and editors add to a copied console: a UTF-8 byte-order mark on the
/// first line, extra carriage returns (a pty turns a program's `\n` into `\r\r\n`), and ANSI
/// colour sequences (`ESC[33m`) from an lldb with `use-color` on.
struct TerminalCleanup {
    private var scratch: [UInt8] = []

    /// Calls `body` with the cleaned line; copies only when there is an escape sequence.
    mutating func clean<R>(_ line: Bytes, lineNumber: Int, _ body: (Bytes) throws -> R) rethrows -> R {
        var start = 0
        var end = line.count
        if lineNumber == 1, line.matches("\u{FEFF}", at: 0) { start = 3 }
        while end > start && line[end - 1] == 0x0D { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: line[start..<end])
        guard let base = trimmed.baseAddress, !trimmed.isEmpty, memchr(base, 0x1B, trimmed.count) != nil else {
            return try body(trimmed)
        }
        scratch.removeAll(keepingCapacity: true)
        var i = 0
        while i < trimmed.count {
            let b = trimmed[i]
            guard b == 0x1B else {
                scratch.append(b)
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
        return try scratch.withUnsafeBufferPointer { try body($0) }
    }
}
