/// `TypeName: TOKENS changed.` / `TypeName: unchanged.` (`Self._printChanges()`,
/// `_logChanges()`; ../shared/formats/swiftui-changes.md). A line is one only when its name is a
/// Swift type and every token has one of the shapes SwiftUI prints: app output such as
/// `Error: value changed.` is not one. Scanned as UTF-8 bytes: every line of a console comes
/// through here, most of them no body-change line.
enum BodyChangeLine {
    /// The view and its tokens (none for `unchanged`), or nil. Text after the final `.`,
    /// separated by a space, is a note someone added and is ignored.
    static func parse(_ message: Substring) -> (view: String, unchanged: Bool, tokens: [BodyChangeToken])? {
        let b = Array(message.utf8)
        // Most lines are not these: no `changed.` in them at all.
        guard find(changed, in: b, from: 0, outsideBrackets: false) != nil,
              let colon = find(colonSpace, in: b, from: 0, outsideBrackets: true) else { return nil }
        let view = b[..<colon]
        guard isTypeName(view) else { return nil }
        let rest = colon + 2
        if b[rest...].starts(with: unchanged), endsOrNote(b, at: rest + unchanged.count) {
            return (text(view), true, [])
        }
        guard let end = find(spaceChanged, in: b, from: rest, outsideBrackets: true),
              endsOrNote(b, at: end + spaceChanged.count) else { return nil }
        var tokens: [BodyChangeToken] = []
        for token in split(b[rest..<end]) {
            guard let kind = kind(of: token) else { return nil }
            tokens.append(BodyChangeToken(kind: kind, name: text(token)))
        }
        return tokens.isEmpty ? nil : (text(view), false, tokens)
    }

    private static let changed = Array("changed.".utf8)
    private static let colonSpace = Array(": ".utf8)
    private static let spaceChanged = Array(" changed.".utf8)
    private static let unchanged = Array("unchanged.".utf8)

    private static func text(_ b: ArraySlice<UInt8>) -> String { String(decoding: b, as: UTF8.self) }

    private static func endsOrNote(_ b: [UInt8], at i: Int) -> Bool {
        i >= b.count || b[i] == 0x20 || b[i] == 0x09
    }

    /// The token's kind, or nil when it has none of the printed shapes.
    static func kind(of token: ArraySlice<UInt8>) -> String? {
        guard let first = token.first else { return nil }
        let rest = token.dropFirst()
        switch first {
        case UInt8(ascii: "@"):
            if rest.elementsEqual("self".utf8) { return "self" }
            if rest.elementsEqual("identity".utf8) { return "identity" }
            if rest.elementsEqual("dependencies".utf8) { return "dependencies" }
            return !rest.isEmpty && rest.count <= 12 && rest.allSatisfy(isDigit) ? "offset" : nil
        case UInt8(ascii: "_"):
            return !rest.isEmpty && rest.allSatisfy(isIdentifierByte) ? "property" : nil
        case UInt8(ascii: "\\"):
            guard let start = rest.first, isIdentifierStart(start), balanced(rest),
                  find([UInt8(ascii: ".")], in: Array(rest), from: 0, outsideBrackets: true) != nil else { return nil }
            return "keypath"
        default:
            return nil
        }
    }

    /// TOKENS split on `, ` outside `<…>`, `(…)`, `[…]`.
    static func split(_ s: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var depth = 0
        var start = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if isOpen(c) { depth += 1 } else if isClose(c) { depth = max(0, depth - 1) }
            if depth == 0, c == UInt8(ascii: ","), i + 1 < s.endIndex, s[i + 1] == 0x20 {
                parts.append(s[start..<i])
                i += 2
                start = i
                continue
            }
            i += 1
        }
        parts.append(s[start...])
        return parts
    }

    /// A Swift type as `_printChanges` prints it: identifiers joined by dots, generic arguments
    /// (anything balanced) in brackets; no space outside them.
    static func isTypeName(_ s: ArraySlice<UInt8>) -> Bool {
        guard let first = s.first, isIdentifierStart(first), s.count <= 1000, balanced(s) else { return false }
        var depth = 0
        var previous: UInt8 = 0x20
        for c in s {
            if isOpen(c) { depth += 1 } else if isClose(c) { depth -= 1 } else if depth == 0 {
                if c == UInt8(ascii: ".") { if previous == c { return false } } else if !isIdentifierByte(c) { return false }
            }
            previous = c
        }
        return previous != UInt8(ascii: ".")
    }

    /// The form `ConsoleParser` asks of the line after a no-subgraph warning.
    static func isTypeName(_ s: Substring) -> Bool { isTypeName(Array(s.utf8)[...]) }

    /// Letters, digits, `_`, and any byte of a non-ASCII character (Swift identifiers may hold them).
    private static func isIdentifierByte(_ c: UInt8) -> Bool { c >= 0x80 || c == UInt8(ascii: "_") || isDigit(c) || isLetter(c) }
    private static func isIdentifierStart(_ c: UInt8) -> Bool { c >= 0x80 || c == UInt8(ascii: "_") || isLetter(c) }
    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isOpen(_ c: UInt8) -> Bool { c == UInt8(ascii: "<") || c == UInt8(ascii: "(") || c == UInt8(ascii: "[") }
    private static func isClose(_ c: UInt8) -> Bool { c == UInt8(ascii: ">") || c == UInt8(ascii: ")") || c == UInt8(ascii: "]") }

    /// Brackets `<>`, `()`, `[]` close in order (the `>` of `->` aside).
    static func balanced(_ s: ArraySlice<UInt8>) -> Bool {
        var stack: [UInt8] = []
        var previous: UInt8 = 0
        for c in s {
            switch c {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): stack.append(c)
            case UInt8(ascii: ">") where previous == UInt8(ascii: "-"): break
            case UInt8(ascii: ">"): guard stack.popLast() == UInt8(ascii: "<") else { return false }
            case UInt8(ascii: ")"): guard stack.popLast() == UInt8(ascii: "(") else { return false }
            case UInt8(ascii: "]"): guard stack.popLast() == UInt8(ascii: "[") else { return false }
            default: break
            }
            previous = c
        }
        return stack.isEmpty
    }

    /// Where `needle` first occurs in `b` from `from` (outside brackets, if asked), or nil.
    static func find(_ needle: [UInt8], in b: [UInt8], from: Int, outsideBrackets: Bool) -> Int? {
        guard let head = needle.first, b.count >= needle.count else { return nil }
        var depth = 0
        var i = from
        while i + needle.count <= b.count {
            let c = b[i]
            if c == head, depth == 0 || !outsideBrackets, b[i..<(i + needle.count)].elementsEqual(needle) { return i }
            if outsideBrackets {
                if isOpen(c) { depth += 1 } else if isClose(c) { depth = max(0, depth - 1) }
            }
            i += 1
        }
        return nil
    }
}
