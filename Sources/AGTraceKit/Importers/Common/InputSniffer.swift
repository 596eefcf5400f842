/// What an input file holds, decided from its first bytes, never from its name.
public enum InputKind: String, Sendable {
    case archive
    case transcript
    case trace

    /// What an import of this kind is stored as: "snapshot", "run" or "trace".
    public var storedNoun: String {
        switch self {
        case .archive: return "snapshot"
        case .transcript: return "run"
        case .trace: return "trace"
        }
    }
}

/// An opened input: the decoded byte stream positioned at its start, what it holds, and whether
/// it was gzip-compressed.
public struct SniffedInput {
    public var kind: InputKind
    public var compressed: Bool
    public var source: ByteSource
    /// A transcript only possibly: text (not JSON, not binary) longer than the head, with no
    /// hit in it. Read whole; refused as no input if it holds no hit either (a program may
    /// print more than the head before the first breakpoint is hit).
    public var provisional = false

    public init(kind: InputKind, compressed: Bool, source: ByteSource, provisional: Bool = false) {
        self.kind = kind
        self.compressed = compressed
        self.source = source
        self.provisional = provisional
    }
}

public enum InputSniffer {
    /// How much of the decoded stream is examined to recognise a transcript.
    public static let headSize = 64 * 1024

    /// Opens `raw` (a file or standard input), undoing gzip when the magic bytes say so.
    /// `recognisesTranscript` decides whether non-JSON text holds breakpoint hits;
    /// `recognisesTrace` whether the bytes are a binary trace (tried first: a trace may start
    /// with a byte that is also whitespace).
    public static func sniff(_ raw: PeekingSource, path: String,
                             recognisesTranscript: ([UInt8]) -> Bool,
                             recognisesTrace: ([UInt8]) -> Bool = { _ in false }) throws -> SniffedInput {
        let magic = try raw.peek(2)
        if magic.isEmpty {
            throw InputError(path: path, message: "empty file: neither an archive, a breakpoint transcript nor a trace", notAnInput: true)
        }
        var compressed = false
        var decoded: ByteSource = raw
        if magic == [0x1F, 0x8B] {
            compressed = true
            decoded = try GzipSource(raw, path: path)
        }
        let inner = PeekingSource(decoded)
        let head = try inner.peek(headSize)
        if recognisesTrace(head) {
            return SniffedInput(kind: .trace, compressed: compressed, source: inner)
        }
        var i = 0
        // A UTF-8 byte order mark and leading whitespace are allowed before JSON.
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < head.count, head[i] == 0x20 || head[i] == 0x0A || head[i] == 0x0D || head[i] == 0x09 { i += 1 }
        if i == head.count && head.count == headSize {
            // Whitespace as far as the head goes, and more bytes after it: JSON may follow (an
            // archive with a large indent or a whitespace bomb); the tokenizer streams through
            // whitespace and says what comes after it.
            return SniffedInput(kind: .archive, compressed: compressed, source: inner)
        }
        if i == head.count {
            throw InputError(path: path, message: compressed ? "empty after decompression: no archive, transcript or trace inside"
                                                             : "blank file: neither an archive, a breakpoint transcript nor a trace",
                             notAnInput: true)
        }
        if head[i] == UInt8(ascii: "{") || head[i] == UInt8(ascii: "[") {
            // A baseline (committed next to the app, often under the same directory as the
            // recordings) is JSON too: named, so that importing a directory skips it.
            if isBaseline(head[i...]) {
                throw InputError(path: path, message: "an agtrace baseline (for 'check --baseline'): neither an AttributeGraph archive nor an lldb breakpoint transcript", notAnInput: true)
            }
            return SniffedInput(kind: .archive, compressed: compressed, source: inner)
        }
        if recognisesTranscript(head) {
            return SniffedInput(kind: .transcript, compressed: compressed, source: inner)
        }
        let binary = head.prefix(512).contains { $0 == 0 || ($0 < 0x09) }
        if !binary && head.count == headSize {
            // The head says nothing of what comes after it: the importer reads on.
            return SniffedInput(kind: .transcript, compressed: compressed, source: inner, provisional: true)
        }
        throw InputError(path: path, message: binary
            ? "binary data: neither an AttributeGraph archive (JSON, optionally gzip), an lldb breakpoint transcript nor an AttributeGraph trace (protobuf records)"
            : noHitsMessage, notAnInput: true)
    }

    /// Why a text is no input: not JSON, and no hit of any known shape in it (all of it read).
    public static let noHitsMessage = "text with no breakpoint hits in a known shape and not JSON: neither an AttributeGraph archive, an lldb breakpoint transcript nor a trace"

    /// `"format": "agtrace-baseline"` among the first top-level bytes (the writer puts it first).
    static func isBaseline(_ json: ArraySlice<UInt8>) -> Bool {
        let needle = Array("\"agtrace-baseline\"".utf8)
        let window = Array(json.prefix(256))
        guard window.count >= needle.count else { return false }
        for start in 0...(window.count - needle.count) where window[start..<(start + needle.count)].elementsEqual(needle) {
            return String(decoding: window[..<start], as: UTF8.self).contains("\"format\"")
        }
        return false
    }
}
