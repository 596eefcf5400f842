/// The registry in words, for help texts and docs: the stored kinds, the formats and the
/// compressions listed from `InputFormats` and `Compressions`, so that a format added there is
/// named everywhere a list of them is said (`import --help`, `list --help`, README's table of
/// formats and docs/formats.md's, which `agtrace-docs` writes; DocsTests fail when stale).
public enum KindWords {
    /// "snapshots, runs, traces, consoles and recordings" (`conjunction`: "and", "or").
    public static func plurals(_ conjunction: String) -> String { InputFormats.storedKinds.map(\.plural).listed(conjunction) }
    /// "snapshot, run, trace, console or recording".
    public static func nouns(_ conjunction: String) -> String { InputFormats.storedKinds.map(\.noun).listed(conjunction) }
    /// "--snapshot, --run, --trace, --console and --xctrace": the options that take each kind's label.
    public static func options(_ conjunction: String) -> String { InputFormats.storedKinds.map { "--" + $0.option }.listed(conjunction) }

    /// The formats in the order of the kinds they store (archive, transcript, trace, ...), for
    /// prose; the sniffer's order is the registry's.
    public static var formats: [any InputFormat] {
        let kinds = InputFormats.storedKinds.map(\.noun)
        return InputFormats.all.enumerated().sorted {
            (kinds.firstIndex(of: $0.element.storedKind.noun) ?? kinds.count, $0.offset)
                < (kinds.firstIndex(of: $1.element.storedKind.noun) ?? kinds.count, $1.offset)
        }.map(\.element)
    }

    /// "AttributeGraph archives, lldb breakpoint transcripts, ... and Instruments exports".
    public static func formatPlurals(_ conjunction: String) -> String { formats.map(\.plural).listed(conjunction) }

    /// What `import` tells files by: the compressions undone, then each format's signs in the
    /// order the sniffer asks (the registry's).
    public static var signs: String {
        "\(Compressions.all.map(\.prose).listed("and")) \(Compressions.all.count == 1 ? "is" : "are") undone; then "
            + InputFormats.all.map { "\($0.signs): \($0.noun), stored as a \($0.storedKind.noun)" }.joined(separator: "; ")
    }

    /// The endings a label drops: every format's, then every compression's.
    public static var labelEndings: String {
        (formats.flatMap(\.fileExtensions) + Compressions.fileExtensions).joined(separator: "/")
    }

    /// The formats as a Markdown table, each with how its bytes are told, what it is stored as,
    /// the option that names it, the endings its label drops and where its reader is described
    /// (`docs` is relative to the repository's root; `linkBase` is what a link from the page
    /// that holds the table needs before it: "" from README, "../" from docs/).
    public static func formatsTable(linkBase: String) -> String {
        var lines = ["| format | what its bytes are | stored as | named with | label drops | reader |", "|---|---|---|---|---|---|"]
        for format in formats {
            let kind = format.storedKind
            let link = format.docs.hasPrefix("docs/") || format.docs.hasPrefix("Tests/") ? linkBase + format.docs : format.docs
            lines.append("| \(format.noun) | \(escaped(format.signs)) | \(kind.noun) | `--\(kind.option) \(kind.options[0].placeholder)` | "
                         + format.fileExtensions.map { "`\($0)`" }.joined(separator: " ") + " | [\(format.docs)](\(link)) |")
        }
        return lines.joined(separator: "\n") + "\n\nCompressed files are read through one decoding layer first: "
            + Compressions.all.map(\.prose).listed("and") + " (the label drops " + Compressions.fileExtensions.map { "`\($0)`" }.joined(separator: ", ")
            + " too).\n"
    }

    /// `|` and the angle brackets of XML names, safe in a table cell.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The markers between which a document holds the generated table.
    public static let tableStart = "<!-- formats: written by agtrace-docs from the registry (InputFormats); edit the formats' facts, not this table -->"
    public static let tableEnd = "<!-- end of formats -->"

    /// `document` with the table between its markers made now; nil when it has no markers.
    public static func withFormatsTable(_ document: String, linkBase: String) -> String? {
        guard let start = document.range(of: tableStart), let end = document.range(of: tableEnd, range: start.upperBound..<document.endIndex) else {
            return nil
        }
        return String(document[..<start.upperBound]) + "\n" + formatsTable(linkBase: linkBase) + String(document[end.lowerBound...])
    }

    /// The documents that hold the table, from the repository's root, and their links' base.
    public static let tableDocuments: [(path: String, linkBase: String)] = [("README.md", ""), ("docs/formats.md", "../")]
}
