@testable import AGTraceKit

/// Reads `text` as a console log into memory.
func readConsole(_ text: String) throws -> (ConsoleCollector, ConsoleReader.Summary) {
    try readConsole(Array(text.utf8))
}

func readConsole(_ bytes: [UInt8]) throws -> (ConsoleCollector, ConsoleReader.Summary) {
    var sink = ConsoleCollector()
    let summary = try ConsoleReader(source: MemorySource(bytes)).read(into: &sink)
    return (sink, summary)
}

/// The body-change line `line` reads as, or nil.
func bodyChange(_ line: String) throws -> BodyChange? {
    try readConsole(line + "\n").0.bodyChanges.first
}
