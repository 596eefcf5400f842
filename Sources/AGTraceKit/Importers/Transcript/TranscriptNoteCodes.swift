extension ImportNoteCode {
    /// Lines of a transcript that could not be read as part of a hit.
    static let unreadableLines = ImportNoteCode(
        "unreadable-lines", position: .line,
        meaning: "lines inside hits that could not be read (the first's line); their hits are kept with what was read")
}

extension TranscriptFormat {
    static let noteCodes: [ImportNoteCode] = [.unreadableLines]
}
