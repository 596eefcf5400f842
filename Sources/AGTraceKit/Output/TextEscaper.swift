/// Escaping text for one output format (JSON, XML and HTML, DOT, a terminal), one Unicode
/// scalar at a time: the format's table says what a scalar becomes, `other` decides for the
/// scalars the table does not name (nil: the scalar stays as it is). One loop serves every
/// format; each format is its table.
struct TextEscaper: Sendable {
    private let table: [Unicode.Scalar: String]
    private let other: @Sendable (Unicode.Scalar) -> String?
    /// What each ASCII scalar becomes, worked out once (most text is ASCII), and which of them
    /// change at all, as bits, so that the common case is one test.
    private let ascii: [String?]
    /// `ascii`'s replacements as UTF-8 (empty for the scalars kept), for the byte paths.
    private let asciiUTF8: [[UInt8]]
    private let asciiChanged: (low: UInt64, high: UInt64)

    init(_ table: [Unicode.Scalar: String], other: @escaping @Sendable (Unicode.Scalar) -> String? = { _ in nil }) {
        self.table = table
        self.other = other
        ascii = (0..<128).map { (v: UInt8) in table[Unicode.Scalar(v)] ?? other(Unicode.Scalar(v)) }
        asciiUTF8 = ascii.map { Array(($0 ?? "").utf8) }
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for (v, r) in ascii.enumerated() where r != nil {
            if v < 64 { bits.low |= 1 << UInt64(v) } else { bits.high |= 1 << UInt64(v - 64) }
        }
        asciiChanged = bits
    }

    func replacement(for scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        if v < 64 { return asciiChanged.low & (1 << UInt64(v)) == 0 ? nil : ascii[Int(v)] }
        if v < 128 { return asciiChanged.high & (1 << UInt64(v - 64)) == 0 ? nil : ascii[Int(v)] }
        return table[scalar] ?? other(scalar)
    }

    func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        append(s, to: &out)
        return out
    }

    func append(_ s: String, to out: inout String) {
        // Most text is ASCII the format keeps as it is: appended whole.
        let bits = asciiChanged
        if s.utf8.allSatisfy({ $0 < 64 ? bits.low & (1 << UInt64($0)) == 0 : $0 < 128 && bits.high & (1 << UInt64($0 - 64)) == 0 }) {
            out += s
            return
        }
        // Runs of scalars kept as they are are appended whole, between the replaced ones.
        let scalars = s.unicodeScalars
        var run = scalars.startIndex
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let next = scalars.index(after: i)
            if let r = replacement(for: scalars[i]) {
                if run < i { out += Substring(scalars[run..<i]) }
                out += r
                run = next
            }
            i = next
        }
        if run < scalars.endIndex { out += Substring(scalars[run...]) }
    }

    /// `append(s, to:)` into UTF-8 bytes: ASCII text the format keeps is copied as it is, the
    /// rest escaped through the same loop.
    func append(_ s: String, to out: inout [UInt8]) {
        let bits = asciiChanged
        var s = s
        let kept: Bool = s.withUTF8 { bytes in
            for b in bytes where b < 64 ? bits.low & (1 << UInt64(b)) != 0 : b >= 128 || bits.high & (1 << UInt64(b - 64)) != 0 { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !kept { out.append(contentsOf: escape(s).utf8) }
    }

    /// `append(s, to:)` of text as SQLite holds it (UTF-8 bytes, valid or not) into UTF-8 bytes:
    /// ASCII a byte at a time through the format's table, runs it keeps copied whole; from the
    /// first non-ASCII byte on, the rest is decoded as `String(decoding:)` does (invalid bytes
    /// become U+FFFD) and escaped a scalar at a time, so the bytes are those of `append(String)`.
    func append(utf8 text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let bits = asciiChanged
        var run = 0
        var i = 0
        while i < text.count {
            let b = text[i]
            if b >= 128 {
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i])) }
                out.append(contentsOf: escape(String(decoding: UnsafeBufferPointer(rebasing: text[i...]), as: UTF8.self)).utf8)
                return
            }
            if b < 64 ? bits.low & (1 << UInt64(b)) != 0 : bits.high & (1 << UInt64(b - 64)) != 0 {
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i])) }
                out.append(contentsOf: asciiUTF8[Int(b)])
                run = i + 1
            }
            i += 1
        }
        if run < text.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...])) }
    }

    /// `prefix`, then the scalar's value in hex padded with zeros to `digits`: `\u001b`, `\x1b`.
    static func hex(_ scalar: Unicode.Scalar, prefix: String, digits: Int, uppercase: Bool = false) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: uppercase)
        return prefix + String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}
