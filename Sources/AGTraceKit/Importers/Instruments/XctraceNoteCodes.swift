extension ImportNoteCode {
    static let xctraceShortRows = ImportNoteCode(
        "xctrace-short-rows", position: .none,
        meaning: "rows of a table with fewer cells than its columns: the missing cells are NULL")
    static let xctraceCut = ImportNoteCode(
        "xctrace-cut", position: .byte,
        meaning: "the export ends inside a table (the byte where it stops): the file was cut; its complete rows are kept",
        saysTheEnd: true)
}

extension XctraceFormat {
    static let noteCodes: [ImportNoteCode] = [.xctraceShortRows, .xctraceCut]
}
