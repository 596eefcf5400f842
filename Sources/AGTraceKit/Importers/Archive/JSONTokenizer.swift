import Foundation

/// What the tokenizer found next.
public enum JSONToken: Equatable, Sendable {
    case objectStart, objectEnd, arrayStart, arrayEnd
    /// An object key; its decoded bytes are in `JSONTokenizer.text`.
    case key
    /// A string value; its decoded bytes are in `JSONTokenizer.text`.
    case string
    /// A number; see `JSONTokenizer.integer` / `JSONTokenizer.double`.
    case number
    case bool(Bool)
    case null
    /// The document is complete and only whitespace followed it.
    case end
}

/// A JSON syntax error with its position: byte offset from the start of the (decompressed)
/// document, and the 1-based line and column a text editor would show.
public struct JSONSyntaxError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var offset: Int
    public var line: Int
    public var column: Int
    public var description: String { "\(message) at line \(line), column \(column) (byte \(offset))" }
}

/// A streaming, pull-based JSON tokenizer over a `ByteSource`.
///
/// Its state is only ever touched by the one thread that reads, so the hot properties opt out
/// of Swift's dynamic exclusivity checks, which otherwise cost a tenth of the parse.
///
/// It never builds a tree and never recurses: nesting is tracked in a byte stack with a hard
/// limit, so a file of 300,000 `[` is an error rather than a stack overflow. Strings without
/// escapes are handed out as a view into the read buffer, with no copy; the buffer only grows
/// when a single token is longer than it (up to `maxTokenBytes`).
public final class JSONTokenizer {
    public static let defaultMaxDepth = 512
    /// The longest token (a string, in practice) read: longer is refused with its offset. The
    /// longest strings of real dumps are value descriptions of about 1 KB; the cap bounds what
    /// one string can make an import hold (docs/robustness.md), with room to spare.
    public static let defaultMaxTokenBytes = 4 << 20

    private let source: ByteSource
    private let maxDepth: Int
    private let maxTokenBytes: Int

    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var pos = 0
    @exclusivity(unchecked) private var end = 0
    /// Absolute offset of buffer[0] in the document.
    @exclusivity(unchecked) private var base = 0
    @exclusivity(unchecked) private var sourceEnded = false

    @exclusivity(unchecked) private var line = 1
    /// Absolute offset of the first byte of the current line.
    @exclusivity(unchecked) private var lineStart = 0

    /// Container stack: `{` or `[` per level.
    @exclusivity(unchecked) private var stack: [UInt8] = []
    private enum Expect { case value, keyOrEnd, key, colon, commaOrEnd, valueOrEnd, done }
    @exclusivity(unchecked) private var expect: Expect = .value

    /// Decoded bytes of a string with escapes (manually managed so `text` can point into it).
    @exclusivity(unchecked) private var scratch = ScratchStack<UInt8>()
    @exclusivity(unchecked) private var textStart: UnsafePointer<UInt8>?
    @exclusivity(unchecked) private var textCount = 0
    @exclusivity(unchecked) private var textInScratch = false

    /// Absolute offset of the first byte of the last token returned.
    @exclusivity(unchecked) public private(set) var tokenOffset = 0
    /// For `.number`: the value when it is an integer that fits an Int64.
    @exclusivity(unchecked) public private(set) var integer: Int64?
    /// For `.number`: the value as a Double (always set).
    @exclusivity(unchecked) public private(set) var double: Double = 0

    public init(source: ByteSource, bufferSize: Int = 1 << 20,
                maxDepth: Int = JSONTokenizer.defaultMaxDepth,
                maxTokenBytes: Int = JSONTokenizer.defaultMaxTokenBytes) {
        self.source = source
        self.maxDepth = maxDepth
        self.maxTokenBytes = maxTokenBytes
        capacity = max(bufferSize, 64)
        buffer = .allocate(capacity: capacity)
        stack.reserveCapacity(64)
    }

    deinit {
        buffer.deallocate()
        scratch.free()
    }

    /// The nesting depth after the last token (0 at top level).
    public var depth: Int { stack.count }

    /// The decoded bytes of the last `.key` or `.string`; valid until the next call to `next()`.
    public var text: UnsafeRawBufferPointer {
        if textInScratch {
            return UnsafeRawBufferPointer(start: scratch.base, count: textCount)
        }
        return UnsafeRawBufferPointer(start: textStart, count: textCount)
    }

