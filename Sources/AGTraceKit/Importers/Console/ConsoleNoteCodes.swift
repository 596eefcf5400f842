extension ImportNoteCode {
    static let cycleReportCut = ImportNoteCode(
        "cycle-report-cut", position: .line,
        meaning: "a cycle report that ends before its frames do (cut, interleaved, or over its caps): kept as incomplete (`cycles.complete` 0)")
    static let cycleLabelCut = ImportNoteCode(
        "cycle-label-cut", position: .line,
        meaning: "digraph labels longer than 4 KiB (the first's line): only their first 4 KiB are kept")
    static let cycleLabelsDropped = ImportNoteCode(
        "cycle-labels-dropped", position: .line,
        meaning: "digraph label lines past a report's 4 MB of labels (the first's line): not kept")
    static let strayFrameLines = ImportNoteCode(
        "stray-frame-lines", position: .line,
        meaning: "frame lines outside any cycle report (the first's line): not stored")
}

extension ConsoleFormat {
    static let noteCodes: [ImportNoteCode] = [.cycleReportCut, .cycleLabelCut, .cycleLabelsDropped, .strayFrameLines]
}
