import Foundation

/// The lines of an AttributeGraph cycle report (../shared/formats/ag-cycles.md), recognised in
/// a console message (ConsoleLine took the log's prefix off).
enum CycleLine: Equatable {
    /// `=== AttributeGraph: cycle detected through attribute N ===`
    case header(Int64)
    /// `=== Evaluation stack ===`
    case stackHeader
    /// `frame S.F: attribute N; count=C, index=I/K FLAGS`, or what a cut line kept.
    case frame(ConsoleFrame)
    /// `===`, closing the frames.
    case close
    /// `digraph {`
    case digraphStart
    /// `}`, closing the digraph.
    case digraphEnd
    /// `precondition failure: cyclic graph: N` (os_log's spelling, `trapLog`) or
    /// `AttributeGraph precondition failure: cyclic graph: N.` (stdio's, `trapStdio`).
    case trap(Int64, spelling: TrapSpelling)
    /// 8.0.76's os_log `Cycle detected through attribute: N`.
    case osLog(Int64)

    enum TrapSpelling: Equatable { case log, stdio }

    static func parse(_ line: Substring) -> CycleLine? {
        // Exact lines compare without trailing spaces; a frame line keeps its (empty flags).
        var m = line
        while m.last == " " || m.last == "\t" { m.removeLast() }
        if m.hasPrefix("===") {
            if m == "===" { return .close }
            if m.hasPrefix("=== Evaluation stack ===") { return .stackHeader }
            let prefix = "=== AttributeGraph: cycle detected through attribute "
            guard m.hasPrefix(prefix) else { return nil }
            var rest = m.dropFirst(prefix.count)
            guard let n = number(&rest), rest.hasPrefix(" ===") else { return nil }
            return .header(n)
        }
        if m.hasPrefix("frame ") { return frame(line.dropFirst(6)).map(CycleLine.frame) }
        if m == "digraph {" { return .digraphStart }
        if m == "}" { return .digraphEnd }
        for (prefix, spelling) in [("AttributeGraph precondition failure: cyclic graph: ", TrapSpelling.stdio),
                                   ("precondition failure: cyclic graph: ", .log)] where m.hasPrefix(prefix) {
            var rest = m.dropFirst(prefix.count)
            guard let n = number(&rest) else { return nil }
            return .trap(n, spelling: spelling)
        }
        let osLog = "Cycle detected through attribute: "
        if m.hasPrefix(osLog) {
            var rest = m.dropFirst(osLog.count)
            return number(&rest).map(CycleLine.osLog)
        }
        return nil
    }

    /// The longest label kept, in bytes: a label is `N: ` and a rule's type, whose longest
    /// generic spellings run to a few hundred bytes. A longer one keeps its first 4 KiB (cut at
    /// a character) and `cut` says so.
    static let maxLabelBytes = 4096

    /// A digraph node's `_N[label="N: text" …];`: the attribute and the text after `N: `; `cut`
    /// when the text was longer than `maxLabel` bytes and only its start is kept. One pass over
    /// the line's bytes, whatever its length.
    static func label(_ m: Substring, maxLabel: Int = maxLabelBytes) -> (label: ConsoleLabel, cut: Bool)? {
        guard m.hasPrefix("_") else { return nil }
        var rest = m.dropFirst()
        guard let node = number(&rest), rest.hasPrefix("[label=\"") else { return nil }
        rest = rest.dropFirst(8)
        let own = Array("\(node): ".utf8)
        if let found = rest.utf8.withContiguousStorageIfAvailable({ labelText($0, own: own, maxLabel: maxLabel) }) {
            return found.map { (ConsoleLabel(attribute: node, label: $0.text), $0.cut) }
        }
        return Array(rest.utf8).withUnsafeBufferPointer { labelText($0, own: own, maxLabel: maxLabel) }
            .map { (ConsoleLabel(attribute: node, label: $0.text), $0.cut) }
    }

