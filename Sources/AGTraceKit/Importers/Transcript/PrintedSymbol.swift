/// The parts of a symbol as lldb prints it in frame lines and `where =` lines:
/// `module` `` ` `` `name(arguments) + offset at File.cpp:L:C`.
///
/// With debug info the argument list holds values (`node=(_offset = 792)`); without it, only
/// types (`IAG::data::ptr<IAG::Node>, unsigned int`). Swift names contain spaces and their own
/// parentheses (`closure #1 () -> () in …`), so the argument list is the first `(` that
/// directly follows a name character outside template brackets.
struct PrintedSymbol {
    var module: Range<Int>?
    /// The function name, without a leading `::`, arguments, `+ offset` or `at file`.
    var name: Range<Int>
    /// The text between the argument list's parentheses, when there is one.
    var arguments: Range<Int>?

    static func parse(_ bytes: Bytes, _ range: Range<Int>) -> PrintedSymbol {
        var values: FrameArguments?
        return parse(bytes, range, values: &values, readValues: false)
    }

    /// `parse`, and the argument values (`argumentList`) read in the same pass over the
    /// argument list: a frame line's usual shape, so the hot path scans it once.
    static func parseFrame(_ bytes: Bytes, _ range: Range<Int>) -> (PrintedSymbol, FrameArguments?) {
        var values: FrameArguments?
        let symbol = parse(bytes, range, values: &values, readValues: true)
        return (symbol, values)
    }

    @inline(__always)
    private static func parse(_ bytes: Bytes, _ range: Range<Int>, values: inout FrameArguments?,
                              readValues: Bool) -> PrintedSymbol {
        var i = range.lowerBound
        let limit = range.upperBound
        var module: Range<Int>?
        // A module is a run of non-blank, non-bracket bytes ending in a backtick.
        var j = i
        while j < limit {
            let b = bytes[j]
            if b == ASCII.backtick {
                module = i..<j
                i = j + 1
                break
            }
            if ASCII.isSpace(b) || b == ASCII.openParen || b == ASCII.less || b == ASCII.colon { break }
            j += 1
        }
        if bytes.matches("::", at: i) { i += 2 }
        let nameStart = i
        var nameEnd = limit
        var arguments: Range<Int>?
        var angle = 0
        scan: while i < limit {
            let b = bytes[i]
            switch b {
            case ASCII.less:
                angle += 1
            case ASCII.greater:
                if angle > 0 { angle -= 1 }
            case ASCII.openParen:
                if readValues && angle == 0 && i > nameStart && !ASCII.isSpace(bytes[i - 1]) {
                    // The argument list: its end and its values in one pass.
                    nameEnd = i
                    if let close = argumentList(bytes, from: i, to: limit, values: &values) {
                        arguments = (i + 1)..<close
                    }
                    break scan
                }
                guard let close = bytes.closingBracket(from: i, to: limit) else {
                    nameEnd = i
                    break scan
                }
                let follows = i > nameStart && !ASCII.isSpace(bytes[i - 1])
                if angle == 0 && follows {
                    nameEnd = i
                    arguments = (i + 1)..<close
                    break scan
                }
                i = close
            case ASCII.comma where angle == 0:
                nameEnd = i
                break scan
            case ASCII.space:
                if bytes.matches(" + ", at: i), i + 3 < limit, ASCII.isDigit(bytes[i + 3]) {
                    nameEnd = i
                    break scan
                }
                if bytes.matches(" at ", at: i) {
                    nameEnd = i
                    break scan
                }
            default:
                break
            }
            i += 1
        }
        let name = bytes.trimmed(nameStart..<max(nameStart, nameEnd))
        return PrintedSymbol(module: module, name: name, arguments: arguments)
    }

