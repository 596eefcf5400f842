/// One line of a transcript, recognised by its shape alone (no context). The parser decides
/// from context whether a recognised line belongs to a hit; an `other` line never does.
enum TranscriptLine {
    case blank
    /// `(lldb) command`: the command, trimmed, blanks collapsed (a name of the `NameTable`).
    case echo(NameID)
    /// `* thread #1, name = '…', stop reason = breakpoint 3.1` (also `thread list`'s
    /// `thread #1: tid = …` form). `breakpoint` is nil when the stop reason is something else.
    case threadHeader(thread: Int?, breakpoint: BreakpointLocation?)
    /// `frame #k: 0xADDR module\`symbol…`, from a stop, `frame info` or `bt`.
    case frame(FrameLine)
    /// `     esi = 0x00000318` from `register read`: the argument the register holds, if any.
    case register(argument: Int?, value: UInt64?)
    /// `General Purpose Registers:` and similar headings of a full `register read`.
    case registerHeading
    /// `(unsigned int) 792`, `(unsigned int) $0 = 792`, `(unsigned long) 0x…318`, or a
    /// `frame variable` line `(unsigned int) attribute = 628` (then `variable` is set).
    case expressionResult(value: UInt64?, variable: String?)
    /// `Breakpoint 3: where = module\`symbol…`, `Breakpoint 5: no locations (pending).`
    case breakpointCreated(id: Int, whereName: String?)
    /// Shape 5: `AGGraphInvalidateValue 3032`: a known symbol and its meaningful arguments.
    case logMessage(name: NameID, values: [UInt64?])
    case other
}

extension TranscriptLine {
    /// Whether lldb's line may start past this line's start (after a program's text without a
    /// newline): in a line of no known shape, or in what only looks like a register of no
    /// argument (`value = 0x10 (lldb)  bt 1`), an expression's result or a stop header naming
    /// no breakpoint (`thread #2 idle (lldb)  bt 1`). A line of lldb's own shape is its own
    /// (and is not searched: most lines are).
    var mayBeGlued: Bool {
        switch self {
        case .other, .register(nil, _), .expressionResult, .threadHeader(_, nil): return true
        default: return false
        }
    }
}

/// `N.M` of a stop reason: the breakpoint and its location.
struct BreakpointLocation: Equatable {
    var id: Int
    var location: Int?
    var label: String { location.map { "\(id).\($0)" } ?? "\(id)" }
}

struct FrameLine {
    var depth: Int
    var address: UInt64?
    /// The module's name, or -1 when none was printed.
    var module: NameID
    /// The function name (no arguments, offset or file); `NameTable.empty` when lldb printed none.
    var name: NameID
    /// Argument values by position when the frame shows them (debug info).
    var arguments: FrameArguments?
}

/// A frame's printed argument values by position: how many there were, and the first few
/// (no hit kind reads an argument past the third), kept inline rather than in an array.
struct FrameArguments {
    static let kept = 4
    private(set) var count = 0
    private var values: (UInt64?, UInt64?, UInt64?, UInt64?) = (nil, nil, nil, nil)

    subscript(index: Int) -> UInt64? {
        switch index {
        case 0: return values.0
        case 1: return values.1
        case 2: return values.2
        case 3: return values.3
        default: return nil
        }
    }

    mutating func append(_ value: UInt64?) {
        switch count {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        default: break
        }
        count += 1
    }
}

enum TranscriptLineClassifier {
    /// Names (commands, functions, modules) are looked up in, or added to, `names`; its
    /// symbol facts tell whether a bare first word is in the symbol table (shape 5).
    static func classify(_ bytes: Bytes, names: inout NameTable) -> TranscriptLine {
        let start = bytes.skipSpaces(from: 0)
        guard start < bytes.count else { return .blank }
        let first = bytes[start]
        switch first {
        case ASCII.openParen:
            if bytes.matches("(lldb)", at: start) {
                return .echo(normalizedCommand(bytes, (start + 6)..<bytes.count, names: &names))
            }
            return expressionResult(bytes, start) ?? .other
        case ASCII.star:
            let next = bytes.skipSpaces(from: start + 1)
            if bytes.matches("thread #", at: next) { return threadHeader(bytes, next) ?? .other }
            if bytes.matches("frame #", at: next) { return frame(bytes, next, names: &names) ?? .other }
            return .other
        case 0x74: // t
            if bytes.matches("thread #", at: start) { return threadHeader(bytes, start) ?? .other }
        case 0x66: // f
            if bytes.matches("frame #", at: start) { return frame(bytes, start, names: &names) ?? .other }
        case 0x42: // B
            if bytes.matches("Breakpoint ", at: start), let created = breakpointCreated(bytes, start) {
                return created
            }
        default:
            break
        }
        if ASCII.isLetter(first) || first == ASCII.underscore || first == ASCII.colon {
            if let register = register(bytes, start) { return register }
            if let message = logMessage(bytes, start, names: &names) { return message }
            if bytes.count - start < 40, bytes.find("Registers:", from: start) != nil { return .registerHeading }
        }
        return .other
    }

