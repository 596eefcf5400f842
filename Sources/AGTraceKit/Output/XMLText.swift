/// Text made safe for XML (JUnit reports, the HTML page): the five entities, tabs and line
/// breaks as character references, and what XML forbids or a reader would act on as escapes.
public enum XMLText {
    public static func escape(_ s: String) -> String { escaper.escape(s) }

    private static let escaper = TextEscaper(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
                                                 "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"]) { scalar in
        let v = scalar.value
        let allowed = (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
        // XML allows C1 controls and bidi overrides, but a CI page would act on them
        // (U+202E shows a key reversed): shown as escapes like the forbidden ones.
        return allowed && !RowWriter.isControl(scalar) ? nil : TextEscaper.hex(scalar, prefix: "\\u", digits: 4, uppercase: true)
    }
}
