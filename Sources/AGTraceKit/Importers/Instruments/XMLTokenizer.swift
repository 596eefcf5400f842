import Foundation

/// A byte-level pull tokenizer of the XML subset `xctrace export` writes: elements, attributes
/// in either quote, text, the five entities and numeric character references, the XML
/// declaration, comments, CDATA. No DOM: one token at a time, its parts as ranges into a
/// buffer that is valid until the next call, so memory stays flat whatever the file's size
/// (the buffer grows only to hold one token, up to `maxToken`). One thread uses it: no
/// dynamic exclusivity checks on its state (a fifth of the reading time otherwise).
final class XMLTokenizer {
    enum Kind { case start, end, text, end_of_input }

    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        /// The value holds a `&`: `decode` it.
        var escaped: Bool
    }

    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// The longest token (a start tag with its attributes, one text) it holds, in bytes: a
    /// larger one is refused rather than read into memory.
    let maxToken: Int
    private let source: ByteSource
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    /// The buffer holds `capacity` bytes, of which [0, filled) are read; the next token starts
    /// at `pos`; `base` is the stream offset of buffer[0], `linesBefore` the newlines before it.
    @exclusivity(unchecked) private var capacity: Int, filled = 0, pos = 0, base = 0, linesBefore = 0
    @exclusivity(unchecked) private var atEnd = false

    @exclusivity(unchecked) private(set) var kind: Kind = .end_of_input
    /// Where the token starts in the stream.
    @exclusivity(unchecked) private(set) var offset = 0
    @exclusivity(unchecked) private(set) var name: Range<Int> = 0..<0
    /// The start tag's attributes (valid until the next call), kept in storage of its own: an
    /// array's reference count, taken and dropped at every tag read, was a tenth of the reading.
    var attributes: UnsafeBufferPointer<Attribute> { UnsafeBufferPointer(start: attributeStorage, count: attributeCount) }
    @exclusivity(unchecked) private var attributeStorage: UnsafeMutablePointer<Attribute>
    @exclusivity(unchecked) private var attributeCount = 0, attributeCapacity = 8
    @exclusivity(unchecked) private(set) var selfClosing = false
    /// A text token: its bytes, and whether they hold entities (CDATA holds none).
    @exclusivity(unchecked) private(set) var text: Range<Int> = 0..<0
    @exclusivity(unchecked) private(set) var textEscaped = false
    /// The input ended inside a tag, a comment or a CDATA section.
    @exclusivity(unchecked) private(set) var cut = false

    /// The longest element or attribute name, in bytes (an export's longest is about 30): the
    /// reader holds the open elements' names, and error messages quote them.
    static let maxName = 256
    /// Attributes of one tag (an export's have up to 5): each is a few words of memory, and a
    /// 16 MB tag of `a=''` would be millions of them.
    static let maxAttributes = 256

    init(source: ByteSource, chunk: Int = 1 << 20, maxToken: Int = 16 << 20) {
        self.source = source
        self.maxToken = max(maxToken, 64)
        capacity = max(chunk, 64)
        buffer = .allocate(capacity: capacity)
        attributeStorage = .allocate(capacity: attributeCapacity)
    }

    deinit {
        buffer.deallocate()
        attributeStorage.deallocate()
    }

    @inline(__always) private func appendAttribute(_ a: Attribute) {
        if attributeCount == attributeCapacity {
            let grown = UnsafeMutablePointer<Attribute>.allocate(capacity: attributeCapacity * 2)
            grown.initialize(from: attributeStorage, count: attributeCount)
            attributeStorage.deallocate()
            attributeStorage = grown
            attributeCapacity *= 2
        }
        (attributeStorage + attributeCount).initialize(to: a)
        attributeCount += 1
    }

    @inline(__always) func byte(_ i: Int) -> UInt8 { buffer[i] }

    func bytes(_ r: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + r.lowerBound, count: r.count)
    }

    func string(_ r: Range<Int>) -> String { String(decoding: bytes(r), as: UTF8.self) }

    func equals(_ r: Range<Int>, _ literal: StaticString) -> Bool {
        guard r.count == literal.utf8CodeUnitCount else { return false }
        return memcmp(buffer + r.lowerBound, literal.utf8Start, r.count) == 0
    }

    /// The 1-based line of a stream offset at or after the buffer's start.
    func line(of streamOffset: Int) -> Int {
        linesBefore + Self.newlines(buffer, min(max(streamOffset - base, 0), filled)) + 1
    }

    /// The newlines in the first `count` bytes: every byte of the input passes here once,
    /// found by memchr (an export has a line per row; a test per byte was a tenth of the reading).
    private static func newlines(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var n = 0, i = 0
        while i < count, let hit = memchr(bytes + i, 0x0A, count - i) {
            n += 1
            i = bytes.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return n
    }

    /// Appends the decoded bytes of `r` (entities and character references undone) to `out`.
    func decode<Out: ByteAppending>(_ r: Range<Int>, into out: inout Out) throws {
        var i = r.lowerBound
        while i < r.upperBound {
            let b = buffer[i]
            if b != 0x26 { out.append(b); i += 1; continue }
            var j = i + 1
            while j < r.upperBound, buffer[j] != 0x3B, j - i < 12 { j += 1 }
            guard j < r.upperBound, buffer[j] == 0x3B else {
                throw Failure(offset: base + i, message: "an '&' that starts no entity (write it &amp;)")
            }
            let entity = (i + 1)..<j
            if equals(entity, "lt") { out.append(0x3C) }
            else if equals(entity, "gt") { out.append(0x3E) }
            else if equals(entity, "amp") { out.append(0x26) }
            else if equals(entity, "quot") { out.append(0x22) }
            else if equals(entity, "apos") { out.append(0x27) }
            else if entity.count >= 2, buffer[entity.lowerBound] == 0x23 {
                let hex = buffer[entity.lowerBound + 1] == 0x78
                let digits = (entity.lowerBound + (hex ? 2 : 1))..<entity.upperBound
                guard !digits.isEmpty, let code = UInt32(string(digits), radix: hex ? 16 : 10),
                      let scalar = Unicode.Scalar(code), code != 0 else {
                    throw Failure(offset: base + i, message: "a character reference '&\(string(entity));' that names no character")
                }
                for b in String(Character(scalar)).utf8 { out.append(b) }
            } else {
                throw Failure(offset: base + i, message: "an unknown entity '&\(string(entity));' (only &lt; &gt; &amp; &quot; &apos; and &#N; are XML's own)")
            }
            i = j + 1
        }
    }

    /// Reads the next token; `.end_of_input` at the end of the stream.
    func next() throws -> Kind {
        while true {
            if pos == filled, try !refill() {
                kind = .end_of_input
                offset = base + pos
                return kind
            }
            if buffer[pos] == 0x3C {
                if let k = try markup() { kind = k; return k }
                continue  // a comment, a declaration, a doctype: nothing to report
            }
            // Text up to the next '<' (or the end of the stream).
            var start = pos
            var scanFrom = pos
            while true {
                if let hit = memchr(buffer + scanFrom, 0x3C, filled - scanFrom) {
                    return finishText(start, buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self)))
                }
                let startInStream = base + start, scannedInStream = base + filled
                pos = start
                let more = try refill(keeping: start)
                start = startInStream - base
                scanFrom = scannedInStream - base
                if !more { return finishText(start, filled) }
            }
        }
    }

    private func finishText(_ start: Int, _ end: Int) -> Kind {
        text = start..<end
        offset = base + start
        textEscaped = memchr(buffer + start, 0x26, end - start) != nil
        pos = end
        kind = .text
        return .text
    }

    /// A token starting with '<' at `pos`: an element's start or end (its kind), or nil for
    /// what is skipped. Reads more of the stream when the token is cut by the buffer's end.
    private func markup() throws -> Kind? {
        while true {
            let start = pos
            switch try scanMarkup(from: start) {
            case .done(let k): return k
            case .needMore:
                pos = start
                let endSeen = atEnd
                if try !refill(keeping: start) {
                    // The end of the input only now seen (the last read had filled the
                    // buffer): scan once more knowing it, as a read in one piece does (a
                    // `<!` too short for any keyword is then refused, not taken for a cut).
                    if !endSeen { continue }
                    // Cut inside a tag: the end of the input, which the reader words (a note
                    // when the rows before are whole, else an error).
                    cut = true
                    offset = base + pos
                    kind = .end_of_input
                    return .end_of_input
                }
            }
        }
    }

    private enum Scan { case done(Kind?), needMore }

    private func scanMarkup(from start: Int) throws -> Scan {
        var i = start + 1
        guard i < filled else { return .needMore }
        let b = buffer[i]
        if b == 0x21 {  // <!
            if has("<!--", at: start) { return try skip(until: "-->", from: start + 4, what: "a comment") }
            if has("<![CDATA[", at: start) {
                guard let end = find("]]>", from: start + 9) else { return try noEnd(start, "a CDATA section") }
                text = (start + 9)..<end
                textEscaped = false
                offset = base + start
                pos = end + 3
                return .done(.text)
            }
            if filled - start < 9 && !atEnd { return .needMore }
            if has("<!DOCTYPE", at: start) {
                // An internal subset ("[ … ]>") is skipped whole: the entities it declares are never expanded.
                guard let close = find(">", from: start + 9) else { return try noEnd(start, "a DOCTYPE") }
                let subset = memchr(buffer + start, 0x5B, close - start) != nil
                return try skip(until: subset ? "]>" : ">", from: start + 9, what: "a DOCTYPE")
            }
            throw Failure(offset: base + start, message: "'<!' that starts no comment, CDATA section or DOCTYPE")
        }
        if b == 0x3F { return try skip(until: "?>", from: start + 2, what: "an XML declaration") }  // <?
        offset = base + start
        let closing = b == 0x2F
        if closing { i += 1 }
        let nameStart = i
        while i < filled, !isNameEnd(buffer[i]) { i += 1 }
        guard i < filled else { return .needMore }
        guard i > nameStart else { throw Failure(offset: base + start, message: "a '<' with no element name after it") }
        guard i - nameStart <= Self.maxName else { throw Failure(offset: base + start, message: "an element name longer than \(Self.maxName) bytes") }
        name = nameStart..<i
        if closing {
            while i < filled, isSpace(buffer[i]) { i += 1 }
            guard i < filled else { return .needMore }
            guard buffer[i] == 0x3E else { throw Failure(offset: base + i, message: "an end tag '</\(string(name))' not closed by '>'") }
            pos = i + 1
            return .done(.end)
        }
        attributeCount = 0
        while true {
            while i < filled, isSpace(buffer[i]) { i += 1 }
            guard i < filled else { return .needMore }
            let c = buffer[i]
            if c == 0x3E { selfClosing = false; pos = i + 1; return .done(.start) }
            if c == 0x2F {
                guard i + 1 < filled else { return .needMore }
                guard buffer[i + 1] == 0x3E else { throw Failure(offset: base + i, message: "a '/' in the tag <\(string(name))> not followed by '>'") }
                selfClosing = true
                pos = i + 2
                return .done(.start)
            }
            let attrStart = i
            while i < filled, !isNameEnd(buffer[i]) { i += 1 }
            guard i < filled else { return .needMore }
            guard i > attrStart else { throw Failure(offset: base + i, message: "an unexpected '\(Character(Unicode.Scalar(c)))' in the tag <\(string(name))>") }
            guard i - attrStart <= Self.maxName else { throw Failure(offset: base + attrStart, message: "an attribute name longer than \(Self.maxName) bytes in <\(string(name))>") }
            guard attributeCount < Self.maxAttributes else { throw Failure(offset: base + attrStart, message: "more than \(Self.maxAttributes) attributes in <\(string(name))>") }
            let attrName = attrStart..<i
            while i < filled, isSpace(buffer[i]) { i += 1 }
            guard i < filled else { return .needMore }
            guard buffer[i] == 0x3D else { throw Failure(offset: base + i, message: "the attribute '\(string(attrName))' of <\(string(name))> has no '=' and value") }
            i += 1
            while i < filled, isSpace(buffer[i]) { i += 1 }
            guard i < filled else { return .needMore }
            let quote = buffer[i]
            guard quote == 0x22 || quote == 0x27 else { throw Failure(offset: base + i, message: "the value of '\(string(attrName))' in <\(string(name))> is not quoted") }
            i += 1
            let valueStart = i
            // One pass to the closing quote, noting '<' and '&' (values are short: three memchr
            // calls a value cost more than the bytes).
            var lessThan = false, ampersand = false
            while i < filled {
                let c = buffer[i]
                if c == quote { break }
                if c == 0x3C { lessThan = true } else if c == 0x26 { ampersand = true }
                i += 1
            }
            guard i < filled else { return .needMore }
            let value = valueStart..<i
            if lessThan {
                throw Failure(offset: base + valueStart, message: "a '<' inside the value of '\(string(attrName))' (write it &lt;)")
            }
            appendAttribute(Attribute(name: attrName, value: value, escaped: ampersand))
            i += 1
        }
    }

    private func noEnd(_ start: Int, _ what: String) throws -> Scan {
        .needMore  // at the end of the input: cut (below, in `markup`)
    }

    private func skip(until terminator: StaticString, from: Int, what: String) throws -> Scan {
        guard let end = find(terminator, from: from) else { return try noEnd(from, what) }
        pos = end + terminator.utf8CodeUnitCount
        return .done(nil)
    }

    private func find(_ literal: StaticString, from: Int) -> Int? {
        let n = literal.utf8CodeUnitCount
        var i = from
        let first = literal.utf8Start.pointee
        while i + n <= filled {
            guard let hit = memchr(buffer + i, Int32(first), filled - i) else { return nil }
            i = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if i + n > filled { return nil }
            if memcmp(buffer + i, literal.utf8Start, n) == 0 { return i }
            i += 1
        }
        return nil
    }

    private func has(_ literal: StaticString, at i: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        return i + n <= filled && memcmp(buffer + i, literal.utf8Start, n) == 0
    }

    @inline(__always) private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
    /// Space, tab, CR, LF, '/', '<', '=', '>': all below 64, one bit each.
    private static let nameEnds: UInt64 = 1 << 0x20 | 1 << 0x0A | 1 << 0x0D | 1 << 0x09 | 1 << 0x3E | 1 << 0x2F | 1 << 0x3D | 1 << 0x3C
    @inline(__always) private func isNameEnd(_ b: UInt8) -> Bool {
        b < 64 && Self.nameEnds & (1 << UInt64(b)) != 0
    }

    /// Reads more of the stream, keeping the bytes from `keeping` on (moved to the front);
    /// false at the end of the stream. Ranges handed out before are invalid afterwards.
    private func refill(keeping: Int? = nil) throws -> Bool {
        if atEnd { return false }
        let keep = keeping ?? pos
        if keep > 0 {
            linesBefore += Self.newlines(buffer, keep)
            let n = filled - keep
            if n > 0 { memmove(buffer, buffer + keep, n) }
            base += keep
            filled = n
            pos -= keep
        }
        if filled == capacity {
            guard capacity < maxToken else {
                throw Failure(offset: base, message: "a token longer than \(maxToken >> 20) MB (an attribute or a text that large is no export's)")
            }
            TokenBuffer.grow(&buffer, capacity: &capacity, keeping: filled, limit: maxToken)
        }
        // Filled to the end (a source may hand over a few bytes a read): a token longer than one
        // read is then rescanned a few times, not once per read (quadratic on a trickle).
        var added = false
        while filled < capacity {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: capacity - filled))
            if n == 0 { atEnd = true; break }
            filled += n
            added = true
        }
        return added
    }
}