    /// Where lldb's own line starts inside a line that does not start with one: a program
    /// printed without a trailing newline and lldb went on on the same line. Looked for: a
    /// command echo `(lldb) …` (any command), a stop header `* thread #N, … stop reason = …`,
    /// lldb's `Breakpoint N: …` answer, and a shape-5 line (`AG::Graph::update_attribute 3152`,
    /// printed into the same console as the program) where a symbol's name may start. Nil when none is
    /// past the line's start.
    static func gluedStart(_ bytes: Bytes, names: inout NameTable) -> Int? {
        let start = bytes.skipSpaces(from: 0)
        var found: Int?
        if let echo = bytes.find("(lldb)", from: start + 1) { found = echo }
        if let header = bytes.find("* thread #", from: start + 1, to: found), bytes.find("stop reason = ", from: header) != nil {
            found = header
        }
        // lldb's answer to a `breakpoint set` typed while the program runs and prints.
        if let answer = bytes.find("Breakpoint ", from: start + 1, to: found), breakpointCreated(bytes, answer) != nil {
            found = answer
        }
        if found != nil { return found }
        var earliest: Int?
        for marker in shape5Markers {
            var from = start + 1
            var tries = 0
            while tries < 8, let at = bytes.find(marker, from: from, to: earliest) {
                tries += 1
                // `OAG…`, `IAG…`: the prefix's first letter is the start.
                let begin = marker.utf8Start[0] == 0x41 && at - 1 > start && (bytes[at - 1] == 0x4F || bytes[at - 1] == 0x49) ? at - 1 : at
                if case .logMessage? = logMessage(bytes, begin, names: &names) { earliest = begin; break }
                if begin != at, case .logMessage? = logMessage(bytes, at, names: &names) { earliest = at; break }
                from = at + 1
            }
        }
        return earliest
    }

    /// Where the names of the symbol table start: the engines' `AG…` (`OAG`, `IAG`), SwiftUI's,
    /// and mangled C++ and Swift names.
    private static let shape5Markers: [StaticString] = ["AG", "SwiftUI.", "_ZN", "$s"]

