import Foundation

/// The words and brackets of a Swift file that declarations are made of, with their lines:
/// comments (nested `/* */` too), string literals (single-line, multi-line `"""`, raw `#"…"#`,
/// with their interpolations) and code in `#if` branches that cannot be decided, or are
/// decided off, are left out. Not a compiler: enough to find type declarations and their
/// conformances (`SwiftDeclarationScanner`).
struct SwiftTokens {
    struct Token: Equatable {
        var text: String
        var line: Int
    }

    private(set) var tokens: [Token] = []
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    /// Per open `#if`: whether code is read now, and whether a branch was already taken (or the
    /// block cannot be decided: every branch is skipped).
    private var conditions: [(active: Bool, done: Bool)] = []
    private var atLineStart = true

    init(_ text: String) {
        bytes = Array(text.utf8)
        scan()
    }

    private var reading: Bool { conditions.allSatisfy(\.active) }

    private func peek(_ k: Int = 0) -> UInt8? { i + k < bytes.count ? bytes[i + k] : nil }

    private mutating func advance() {
        if bytes[i] == UInt8(ascii: "\n") {
            line += 1
            atLineStart = true
        } else if bytes[i] != UInt8(ascii: " ") && bytes[i] != UInt8(ascii: "\t") && bytes[i] != UInt8(ascii: "\r") {
            atLineStart = false
        }
        i += 1
    }

    private static func isIdentifier(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }

    private mutating func scan() {
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "#"), atLineStart, directive() { continue }
            if !reading {
                advance()
                continue
            }
            if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { advance() }
            } else if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                blockComment()
            } else if b == UInt8(ascii: "\"") || (b == UInt8(ascii: "#") && rawStringAhead()) {
                string()
            } else if Self.isIdentifier(b) {
                let start = i, l = line
                while i < bytes.count, Self.isIdentifier(bytes[i]) { advance() }
                tokens.append(Token(text: String(decoding: bytes[start..<i], as: UTF8.self), line: l))
            } else if b == UInt8(ascii: "`") {
                // A backquoted name is the name.
                advance()
                let start = i, l = line
                while i < bytes.count, bytes[i] != UInt8(ascii: "`"), bytes[i] != UInt8(ascii: "\n") { advance() }
                tokens.append(Token(text: String(decoding: bytes[start..<i], as: UTF8.self), line: l))
                if i < bytes.count { advance() }
            } else if "{}:,<>.()[]=".utf8.contains(b) {
                tokens.append(Token(text: String(UnicodeScalar(b)), line: line))
                advance()
            } else {
                advance()
            }
        }
    }

    private mutating func blockComment() {
        var depth = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                advance(); advance()
            } else if bytes[i] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                advance(); advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// `#…#"`: a raw string's opening delimiter.
    private func rawStringAhead() -> Bool {
        var k = 0
        while peek(k) == UInt8(ascii: "#") { k += 1 }
        return peek(k) == UInt8(ascii: "\"")
    }

    /// A string literal from its opening delimiter to its closing one, interpolations read as
    /// code (their own strings included) but their words not kept.
    private mutating func string() {
        var hashes = 0
        while peek() == UInt8(ascii: "#") { hashes += 1; advance() }
        let multi = peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        for _ in 0..<(multi ? 3 : 1) { advance() }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") && hashesFollow(hashes, from: 1) {
                for _ in 0...hashes { advance() }
                if peek() == UInt8(ascii: "(") {
                    interpolation()
                } else if i < bytes.count {
                    advance()
                }
            } else if b == UInt8(ascii: "\"") && (!multi || (peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\""))) && hashesFollow(hashes, from: multi ? 3 : 1) {
                for _ in 0..<((multi ? 3 : 1) + hashes) { advance() }
                return
            } else if b == UInt8(ascii: "\n") && !multi {
                return  // an unterminated single-line string ends with its line
            } else {
                advance()
            }
        }
    }

    private func hashesFollow(_ n: Int, from k: Int) -> Bool {
        (0..<n).allSatisfy { peek(k + $0) == UInt8(ascii: "#") }
    }

    /// `\( … )` inside a string: parentheses balanced, strings and comments inside skipped.
    private mutating func interpolation() {
        var depth = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "(") { depth += 1; advance() }
            else if b == UInt8(ascii: ")") { depth -= 1; advance(); if depth == 0 { return } }
            else if b == UInt8(ascii: "\"") || (b == UInt8(ascii: "#") && rawStringAhead()) { string() }
            else if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { blockComment() }
            else { advance() }
        }
    }

    /// `#if`, `#elseif`, `#else`, `#endif` at a line's start; false for any other `#`.
    private mutating func directive() -> Bool {
        var end = i
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let text = String(decoding: bytes[i..<end], as: UTF8.self)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let word = words.first else { return false }
        let condition = words.dropFirst().joined(separator: " ").components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces)
        switch word {
        case "#if":
            let value = Self.decide(condition)
            conditions.append((active: value == true, done: value != false))
        case "#elseif":
            guard var top = conditions.popLast() else { return false }
            if top.done {
                top.active = false
            } else {
                let value = Self.decide(condition)
                top = (active: value == true, done: value != false)
            }
            conditions.append(top)
        case "#else":
            guard var top = conditions.popLast() else { return false }
            top.active = !top.done
            top.done = true
            conditions.append(top)
        case "#endif":
            guard conditions.popLast() != nil else { return false }
        default:
            return false
        }
        while i < end { advance() }
        return true
    }

    /// A condition's value when it can be known from the text alone: `true`, `false`, and
    /// `!`, `&&`, `||` and parentheses over them; nil otherwise (`DEBUG`, `os(iOS)`…).
    static func decide(_ condition: String) -> Bool? {
        var parser = ConditionParser(text: condition)
        guard let value = parser.expression(), parser.atEnd else { return nil }
        return value
    }
}

private struct ConditionParser {
    var words: [String]
    var k = 0

    init(text: String) {
        var words: [String] = []
        var current = ""
        var chars = Array(text)
        var j = 0
        while j < chars.count {
            let c = chars[j]
            if c == " " { if !current.isEmpty { words.append(current); current = "" } }
            else if c == "(" || c == ")" || c == "!" { if !current.isEmpty { words.append(current); current = "" }; words.append(String(c)) }
            else if (c == "&" || c == "|"), j + 1 < chars.count, chars[j + 1] == c { if !current.isEmpty { words.append(current); current = "" }; words.append(String([c, c])); j += 1 }
            else { current.append(c) }
            j += 1
        }
        if !current.isEmpty { words.append(current) }
        chars.removeAll()
        self.words = words
    }

    var atEnd: Bool { k == words.count }

    /// `a || b`, each side `c && d` (&& binds tighter, as in Swift).
    mutating func expression() -> Bool? {
        guard var value = conjunction() else { return nil }
        while k < words.count, words[k] == "||" {
            k += 1
            guard let right = conjunction() else { return nil }
            value = value || right
        }
        return value
    }

    mutating func conjunction() -> Bool? {
        guard var value = term() else { return nil }
        while k < words.count, words[k] == "&&" {
            k += 1
            guard let right = term() else { return nil }
            value = value && right
        }
        return value
    }

    mutating func term() -> Bool? {
        guard k < words.count else { return nil }
        let w = words[k]
        k += 1
        switch w {
        case "true": return true
        case "false": return false
        case "!": return term().map { !$0 }
        case "(":
            let value = expression()
            guard k < words.count, words[k] == ")" else { return nil }
            k += 1
            return value
        default: return nil
        }
    }
}
