#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level helpers for the transcript parser. Transcripts are scanned as bytes, not
/// `String`s: per-character Swift string work and Foundation regexes are far too slow for
/// multi-megabyte logs, and every pattern we look for is ASCII.
typealias Bytes = UnsafeBufferPointer<UInt8>

enum ASCII {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let backslash: UInt8 = 0x5C
    static let backtick: UInt8 = 0x60
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let less: UInt8 = 0x3C
    static let greater: UInt8 = 0x3E
    static let equals: UInt8 = 0x3D
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let hash: UInt8 = 0x23
    static let dollar: UInt8 = 0x24
    static let star: UInt8 = 0x2A
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let slash: UInt8 = 0x2F
    static let dot: UInt8 = 0x2E
    static let underscore: UInt8 = 0x5F

    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == space || b == tab }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) static func isIdentifier(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == underscore
    }
    /// The value of a hex digit, or 16 or more for any other byte.
    @inline(__always) static func hexDigit(_ b: UInt8) -> UInt8 {
        let d = b &- 0x30
        if d < 10 { return d }
        let l = (b | 0x20) &- 0x61
        return l < 6 ? l &+ 10 : 0xFF
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether `literal` occurs at `index`.
    @inline(__always)
    func matches(_ literal: StaticString, at index: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard index >= 0, index + n <= count else { return false }
        let p = literal.utf8Start
        var i = 0
        while i < n {
            if self[index + i] != p[i] { return false }
            i += 1
        }
        return true
    }

    /// First index at or after `from` (before `to`) where `literal` occurs. Candidates are
    /// found with `memchr` (vectorised), not a byte loop.
    func find(_ literal: StaticString, from: Int, to: Int? = nil) -> Int? {
        let limit = Swift.min(to ?? count, count)
        let n = literal.utf8CodeUnitCount
        var i = Swift.max(from, 0)
        guard n > 0, limit - i >= n, let base = baseAddress else { return nil }
        let first = Int32(literal.utf8Start[0])
        let lastStart = limit - n
        while i <= lastStart {
            guard let hit = memchr(base + i, first, lastStart - i + 1) else { return nil }
            let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if matches(literal, at: k) { return k }
            i = k + 1
        }
        return nil
    }

    func skipSpaces(from: Int, to: Int? = nil) -> Int {
        let limit = to ?? count
        var i = from
        while i < limit && ASCII.isSpace(self[i]) { i += 1 }
        return i
    }

    /// `range` without leading and trailing blanks.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound
        var hi = range.upperBound
        while lo < hi && ASCII.isSpace(self[lo]) { lo += 1 }
        while hi > lo && ASCII.isSpace(self[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    func string(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }

    /// An unsigned integer at `index`: `0x…` hex or decimal. Returns the value (nil when it
    /// overflows 64 bits) and the index after the digits; nil when there are no digits.
    func parseUnsigned(at index: Int, to: Int? = nil) -> (value: UInt64?, end: Int)? {
        let limit = to ?? count
        var i = index
        guard i < limit else { return nil }
        var value: UInt64 = 0
        var overflow = false
        if self[i] == 0x30, i + 2 < limit, self[i + 1] | 0x20 == 0x78, ASCII.hexDigit(self[i + 2]) < 16 {
            i += 2
            // Leading zeros, then at most 16 significant digits fit in 64 bits.
            while i < limit && self[i] == 0x30 { i += 1 }
            let significant = i
            while i < limit {
                let d = ASCII.hexDigit(self[i])
                if d >= 16 { break }
                value = value &<< 4 | UInt64(d)
                i += 1
            }
            return (i - significant > 16 ? nil : value, i)
        }
        guard ASCII.isDigit(self[i]) else { return nil }
        while i < limit && ASCII.isDigit(self[i]) {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(self[i] &- 0x30))
            if o1 || o2 { overflow = true }
            value = a
            i += 1
        }
        return (overflow ? nil : value, i)
    }

    /// Index of the bracket closing the one opened at `open`, or nil when unbalanced. Quotes
    /// are honoured so that `'('` or `")"` inside a printed value do not count.
    func closingBracket(from open: Int, to: Int? = nil) -> Int? {
        let limit = to ?? count
        var depth = 0
        var i = open
        var quote: UInt8 = 0
        while i < limit {
            let b = self[i]
            if quote != 0 {
                if b == ASCII.backslash { i += 2; continue }
                if b == quote { quote = 0 }
            } else if b == ASCII.quote || b == ASCII.apostrophe {
                quote = b
            } else if b == ASCII.openParen || b == ASCII.openBrace {
                depth += 1
            } else if b == ASCII.closeParen || b == ASCII.closeBrace {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }
}

extension String {
    /// Without leading and trailing blanks (spaces, tabs).
    func trimmingBlanks() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }

    /// Runs `body` over the string's UTF-8 bytes without copying when the string is native.
    func withBytes<R>(_ body: (Bytes) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { try body($0) }
    }
}

/// An attribute id: AG attributes are 32-bit, so anything larger (or negative) is unreadable.
@inline(__always)
func attributeValue(_ value: UInt64?) -> UInt32? {
    guard let value, value <= UInt64(UInt32.max) else { return nil }
    return UInt32(value)
}
