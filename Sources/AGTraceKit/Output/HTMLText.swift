/// Escaping for the HTML report: every string read from an input is data, never markup.
public enum HTMLText {
    /// Text content and attribute values (double- or single-quoted): `& < > " '` as entities;
    /// control characters other than tab and newline (which HTML would keep or drop
    /// unpredictably) as U+FFFD-free visible escapes `\xNN`.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF {
                    out += "\\x" + hex(v)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// JSON for a `<script type="application/json">` block: besides JSON's own escaping, `<`
    /// `>` `&` are written as `\u003c` `\u003e` `\u0026` so `</script>` and `<!--` cannot occur,
    /// and U+2028/2029 are escaped (JSONText does that) so the text is also valid JavaScript.
    public static func scriptJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ v: UInt32) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 2 - h.count)) + h
    }
}