    /// The label's text up to its closing quote (found by memchr: a quote after an even run of
    /// backslashes), escapes undone, its own `N: ` taken off, at most `maxLabel` bytes of it.
    private static func labelText(_ b: UnsafeBufferPointer<UInt8>, own: [UInt8], maxLabel: Int) -> (text: String, cut: Bool)? {
        guard let base = b.baseAddress else { return nil }
        var from = 0, end = -1
        while from < b.count, let hit = memchr(base + from, 0x22, b.count - from) {
            let q = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            var slashes = 0
            while q - slashes - 1 >= 0, b[q - slashes - 1] == 0x5C { slashes += 1 }
            if slashes % 2 == 0 { end = q; break }
            from = q + 1
        }
        guard end >= 0 else { return nil }
        let limit = own.count + maxLabel + 1
        var text: [UInt8] = []
        text.reserveCapacity(min(end, limit))
        var i = 0
        while i < end && text.count < limit {
            if b[i] == 0x5C && i + 1 < end { i += 1 }
            text.append(b[i])
            i += 1
        }
        if text.starts(with: own) { text.removeFirst(own.count) }
        var cut = false
        if text.count > maxLabel {
            cut = true
            text.removeLast(text.count - maxLabel)
            // At a character's start: no lead byte left without its continuation bytes.
            if let lead = text.lastIndex(where: { $0 & 0xC0 != 0x80 }), text[lead] >= 0xC0 {
                let need = text[lead] >= 0xF0 ? 4 : text[lead] >= 0xE0 ? 3 : 2
                if text.count - lead < need { text.removeLast(text.count - lead) }
            }
        }
        return (String(decoding: text, as: UTF8.self), cut)
    }

    /// `S.F: attribute N; count=C, index=I/K FLAGS` after `frame `; a line cut anywhere after
    /// `S.F` keeps what it holds (`cut`).
    static func frame(_ s: Substring) -> ConsoleFrame? {
        var rest = s
        var f = ConsoleFrame()
        guard let stack = number(&rest), rest.first == "." else { return nil }
        f.stackIndex = stack
        rest = rest.dropFirst()
        // From here on, a line that ends early is a cut one; anything else is no frame line.
        f.cut = true
        guard !rest.isEmpty else { return f }
        guard let frameIndex = number(&rest) else { return nil }
        f.frameIndex = frameIndex
        guard expect(": attribute ", &rest) else { return rest.isEmpty || ": attribute ".hasPrefix(rest) ? f : nil }
        guard let attribute = number(&rest) else { return rest.isEmpty ? f : nil }
        f.attribute = attribute
        guard expect("; count=", &rest) else { return rest.isEmpty || "; count=".hasPrefix(rest) ? f : nil }
        guard let count = number(&rest) else { return rest.isEmpty ? f : nil }
        f.count = count
        guard expect(", index=", &rest) else { return rest.isEmpty || ", index=".hasPrefix(rest) ? f : nil }
        guard let index = number(&rest) else { return rest.isEmpty ? f : nil }
        guard expect("/", &rest) else { return rest.isEmpty ? f : nil }
        guard let inputs = number(&rest) else { return rest.isEmpty ? f : nil }
        f.inputIndex = index
        f.inputCount = inputs
        f.cut = false
        // The flags follow a space; a line whose trailing space was trimmed (by a paste) has
        // none to read: unknown (nil), not empty.
        guard rest.first == " " else { return rest.isEmpty ? f : nil }
        rest = rest.dropFirst()
        let flags = rest.prefix { "PCDV".contains($0) }
        rest = rest.dropFirst(flags.count)
        guard rest.isEmpty || rest.first == " " else { return nil }
        f.flags = String(flags)
        return f
    }

    private static func expect(_ text: String, _ rest: inout Substring) -> Bool {
        guard rest.hasPrefix(text) else { return false }
        rest = rest.dropFirst(text.count)
        return true
    }

    /// A decimal number of at most 10 digits (ids are 32-bit) at the start of `rest`, taken off it.
    static func number(_ rest: inout Substring) -> Int64? {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 10, let n = Int64(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        return n
    }
}
