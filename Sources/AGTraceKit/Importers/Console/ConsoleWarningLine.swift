/// SwiftUI's console warnings that travel with cycles (../shared/formats/ag-cycles.md, the
/// real excerpts). A warning starts the message, or follows a crash's lead (`Thread 1: Fatal
/// error: `, `File.swift:12: Fatal error: `): a sentence that quotes one (a README, an issue's
/// text) is not one.
enum ConsoleWarningLine {
    static let shapes: [(text: String, code: String)] = [
        ("Modifying state during view update, this will cause undefined behavior", "modifying-state-during-update"),
        ("Publishing changes from within view updates is not allowed", "publishing-during-update"),
        ("attempting to create attribute with no subgraph:", "attribute-without-subgraph"),
    ]

    /// (code, the subject named on the line) or nil. `attribute-without-subgraph` may leave its
    /// type for the next line (`subject` nil).
    static func parse(_ m: Substring) -> (code: String, subject: String?)? {
        let text = afterCrashLead(m)
        for shape in shapes where text.hasPrefix(shape.text) {
            guard shape.code == "attribute-without-subgraph" else { return (shape.code, nil) }
            let type = text.dropFirst(shape.text.count).trimmingCharacters(in: .whitespaces)
            return (shape.code, type.isEmpty ? nil : type)
        }
        return nil
    }

    /// `m` without `Thread N: ` and a `Fatal error: ` lead (with at most one word before it).
    private static func afterCrashLead(_ m: Substring) -> Substring {
        var rest = m
        if rest.hasPrefix("Thread ") {
            var after = rest.dropFirst(7)
            if CycleLine.number(&after) != nil, after.hasPrefix(": ") { rest = after.dropFirst(2) }
        }
        if rest.hasPrefix(lead) { return rest.dropFirst(lead.count) }
        let bytes = Array(rest.utf8)
        // `File.swift:12: Fatal error: `: one word, then the lead.
        guard let at = BodyChangeLine.find(colonLead, in: bytes, from: 0, outsideBrackets: false), at > 0,
              !bytes[..<at].contains(0x20) else { return rest }
        let start = rest.utf8.index(rest.utf8.startIndex, offsetBy: at + colonLead.count)
        return rest[start...]
    }

    private static let lead = "Fatal error: "
    private static let colonLead = Array(": Fatal error: ".utf8)
}
