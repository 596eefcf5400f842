/// The text of a trace's cycle LogMessage: `cycle detected through attribute: N`
/// (AttributeGraph 8.0.76 capitalises it: `Cycle detected …`).
enum TraceCycleText {
    private static let phrase = "ycle detected through attribute: "

    /// N, when `text` is such a message (trailing blanks allowed); nil otherwise, or when N is
    /// not a 32-bit attribute id.
    static func attribute(_ text: String) -> Int64? {
        guard let first = text.first, first == "c" || first == "C" else { return nil }
        let afterFirst = text.dropFirst()
        guard afterFirst.hasPrefix(phrase) else { return nil }
        var number = afterFirst.dropFirst(phrase.count)
        while let last = number.last, last.isWhitespace { number = number.dropLast() }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), let n = UInt32(number) else { return nil }
        return Int64(n)
    }
}
