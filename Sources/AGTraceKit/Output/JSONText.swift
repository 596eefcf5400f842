/// JSON string quoting for everything agtrace prints or stores as JSON: every control
/// character is escaped, so labels and type names can never break the document.
public enum JSONText {
    public static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        escaper.append(s, to: &out)
        out += "\""
        return out
    }

    /// `quote(s)` appended to UTF-8 bytes.
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        escaper.append(s, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `quote(s)` appended to `out` (no string of its own).
    public static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        escaper.append(s, to: &out)
        out += "\""
    }

    private static let escaper = TextEscaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
                                              "\u{08}": "\\b", "\u{0C}": "\\f", "\u{2028}": "\\u2028", "\u{2029}": "\\u2029"]) { scalar in
        // Control characters (C0, DEL, C1), bidirectional overrides and the byte order mark
        // are written as escapes: the text stays the same once parsed, and the raw JSON shows
        // nothing invisible (some parsers drop a literal U+FEFF).
        RowWriter.isControl(scalar) || scalar.value == 0xFEFF ? TextEscaper.hex(scalar, prefix: "\\u", digits: 4) : nil
    }
}