    /// Where the output of a hit's command starts inside a line that a program's text without
    /// a newline came before, asked only while the hit waits for that output (the context
    /// makes the guess safe): a frame line (`framesDue`), a register (`register read`), an
    /// expression's result (`p`, `frame variable`).
    static func gluedOutputStart(_ bytes: Bytes, context: OutputContext?, framesDue: Bool) -> Int? {
        let start = bytes.skipSpaces(from: 0)
        if framesDue, let frame = bytes.find("frame #", from: start + 1) { return frame }
        switch context {
        case .registerRead?:
            // `itemsw1 = 0x…`: the longest tail of a word before ` = 0x` that is an argument
            // register (the program's text may hold ` = 0x` too: `value = 0x10   w1 = 0x…`).
            var from = start + 1
            var tries = 0
            while tries < 8, let equals = bytes.find(" = 0x", from: from) {
                tries += 1
                var wordStart = equals
                while wordStart > start, ASCII.isIdentifier(bytes[wordStart - 1]) { wordStart -= 1 }
                for at in wordStart..<equals where at > start {
                    if ArgumentRegisters.argumentIndex(UnsafeBufferPointer(rebasing: bytes[at..<equals])) != nil { return at }
                }
                from = equals + 5
            }
            return nil
        case .expression?, .frameVariable?:
            var from = start + 1
            var tries = 0
            while tries < 16, let paren = bytes.find("(", from: from) {
                tries += 1
                if expressionResult(bytes, paren) != nil { return paren }
                from = paren + 1
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether the trimmed `r` has no tab and no two blanks in a row: nothing to collapse.
    @inline(__always)
    static func isNormalized(_ bytes: Bytes, _ r: Range<Int>) -> Bool {
        var previousBlank = false
        for i in r {
            let blank = ASCII.isSpace(bytes[i])
            if blank && (previousBlank || bytes[i] == ASCII.tab) { return false }
            previousBlank = blank
        }
        return true
    }

    /// Trimmed, with every run of blanks turned into one space, so that `(lldb)  p/d  $esi`
    /// and `-C "p/d $esi"` compare equal.
    static func normalizedCommand(_ bytes: Bytes, _ range: Range<Int>) -> String {
        let r = bytes.trimmed(range)
        // Usually there is nothing to collapse: decode the slice as it is.
        if isNormalized(bytes, r) { return bytes.string(r) }
        var out: [UInt8] = []
        out.reserveCapacity(r.count)
        var lastWasSpace = false
        for i in r {
            let b = bytes[i]
            if ASCII.isSpace(b) {
                if !lastWasSpace { out.append(ASCII.space) }
                lastWasSpace = true
            } else {
                out.append(b)
                lastWasSpace = false
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func threadHeader(_ bytes: Bytes, _ at: Int) -> TranscriptLine? {
        // lldb follows the number with `, …` (a stop, `bt`) or `: tid = …` (`thread list`);
        // a program's `thread #2 idle` is no header.
        guard let number = bytes.parseUnsigned(at: at + 8),
              number.end == bytes.count || bytes[number.end] == ASCII.comma || bytes[number.end] == ASCII.colon else { return nil }
        let thread = number.value.flatMap { $0 <= UInt64(Int32.max) ? Int($0) : nil }
        guard let reason = bytes.find("stop reason = ", from: number.end) else {
            return .threadHeader(thread: thread, breakpoint: nil)
        }
        var i = reason + 14
        guard bytes.matches("breakpoint ", at: i) else { return .threadHeader(thread: thread, breakpoint: nil) }
        i += 11
        guard let id = bytes.parseUnsigned(at: i), let idValue = id.value, idValue <= UInt64(Int32.max) else {
            return .threadHeader(thread: thread, breakpoint: nil)
        }
        var location: Int?
        if id.end < bytes.count, bytes[id.end] == ASCII.dot, let loc = bytes.parseUnsigned(at: id.end + 1),
           let locValue = loc.value, locValue <= UInt64(Int32.max) {
            location = Int(locValue)
        }
        return .threadHeader(thread: thread, breakpoint: BreakpointLocation(id: Int(idValue), location: location))
    }

    /// The normalised command as a name of `names`: decoded only the first time it is seen.
    static func normalizedCommand(_ bytes: Bytes, _ range: Range<Int>, names: inout NameTable) -> NameID {
        let r = bytes.trimmed(range)
        if isNormalized(bytes, r) { return names.id(bytes, r) }
        var copy = normalizedCommand(bytes, range)
        return copy.withUTF8 { names.id($0) }
    }

    private static func frame(_ bytes: Bytes, _ at: Int, names: inout NameTable) -> TranscriptLine? {
        guard let depth = bytes.parseUnsigned(at: at + 7), let depthValue = depth.value,
              depthValue <= 1_000_000, depth.end < bytes.count, bytes[depth.end] == ASCII.colon else {
            return nil
        }
        var i = bytes.skipSpaces(from: depth.end + 1)
        var address: UInt64?
        if let parsed = bytes.parseUnsigned(at: i) {
            address = parsed.value
            i = bytes.skipSpaces(from: parsed.end)
        }
        var line = FrameLine(depth: Int(depthValue), address: address, module: -1, name: NameTable.empty, arguments: nil)
        if i < bytes.count {
            let (symbol, arguments) = PrintedSymbol.parseFrame(bytes, i..<bytes.count)
            if let module = symbol.module { line.module = names.id(bytes, module) }
            line.name = names.id(bytes, symbol.name)
            line.arguments = arguments
        }
        return .frame(line)
    }

    private static func register(_ bytes: Bytes, _ at: Int) -> TranscriptLine? {
        var i = at
        while i < bytes.count && ASCII.isIdentifier(bytes[i]) { i += 1 }
        let nameEnd = i
        guard nameEnd > at, nameEnd - at <= 16, bytes.matches(" = 0x", at: nameEnd) else { return nil }
        let parsed = bytes.parseUnsigned(at: nameEnd + 3)
        return .register(argument: ArgumentRegisters.argumentIndex(UnsafeBufferPointer(rebasing: bytes[at..<nameEnd])),
                         value: parsed?.value)
    }

    private static func expressionResult(_ bytes: Bytes, _ at: Int) -> TranscriptLine? {
        guard let close = bytes.closingBracket(from: at), close + 1 < bytes.count, bytes[close + 1] == ASCII.space else {
            return nil
        }
        var i = bytes.skipSpaces(from: close + 1)
        guard i < bytes.count else { return nil }
        var variable: String?
        if bytes[i] == ASCII.dollar || ASCII.isLetter(bytes[i]) || bytes[i] == ASCII.underscore {
            // `$0 = value` or `name = value`.
            let nameStart = i
            i += 1
            while i < bytes.count && ASCII.isIdentifier(bytes[i]) { i += 1 }
            let nameEnd = i
            i = bytes.skipSpaces(from: i)
            guard i < bytes.count, bytes[i] == ASCII.equals else { return nil }
            if bytes[nameStart] != ASCII.dollar { variable = bytes.string(nameStart..<nameEnd) }
            i += 1
        }
        return .expressionResult(value: PrintedSymbol.firstNumber(bytes, i..<bytes.count), variable: variable)
    }

    private static func breakpointCreated(_ bytes: Bytes, _ at: Int) -> TranscriptLine? {
        guard let id = bytes.parseUnsigned(at: at + 11), let idValue = id.value, idValue <= UInt64(Int32.max),
              bytes.matches(": ", at: id.end) else {
            return nil
        }
        var whereName: String?
        if bytes.matches("where = ", at: id.end + 2) {
            let symbol = PrintedSymbol.parse(bytes, (id.end + 10)..<bytes.count)
            whereName = bytes.string(symbol.name)
        }
        return .breakpointCreated(id: Int(idValue), whereName: whereName)
    }

    /// Shape 5: a known symbol as the first word, then only numbers (decimal or `0x` hex,
    /// optionally `name=`-prefixed, separated by blanks or commas).
    private static func logMessage(_ bytes: Bytes, _ at: Int, names: inout NameTable) -> TranscriptLine? {
        var i = at
        while i < bytes.count && !ASCII.isSpace(bytes[i]) { i += 1 }
        let wordEnd = i
        guard wordEnd - at >= 6, wordEnd - at <= 200 else { return nil }
        // Cheap filter before any string is made: symbol characters only, and one of `G`, `_`,
        // `S`, `$`, which every name of the symbol table has (`…Graph…`, `update_attribute`,
        // `_ZN…`, `StoredLocation`, `$s…`): `Process 2067 stopped` stops here.
        var marked = false
        for k in at..<wordEnd {
            let b = bytes[k]
            guard ASCII.isIdentifier(b) || b == ASCII.colon || b == ASCII.dot || b == ASCII.less
                || b == ASCII.greater || b == ASCII.dollar else { return nil }
            marked = marked || b == 0x47 || b == ASCII.underscore || b == 0x53 || b == ASCII.dollar
        }
        guard marked else { return nil }
        var values: [UInt64?] = []
        i = wordEnd
        while true {
            while i < bytes.count && (ASCII.isSpace(bytes[i]) || bytes[i] == ASCII.comma) { i += 1 }
            if i >= bytes.count { break }
            // Optional `name=` / `name:`.
            var k = i
            while k < bytes.count && ASCII.isIdentifier(bytes[k]) { k += 1 }
            if k > i, k < bytes.count, bytes[k] == ASCII.equals || bytes[k] == ASCII.colon,
               !ASCII.isDigit(bytes[i]) {
                i = bytes.skipSpaces(from: k + 1)
            }
            guard let number = bytes.parseUnsigned(at: i) else { return nil }
            if number.end < bytes.count, !ASCII.isSpace(bytes[number.end]), bytes[number.end] != ASCII.comma {
                return nil
            }
            if values.count < 8 { values.append(number.value) }
            i = number.end
        }
        let name = names.id(bytes, at..<wordEnd)
        guard names.info(name).kind != .call else { return nil }
        return .logMessage(name: name, values: values)
    }
}
