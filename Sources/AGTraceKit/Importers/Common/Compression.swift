/// A decoding layer every format reads through, registered once (`Compressions`): the sniffer
/// undoes it before any format sees a byte, a folder of exports reads each member through it,
/// the label drops its file-name endings, and `imports.compression` names it.
public struct Compression: Sendable, Equatable {
    /// What `imports.compression` and the import line call it: "gzip", "raw DEFLATE".
    public let name: String
    /// How `import --help` names it, with the files that use it: "gzip (.ag-gzon, .gz)".
    public let prose: String
    /// File-name endings left out of a label before the format's own (`.gz`).
    public let fileExtensions: [String]
    /// Whether it has no magic of its own: it is then tried only on bytes no format is sure
    /// of, and recognised by what it decodes to (raw DEFLATE: JSON).
    public let withoutMagic: Bool
    /// Why bytes that are in it are no input, when what they decode to is no format's.
    let refusal: String?
    /// Whether the first raw bytes are in it.
    let recognise: @Sendable ([UInt8]) -> Bool
    /// The decoded bytes of `raw`.
    let open: @Sendable (ByteSource, _ path: String) throws -> ByteSource

    public static func == (a: Compression, b: Compression) -> Bool { a.name == b.name }

    /// gzip's members (magic `1f 8b`), concatenated ones too.
    public static let gzip = Compression(
        name: "gzip", prose: "gzip (.ag-gzon, .gz)", fileExtensions: [".gz"], withoutMagic: false, refusal: nil,
        recognise: { $0.starts(with: [0x1F, 0x8B]) },
        open: { raw, path in try GzipSource(raw, path: path) })

    /// A DEFLATE stream with no header (jcmosc/Compute's `.iag-gzon`), which inflates to JSON.
    public static let rawDeflate = Compression(
        name: "raw DEFLATE", prose: "raw DEFLATE (jcmosc/Compute's .iag-gzon)", fileExtensions: [], withoutMagic: true,
        refusal: "raw DEFLATE data that inflates to JSON, but not to an AttributeGraph archive",
        recognise: RawDeflate.inflatesToJSON,
        open: { raw, path in try GzipSource(raw, path: path, wrapper: .rawDeflate) })
}

/// The registry of decoding layers, in the order they are tried.
public enum Compressions {
    public static let all: [Compression] = [.gzip, .rawDeflate]

    /// How many raw bytes a compression with a magic needs to be told.
    static let magicBytes = 2

    /// `raw` decoded by the compression its magic names (none: as it is), for readers of a
    /// file outside the sniffer (a folder's members, the benchmark's reader).
    public static func decoded(_ raw: PeekingSource, path: String) throws -> (source: PeekingSource, compression: Compression?) {
        let head = try raw.peek(magicBytes)
        guard let compression = all.first(where: { !$0.withoutMagic && $0.recognise(head) }) else { return (raw, nil) }
        return (PeekingSource(try compression.open(raw, path)), compression)
    }

    /// The file-name endings every compression leaves out of a label.
    public static var fileExtensions: [String] { all.flatMap(\.fileExtensions) }
}