    /// The values of a printed argument list, by position: `this=0x…, node=(_offset = 792)`
    /// gives `[0x…, 792]`. Nil when the list names only types (no `=` at top level): then the
    /// arguments have to come from registers. A value that is not a number is a nil entry.
    /// Kept inline: the count and the first `FrameArguments.kept` values. Reads the list
    /// opened at `open` up to its closing bracket (as `closingBracket` finds it) and returns
    /// that bracket's index, or nil (and no values) when the list is not closed.
    private static func argumentList(_ bytes: Bytes, from open: Int, to limit: Int, values out: inout FrameArguments?) -> Int? {
        var values = FrameArguments()
        var sawValue = false
        var itemStart = open + 1
        var i = open + 1
        var brackets = 1  // `closingBracket`'s depth: ( and {
        var depth = 0     // items' nesting: ( { and <
        var quote: UInt8 = 0
        var equals: Int?
        @inline(__always) func finish(_ end: Int) {
            if let eq = equals {
                sawValue = true
                values.append(values.count < FrameArguments.kept ? firstNumber(bytes, (eq + 1)..<end) : nil)
            } else {
                values.append(nil)
            }
        }
        while i < limit {
            let b = bytes[i]
            if quote != 0 {
                if b == ASCII.backslash { i += 2; continue }
                if b == quote { quote = 0 }
            } else if Self.isPlain(b) {
                // Most bytes (names, digits, blanks): one test, no switch.
            } else {
                switch b {
                case ASCII.quote, ASCII.apostrophe:
                    quote = b
                case ASCII.openParen, ASCII.openBrace:
                    brackets += 1
                    depth += 1
                case ASCII.closeParen, ASCII.closeBrace:
                    brackets -= 1
                    if brackets == 0 {
                        if itemStart < i || values.count > 0 { finish(i) }
                        out = sawValue ? values : nil
                        return i
                    }
                    if depth > 0 { depth -= 1 }
                case ASCII.less:
                    depth += 1
                case ASCII.greater:
                    if depth > 0 { depth -= 1 }
                case ASCII.equals where depth == 0 && equals == nil:
                    equals = i
                case ASCII.comma where depth == 0:
                    finish(i)
                    itemStart = i + 1
                    equals = nil
                default:
                    break
                }
            }
            i += 1
        }
        return nil
    }

    /// Whether `b` means nothing to `argumentList` outside quotes: not a quote, bracket,
    /// `<`, `>`, `=`, `,` or backslash. A bitmap in two constants, no table to load.
    @inline(__always)
    private static func isPlain(_ b: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x22 | 1 << 0x27 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2C | 1 << 0x3C | 1 << 0x3D | 1 << 0x3E
        let high: UInt64 = 1 << (0x5C - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        if b < 64 { return low >> UInt64(b) & 1 == 0 }
        if b < 128 { return high >> UInt64(b - 64) & 1 == 0 }
        return true
    }

    /// The number a printed value stands for: `792`, `0x318`, `(_offset = 792)`,
    /// `(_value = 536)`, `$0 = 792`. Nil for negative numbers, booleans, strings and
    /// anything else.
    static func firstNumber(_ bytes: Bytes, _ range: Range<Int>) -> UInt64? {
        var i = bytes.skipSpaces(from: range.lowerBound, to: range.upperBound)
        // Descend through `(` / `{` wrappers and `name = ` prefixes.
        var guardCount = 0
        while i < range.upperBound && guardCount < 8 {
            guardCount += 1
            let b = bytes[i]
            if b == ASCII.openParen || b == ASCII.openBrace {
                i = bytes.skipSpaces(from: i + 1, to: range.upperBound)
                continue
            }
            if ASCII.isLetter(b) || b == ASCII.underscore || b == ASCII.dollar {
                var k = i + 1
                while k < range.upperBound && ASCII.isIdentifier(bytes[k]) { k += 1 }
                k = bytes.skipSpaces(from: k, to: range.upperBound)
                guard k < range.upperBound, bytes[k] == ASCII.equals else { return nil }
                i = bytes.skipSpaces(from: k + 1, to: range.upperBound)
                continue
            }
            break
        }
        guard i < range.upperBound, let parsed = bytes.parseUnsigned(at: i, to: range.upperBound) else { return nil }
        // `12abc` is not a number.
        if parsed.end < range.upperBound, ASCII.isLetter(bytes[parsed.end]) || bytes[parsed.end] == ASCII.dot {
            return nil
        }
        return parsed.value
    }
}
