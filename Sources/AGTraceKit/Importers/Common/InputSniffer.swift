/// An opened input: the decoded byte stream positioned at its start, what it holds, and the
/// compression undone (`Compressions`), if any.
public struct SniffedInput {
    public var format: any InputFormat
    public var kind: InputKind { format.kind }
    public var compression: Compression?
    public var compressed: Bool { compression != nil }
    public var source: ByteSource
    /// A transcript only possibly: text (not JSON, not binary) longer than the head, with no
    /// hit in it. Read whole; refused as no input if it holds no hit either (a program may
    /// print more than the head before the first breakpoint is hit).
    public var provisional = false

    public init(format: any InputFormat, compression: Compression?, source: ByteSource, provisional: Bool = false) {
        self.format = format
        self.compression = compression
        self.source = source
        self.provisional = provisional
    }
}

public enum InputSniffer {
    /// How much of the decoded stream is examined to recognise a transcript.
    public static let headSize = 64 * 1024

    /// Opens `raw` (a file or standard input), undoing the compression its magic names
    /// (`Compressions`), and asks each of `formats` in turn whether the head is theirs; the
    /// first sure one wins, else a compression without a magic whose decoded bytes a format is
    /// sure of (raw DEFLATE: tried only on what no format is sure of), else the first that may
    /// be (read whole to know).
    public static func sniff(_ raw: PeekingSource, path: String,
                             formats: [any InputFormat] = InputFormats.all) throws -> SniffedInput {
        if try raw.peek(Compressions.magicBytes).isEmpty {
            throw InputError(path: path, message: "empty file: neither \(formatNouns)", notAnInput: true)
        }
        let (inner, compression) = try Compressions.decoded(raw, path: path)
        let compressed = compression != nil
        let head = try inner.peek(headSize)
        let full = head.count == headSize
        let best = try surest(formats, head: head, full: full, path: path)
        if let best, best.recognition > .provisional {
            return SniffedInput(format: best.format, compression: compression, source: inner)
        }
        let maybe = best?.format
        if maybe != nil, full, let sure = try lookFurther(inner, formats: formats, path: path) {
            return SniffedInput(format: sure, compression: compression, source: inner)
        }
        for layer in Compressions.all where layer.withoutMagic && !compressed && layer.recognise(head) {
            let decoded = PeekingSource(try layer.open(inner, path))
            let text = try decoded.peek(headSize)
            if let best = try surest(formats, head: text, full: text.count == headSize, path: path), best.recognition > .provisional {
                return SniffedInput(format: best.format, compression: layer, source: decoded)
            }
            throw InputError(path: path, message: layer.refusal ?? "\(layer.name) data that decodes to no format")
        }
        if let maybe {
            return SniffedInput(format: maybe, compression: compression, source: inner, provisional: true)
        }
        var i = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < head.count, head[i] == 0x20 || head[i] == 0x0A || head[i] == 0x0D || head[i] == 0x09 { i += 1 }
        if i == head.count {
            throw InputError(path: path, message: compressed ? "empty after decompression: neither \(formatNouns)"
                                                             : "blank file: neither \(formatNouns)",
                             notAnInput: true)
        }
        let binary = Self.looksBinary(head)
        throw InputError(path: path, message: binary
            ? "binary data: neither \(formatNouns)"
            : noHitsMessage, notAnInput: true)
    }

    /// How far a text that only may be a transcript is looked into for a sure sign of a format.
    public static let lookAheadSize = 16 * 1024 * 1024

    /// A text whose head no format is sure of, but that goes on: a console log may print far
    /// more than the head before its first cycle report, and read whole as a maybe-transcript it
    /// would be refused. Heads four times larger each time are asked again, to `lookAheadSize`
    /// (the bytes stay buffered for the import that follows).
    private static func lookFurther(_ inner: PeekingSource, formats: [any InputFormat], path: String) throws -> (any InputFormat)? {
        var size = headSize * 4
        while size <= lookAheadSize {
            let head = try inner.peek(size)
            let full = head.count == size
            if let best = try surest(formats, head: head, full: full, path: path), best.recognition > .provisional { return best.format }
            if !full { return nil }
            size *= 4
        }
        return nil
    }

    /// The format surest of `head` (the first of the surest, in `formats`' order), or nil. A
    /// format that refuses the head (throws: a baseline) is heard unless one before it was sure;
    /// none is asked once no format after it could be surer (`FormatFacts.surest`).
    static func surest(_ formats: [any InputFormat], head: [UInt8], full: Bool,
                       path: String) throws -> (format: any InputFormat, recognition: Recognition)? {
        var best: (format: any InputFormat, recognition: Recognition)?
        // The surest answer any format from each one on can give.
        var ceiling = Array(repeating: Recognition.provisional, count: formats.count + 1)
        for i in formats.indices.reversed() { ceiling[i] = max(ceiling[i + 1], formats[i].facts.surest) }
        for (i, format) in formats.enumerated() {
            if let best, best.recognition >= ceiling[i] { break }
            let recognition: Recognition?
            do {
                recognition = try format.recognise(head, full: full, path: path)
            } catch where (best?.recognition ?? .provisional) >= .sure {
                continue
            }
            guard let recognition, recognition > (best?.recognition ?? .provisional) || best == nil else { continue }
            best = (format, recognition)
        }
        return best
    }

    /// A control byte below tab (NUL among them) in the first 512 bytes: not text.
    static func looksBinary(_ head: [UInt8]) -> Bool { head.prefix(512).contains { $0 == 0 || ($0 < 0x09) } }

    /// Why a text is no input: not JSON, and no hit of any known shape in it (all of it read).
    public static var noHitsMessage: String { "text with no breakpoint hits in a known shape and not JSON: neither \(formatNouns)" }

    /// "an AttributeGraph trace, an AttributeGraph archive, an lldb transcript nor a console
    /// log": every registered format, for the messages that say a file is none of them.
    static var formatNouns: String { InputFormats.all.map(\.noun).listed("nor") }
}
