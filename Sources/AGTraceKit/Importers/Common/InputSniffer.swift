/// An opened input: the decoded byte stream positioned at its start, what it holds, and whether
/// it was compressed (gzip, or raw DEFLATE).
public struct SniffedInput {
    public var format: any InputFormat
    public var kind: InputKind { format.kind }
    public var compressed: Bool
    /// Raw DEFLATE (no gzip header), when `compressed`.
    public var rawDeflate = false
    public var source: ByteSource
    /// A transcript only possibly: text (not JSON, not binary) longer than the head, with no
    /// hit in it. Read whole; refused as no input if it holds no hit either (a program may
    /// print more than the head before the first breakpoint is hit).
    public var provisional = false

    public init(format: any InputFormat, compressed: Bool, rawDeflate: Bool = false, source: ByteSource, provisional: Bool = false) {
        self.format = format
        self.compressed = compressed
        self.rawDeflate = rawDeflate
        self.source = source
        self.provisional = provisional
    }
}

public enum InputSniffer {
    /// How much of the decoded stream is examined to recognise a transcript.
    public static let headSize = 64 * 1024

    /// Opens `raw` (a file or standard input), undoing gzip when the magic bytes say so, and
    /// asks each of `formats` in turn whether the head is theirs; the first sure one wins,
    /// else a raw DEFLATE stream that inflates to JSON (`RawDeflate`: it has no magic, so it
    /// is only tried on what no format is sure of), else the first that may be (read whole to
    /// know).
    public static func sniff(_ raw: PeekingSource, path: String,
                             formats: [any InputFormat] = InputFormats.all) throws -> SniffedInput {
        let magic = try raw.peek(2)
        if magic.isEmpty {
            throw InputError(path: path, message: "empty file: neither \(formatNouns)", notAnInput: true)
        }
        var compressed = false
        var decoded: ByteSource = raw
        if magic == [0x1F, 0x8B] {
            compressed = true
            decoded = try GzipSource(raw, path: path)
        }
        let inner = PeekingSource(decoded)
        let head = try inner.peek(headSize)
        let full = head.count == headSize
        var maybe: (any InputFormat)?
        for format in formats {
            switch try format.recognise(head, full: full, path: path) {
            case .sure: return SniffedInput(format: format, compressed: compressed, source: inner)
            case .provisional: maybe = maybe ?? format
            case nil: break
            }
        }
        if maybe != nil, full, let sure = try lookFurther(inner, formats: formats, path: path) {
            return SniffedInput(format: sure, compressed: compressed, source: inner)
        }
        if !compressed, RawDeflate.inflatesToJSON(head) {
            let inflated = PeekingSource(try GzipSource(inner, path: path, wrapper: .rawDeflate))
            let text = try inflated.peek(headSize)
            for format in formats {
                if case .sure = try format.recognise(text, full: text.count == headSize, path: path) {
                    return SniffedInput(format: format, compressed: true, rawDeflate: true, source: inflated)
                }
            }
            throw InputError(path: path, message: "raw DEFLATE data that inflates to JSON, but not to an AttributeGraph archive")
        }
        if let maybe {
            return SniffedInput(format: maybe, compressed: compressed, source: inner, provisional: true)
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
            for format in formats {
                if case .sure = try format.recognise(head, full: full, path: path) { return format }
            }
            if !full { return nil }
            size *= 4
        }
        return nil
    }

    /// A control byte below tab (NUL among them) in the first 512 bytes: not text.
    static func looksBinary(_ head: [UInt8]) -> Bool { head.prefix(512).contains { $0 == 0 || ($0 < 0x09) } }

    /// Why a text is no input: not JSON, and no hit of any known shape in it (all of it read).
    public static var noHitsMessage: String { "text with no breakpoint hits in a known shape and not JSON: neither \(formatNouns)" }

    /// "an AttributeGraph trace, an AttributeGraph archive, an lldb transcript nor a console
    /// log": every registered format, for the messages that say a file is none of them.
    static var formatNouns: String { InputFormats.all.map(\.noun).listed("nor") }
}