    /// The last `.key` or `.string` as a Swift string (invalid UTF-8 is repaired, never trapped on).
    public var string: String {
        let start = textInScratch ? UnsafePointer(scratch.base) : textStart
        return String(decoding: UnsafeBufferPointer(start: start, count: textCount), as: UTF8.self)
    }

    /// True when the last key or string equals `literal` byte for byte.
    @inline(__always)
    public func textEquals(_ literal: StaticString) -> Bool {
        let t = text
        guard t.count == literal.utf8CodeUnitCount else { return false }
        guard let p = t.baseAddress else { return true }
        return memcmp(p, literal.utf8Start, t.count) == 0
    }

    /// Line and column of an absolute offset: known for the start of the document and for the
    /// current line (lines before it are not remembered), nil otherwise.
    public func location(of offset: Int) -> (line: Int, column: Int)? {
        if offset >= lineStart { return (line, offset - lineStart + 1) }
        return offset == 0 ? (1, 1) : nil
    }

    /// The line of the last token returned.
    public var tokenLine: Int { line }

    public func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let where_ = offset ?? (base + pos)
        let loc = location(of: where_) ?? (line, 1)
        return JSONSyntaxError(message: message, offset: where_, line: loc.line, column: loc.column)
    }

    // MARK: Buffer

    /// Reads more bytes, keeping `buffer[keep..<end]`; returns the shift applied to indices.
    /// Returns nil at end of input.
    private func refill(keeping keep: Int) throws -> Int? {
        if sourceEnded { return nil }
        var shift = 0
        if keep > 0 {
            let live = end - keep
            if live > 0 { memmove(buffer, buffer + keep, live) }
            base += keep
            end = live
            pos -= keep
            shift = keep
        }
        if end == capacity {
            guard capacity < maxTokenBytes else {
                throw error("a single token is longer than \(maxTokenBytes >> 20) MiB", at: base)
            }
            TokenBuffer.grow(&buffer, capacity: &capacity, keeping: end, limit: maxTokenBytes)
        }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
        if n == 0 {
            sourceEnded = true
            return shift == 0 ? nil : shift
        }
        end += n
        return shift
    }

    // MARK: Tokens

    public func next() throws -> JSONToken {
        // Skip whitespace, counting lines (newlines can only appear here in valid JSON).
        var c: UInt8 = 0
        while true {
            if pos == end {
                if try refill(keeping: pos) == nil || pos == end {
                    if pos == end { return try endOfInput() }
                }
                continue
            }
            c = buffer[pos]
            if c == 0xEF && base + pos == 0 {
                // A UTF-8 byte order mark may open the document.
                while end - pos < 3 { if try refill(keeping: pos) == nil { break } }
                if end - pos >= 3 && buffer[pos + 1] == 0xBB && buffer[pos + 2] == 0xBF {
                    pos += 3
                    continue
                }
                break
            }
            if c == 0x20 || c == 0x09 || c == 0x0D {
                pos += 1
            } else if c == 0x0A {
                pos += 1
                line += 1
                lineStart = base + pos
            } else {
                break
            }
        }
        tokenOffset = base + pos
        switch expect {
        case .done:
            throw error("unexpected data after the end of the JSON document")
        case .colon:
            guard c == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
            pos += 1
            expect = .value
            return try next()
        case .commaOrEnd:
            if c == UInt8(ascii: ",") {
                pos += 1
                expect = stack.last == UInt8(ascii: "{") ? .key : .value
                return try next()
            }
            if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                return try closeContainer(c)
            }
            throw error(stack.last == UInt8(ascii: "{") ? "expected ',' or '}' in object" : "expected ',' or ']' in array")
        case .keyOrEnd, .key:
            if c == UInt8(ascii: "}") && expect == .keyOrEnd { return try closeContainer(c) }
            guard c == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            pos += 1
            try scanString()
            expect = .colon
            return .key
        case .valueOrEnd:
            if c == UInt8(ascii: "]") { return try closeContainer(c) }
            return try value(c)
        case .value:
            return try value(c)
        }
    }

    /// Reads the next array element in one pass over the buffer when it is a flat object of
    /// small integers written compactly: `{"src":3,"dst":12,"flags":1}`, every key one of
    /// `keys`, every value 0 or a decimal integer of at most 9 digits, no whitespace, the whole
    /// object (and the comma before it) already in the buffer. Sets `values[k]` for each
    /// `keys[k]` it holds (a repeated key's last value, as `next()` would give) and returns
    /// true. For anything else it consumes nothing and returns false: the caller then reads the
    /// element token by token, which reports what is wrong with it. Archives hold hundreds of
    /// thousands of such edges: reading them this way, the archive reader alone took 0.86x the
    /// time on the benchmark's 300k-node archive.
    public func smallIntegerObject(keys: [StaticString], into values: inout SIMD4<Int64>) -> Bool {
        guard stack.last == UInt8(ascii: "["), stack.count < maxDepth else { return false }
        var i = pos
        switch expect {
        case .commaOrEnd:
            guard i < end, buffer[i] == UInt8(ascii: ",") else { return false }
            i += 1
        case .value, .valueOrEnd:
            break
        default:
            return false
        }
        guard i < end, buffer[i] == UInt8(ascii: "{") else { return false }
        let open = i
        i += 1
        var found = values
        if i < end && buffer[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                guard i < end, buffer[i] == UInt8(ascii: "\"") else { return false }
                i += 1
                var matched = -1
                for k in keys.indices {
                    let n = keys[k].utf8CodeUnitCount
                    if end - i > n + 1 && buffer[i + n] == UInt8(ascii: "\"") && buffer[i + n + 1] == UInt8(ascii: ":")
                        && memcmp(buffer + i, keys[k].utf8Start, n) == 0 {
                        matched = k
                        i += n + 2
                        break
                    }
                }
                guard matched >= 0 && matched < 4 else { return false }
                let first = i
                let (v, next) = decimalDigits(from: first, limit: 10)
                i = next
                let digits = i - first
                guard digits > 0 && digits <= 9 && !(digits > 1 && buffer[first] == UInt8(ascii: "0")) && i < end else {
                    return false
                }
                found[matched] = Int64(v)
                let c = buffer[i]
                i += 1
                if c == UInt8(ascii: "}") { break }
                guard c == UInt8(ascii: ",") else { return false }
            }
        }
        tokenOffset = base + open
        pos = i
        expect = .commaOrEnd
        values = found
        return true
    }

    private func endOfInput() throws -> JSONToken {
        if expect == .done { return .end }
        if stack.isEmpty && expect == .value {
            throw error(base + pos == 0 ? "empty input: no JSON document" : "no JSON value in the input")
        }
        throw error("truncated JSON: the input ends inside \(stack.last == UInt8(ascii: "{") ? "an object" : stack.isEmpty ? "a value" : "an array")")
    }

    @inline(__always)
    private func afterValue() {
        expect = stack.isEmpty ? .done : .commaOrEnd
    }

    private func closeContainer(_ c: UInt8) throws -> JSONToken {
        let open = stack.last
        if c == UInt8(ascii: "}") {
            guard open == UInt8(ascii: "{") else { throw error("unexpected '}'") }
        } else {
            guard open == UInt8(ascii: "[") else { throw error("unexpected ']'") }
        }
        stack.removeLast()
        pos += 1
        afterValue()
        return c == UInt8(ascii: "}") ? .objectEnd : .arrayEnd
    }

    private func value(_ c: UInt8) throws -> JSONToken {
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard stack.count < maxDepth else {
                throw error("nesting deeper than \(maxDepth) levels")
            }
            stack.append(c)
            pos += 1
            if c == UInt8(ascii: "{") {
                expect = .keyOrEnd
                return .objectStart
            }
            expect = .valueOrEnd
            return .arrayStart
        case UInt8(ascii: "\""):
            pos += 1
            try scanString()
            afterValue()
            return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            afterValue()
            return .number
        case UInt8(ascii: "t"):
            try literal("true")
            afterValue()
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            afterValue()
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            afterValue()
            return .null
        default:
            if c < 0x20 || c >= 0x7F {
                throw error(String(format: "unexpected byte 0x%02X where a JSON value should start", c))
            }
            throw error("unexpected character '\(Character(UnicodeScalar(c)))' where a JSON value should start")
        }
    }

    private func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        while end - pos < n {
            if try refill(keeping: pos) == nil { throw error("truncated JSON: the input ends inside a literal") }
        }
        guard memcmp(buffer + pos, word.utf8Start, n) == 0 else {
            throw error("invalid literal: expected '\(word)'")
        }
        pos += n
    }

    /// Scans a string whose opening quote was consumed. Fast path: no escapes, a view into the
    /// buffer. Slow path: decode into `scratch`.
    private func scanString() throws {
        let startOffset = base + pos - 1
        var i = pos
        // Eight bytes at a time while none is a quote, a backslash or a control character
        // (each test is exact about whether such a byte is in the word); the loop below
        // then finds which.
        while end - i >= 8 {
            let w = UnsafeRawPointer(buffer + i).loadUnaligned(as: UInt64.self)
            let quote = w ^ 0x2222_2222_2222_2222, backslash = w ^ 0x5C5C_5C5C_5C5C_5C5C
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- 0x2020_2020_2020_2020) & ~w)
            if special & highs != 0 { break }
            i += 8
        }
        while true {
            if i == end {
                let keep = pos
                guard let shift = try refill(keeping: keep) else {
                    throw error("truncated JSON: the input ends inside a string", at: startOffset)
                }
                i -= shift
                continue
            }
            let c = buffer[i]
            if c == UInt8(ascii: "\"") {
                textStart = UnsafePointer(buffer + pos)
                textCount = i - pos
                textInScratch = false
                pos = i + 1
                return
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 {
                throw error(String(format: "unescaped control character 0x%02X in a string", c), at: base + i)
            }
            i += 1
        }
        // Slow path: copy what was scanned, then decode escapes.
        scratch.removeAll()
        scratch.append(contentsOf: UnsafeBufferPointer(start: buffer + pos, count: i - pos))
        pos = i
        while true {
            if pos == end {
                guard try refill(keeping: pos) != nil, pos < end else {
                    throw error("truncated JSON: the input ends inside a string", at: startOffset)
                }
            }
            let c = buffer[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                textInScratch = true
                textCount = scratch.count
                return
            }
            if c < 0x20 {
                throw error(String(format: "unescaped control character 0x%02X in a string", c))
            }
            if scratch.count >= maxTokenBytes {
                throw error("a string is longer than \(maxTokenBytes >> 20) MiB", at: startOffset)
            }
            if c != UInt8(ascii: "\\") {
                scratch.append(c)
                pos += 1
                continue
            }
            try decodeEscape()
        }
    }

    private func decodeEscape() throws {
        // Need at least 2 bytes: backslash + kind.
        while end - pos < 2 {
            if try refill(keeping: pos) == nil { throw error("truncated JSON: the input ends inside an escape") }
        }
        let kind = buffer[pos + 1]
        switch kind {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(after: 2)
            var consumed = 6
            if scalar >= 0xD800 && scalar < 0xDC00 {
                // A high surrogate: a low one must follow to make a scalar; alone, it is replaced.
                while end - pos < 12 {
                    if try refill(keeping: pos) == nil { break }
                }
                if end - pos >= 12 && buffer[pos + 6] == UInt8(ascii: "\\") && buffer[pos + 7] == UInt8(ascii: "u"),
                   let low = try? hex4(after: 8), low >= 0xDC00 && low < 0xE000 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    consumed = 12
                } else {
                    scalar = 0xFFFD
                }
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                scalar = 0xFFFD
            }
            appendUTF8(scalar)
            pos += consumed
            return
        default:
            throw error("invalid escape '\\\(Character(UnicodeScalar(kind)))' in a string")
        }
        pos += 2
    }

    /// The four hex digits `distance` bytes after `pos` (the escape's backslash). The index is
    /// taken after any refill, which may move the buffer's contents.
    private func hex4(after distance: Int) throws -> UInt32 {
        while end < pos + distance + 4 {
            if try refill(keeping: pos) == nil { throw error("truncated JSON: the input ends inside a \\u escape") }
        }
        let index = pos + distance
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = buffer[index + k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - 55
            default: throw error("invalid \\u escape: '\(Character(UnicodeScalar(c)))' is not a hex digit", at: base + index + k)
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    private func appendUTF8(_ v: UInt32) {
        if v < 0x80 {
            scratch.append(UInt8(v))
        } else if v < 0x800 {
            scratch.append(UInt8(0xC0 | (v >> 6)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            scratch.append(UInt8(0xE0 | (v >> 12)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            scratch.append(UInt8(0xF0 | (v >> 18)))
            scratch.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Scans a number per RFC 8259. Integers are accumulated directly; anything with a
    /// fraction or exponent goes through `strtod`.
    /// The decimal digits in the buffer from `first` on, at most `limit` of them: their value
    /// (wrapping past 19 digits, which no caller takes) and where they end.
    @inline(__always)
    private func decimalDigits(from first: Int, limit: Int) -> (value: UInt64, end: Int) {
        var i = first, value: UInt64 = 0
        while i < end && i - first < limit {
            let d = buffer[i] &- 48
            if d > 9 { break }
            value = value &* 10 &+ UInt64(d)
            i += 1
        }
        return (value, i)
    }

    private func scanNumber() throws {
        // Fast path: an integer of at most 18 digits (no overflow possible) whose end is in
        // the buffer, followed by none of . e E + -; anything else, including
        // every malformed number, takes the general path below.
        do {
            var i = pos
            let negative = buffer[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            let first = i
            let (magnitude, next) = decimalDigits(from: first, limit: 19)
            i = next
            let digits = i - first
            if digits > 0 && digits <= 18 && i < end && !(digits > 1 && buffer[first] == UInt8(ascii: "0")) {
                let c = buffer[i]
                if c != UInt8(ascii: ".") && c != UInt8(ascii: "e") && c != UInt8(ascii: "E") && c != UInt8(ascii: "+")
                    && c != UInt8(ascii: "-") {
                    let v = negative ? -Int64(magnitude) : Int64(magnitude)
                    integer = v
                    double = Double(v)
                    pos = i
                    return
                }
            }
        }
        var i = pos
        var isInteger = true
        var negative = false
        var magnitude: UInt64 = 0
        var overflow = false
        var digits = 0
        var state = 0 // 0 sign, 1 int digits, 2 after '.', 3 frac digits, 4 after e, 5 after e sign, 6 exp digits
        var leadingZero = false
        scan: while true {
            if i == end {
                guard let shift = try refill(keeping: pos) else { break scan }
                i -= shift
                continue
            }
            let c = buffer[i]
            switch c {
            case UInt8(ascii: "-") where state == 0 && i == pos:
                negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if state <= 1 {
                    if leadingZero { throw error("invalid number: leading zero", at: base + pos) }
                    if c == UInt8(ascii: "0") && digits == 0 { leadingZero = true }
                    let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
                    let (m2, o2) = m1.addingReportingOverflow(UInt64(c - 48))
                    if o1 || o2 { overflow = true }
                    magnitude = m2
                    digits += 1
                    state = 1
                } else if state == 2 || state == 3 {
                    state = 3
                } else {
                    state = 6
                }
            case UInt8(ascii: ".") where state == 1:
                isInteger = false
                state = 2
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard state == 1 || state == 3 else { throw error("invalid number", at: base + pos) }
                isInteger = false
                state = 4
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard state == 4 else { throw error("invalid number", at: base + pos) }
                state = 5
            default:
                break scan
            }
            i += 1
            if i - pos > 512 { throw error("a number longer than 512 characters", at: base + pos) }
        }
        guard state == 1 || state == 3 || state == 6 else {
            throw error("invalid number", at: base + pos)
        }
        if isInteger && !overflow && (magnitude <= UInt64(Int64.max) || (negative && magnitude == UInt64(Int64.max) + 1)) {
            let v = negative ? (magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)) : Int64(magnitude)
            integer = v
            double = Double(v)
        } else {
            integer = nil
            var chars = [CChar](repeating: 0, count: i - pos + 1)
            for k in 0..<(i - pos) { chars[k] = CChar(bitPattern: buffer[pos + k]) }
            double = strtod(chars, nil)
        }
        pos = i
    }

    /// Skips the value whose first token was just returned (no-op for scalars).
    public func skip(after token: JSONToken) throws {
        guard token == .objectStart || token == .arrayStart else { return }
        let target = depth - 1
        while depth > target {
            _ = try next()
        }
    }
}
