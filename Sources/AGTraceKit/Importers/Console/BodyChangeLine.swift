/// `TypeName: TOKENS changed.` / `TypeName: unchanged.` (`Self._printChanges()`,
/// `_logChanges()`; ../shared/formats/swiftui-changes.md). A line is one only when its name is a
/// Swift type and every token has one of the shapes SwiftUI prints: app output such as
/// `Error: value changed.` is not one.
enum BodyChangeLine {
    /// The view and its tokens (none for `unchanged`), or nil. Text after the final `.`,
    /// separated by a space, is a note someone added and is ignored.
    static func parse(_ message: Substring) -> (view: String, unchanged: Bool, tokens: [BodyChangeToken])? {
        guard let colon = firstOutsideBrackets(": ", in: message) else { return nil }
        let view = message[..<colon]
        guard isTypeName(view) else { return nil }
        let rest = message[message.index(colon, offsetBy: 2)...]
        if rest.hasPrefix("unchanged."), endsOrNote(rest.dropFirst("unchanged.".count)) {
            return (String(view), true, [])
        }
        guard let end = firstOutsideBrackets(" changed.", in: rest), endsOrNote(rest[end...].dropFirst(" changed.".count)) else { return nil }
        var tokens: [BodyChangeToken] = []
        for token in split(rest[..<end]) {
            guard let kind = kind(of: token) else { return nil }
            tokens.append(BodyChangeToken(kind: kind, name: String(token)))
        }
        return tokens.isEmpty ? nil : (String(view), false, tokens)
    }

    private static func endsOrNote(_ s: Substring) -> Bool {
        s.isEmpty || s.first == " " || s.first == "\t"
    }

    /// The token's kind, or nil when it has none of the printed shapes.
    static func kind(of token: Substring) -> String? {
        switch token {
        case "@self": return "self"
        case "@identity": return "identity"
        case "@dependencies": return "dependencies"
        default: break
        }
        if token.hasPrefix("@") {
            let digits = token.dropFirst()
            return !digits.isEmpty && digits.count <= 12 && digits.allSatisfy { $0.isASCII && $0.isNumber } ? "offset" : nil
        }
        if token.hasPrefix("_") {
            return token.count > 1 && token.allSatisfy(isIdentifierCharacter) ? "property" : nil
        }
        if token.hasPrefix("\\") {
            let path = token.dropFirst()
            guard balanced(path), firstOutsideBrackets(".", in: path) != nil,
                  let first = path.first, first.isLetter || first == "_" else { return nil }
            return "keypath"
        }
        return nil
    }

    /// TOKENS split on `, ` outside `<…>`, `(…)`, `[…]`.
    static func split(_ s: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if "<([".contains(c) { depth += 1 } else if ">)]".contains(c) { depth = max(0, depth - 1) }
            if depth == 0, c == ",", s.index(after: i) < s.endIndex, s[s.index(after: i)] == " " {
                parts.append(s[start..<i])
                i = s.index(i, offsetBy: 2)
                start = i
                continue
            }
            i = s.index(after: i)
        }
        parts.append(s[start...])
        return parts
    }

    /// A Swift type as `_printChanges` prints it: identifiers joined by dots, generic arguments
    /// (anything balanced) in brackets; no space outside them.
    static func isTypeName(_ s: Substring) -> Bool {
        guard let first = s.first, first.isLetter || first == "_", s.count <= 1000, balanced(s) else { return false }
        var depth = 0
        var previous: Character = " "
        for c in s {
            if "<([".contains(c) { depth += 1 } else if ">)]".contains(c) { depth -= 1 } else if depth == 0 {
                if c == "." { if previous == "." { return false } } else if !isIdentifierCharacter(c) { return false }
            }
            previous = c
        }
        return previous != "."
    }

    private static func isIdentifierCharacter(_ c: Character) -> Bool {
        c == "_" || c.isLetter || c.isNumber
    }

    /// Brackets `<>`, `()`, `[]` close in order (the `>` of `->` aside).
    static func balanced(_ s: Substring) -> Bool {
        var stack: [Character] = []
        var previous: Character = " "
        for c in s {
            switch c {
            case "<", "(", "[": stack.append(c)
            case ">" where previous == "-": break
            case ">": guard stack.popLast() == "<" else { return false }
            case ")": guard stack.popLast() == "(" else { return false }
            case "]": guard stack.popLast() == "[" else { return false }
            default: break
            }
            previous = c
        }
        return stack.isEmpty
    }

    /// Where `needle` first occurs outside brackets, or nil.
    static func firstOutsideBrackets(_ needle: String, in s: Substring) -> Substring.Index? {
        var depth = 0
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if depth == 0, s[i...].hasPrefix(needle) { return i }
            if "<([".contains(c) { depth += 1 } else if ">)]".contains(c) { depth = max(0, depth - 1) }
            i = s.index(after: i)
        }
        return nil
    }
}
