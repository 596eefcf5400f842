/// Escaping for the HTML report: every string read from an input is data, never markup.
public enum HTMLText {
    /// Text content and attribute values (double- or single-quoted): the XML escaping the junit
    /// report uses (`& < > " '` as entities, tab and newlines as character references, the
    /// characters XML forbids as visible `\uXXXX`), which HTML reads the same way.
    public static func escape(_ s: String) -> String { XMLText.escape(s) }

    /// JSON for a `<script type="application/json">` block: besides JSON's own escaping, `<`
    /// `>` `&` are written as `\u003c` `\u003e` `\u0026` so `</script>` and `<!--` cannot occur,
    /// and U+2028/2029 are escaped (JSONText does that) so the text is also valid JavaScript.
    public static func scriptJSON(_ json: String) -> String { scriptEscaper.escape(json) }

    private static let scriptEscaper = TextEscaper(["<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                                                    "\u{2028}": "\\u2028", "\u{2029}": "\\u2029"])
}
