import Foundation

extension InputKind {
    public static let console = InputKind(rawValue: "console")
}

/// Console logs (text from Xcode's console, `log stream`/`log show`, a CI job's output):
/// AttributeGraph's cycle reports, SwiftUI's warnings and `_printChanges` lines among the rest.
///
/// Tried after the transcript: a text with breakpoint hits in its head is a transcript, as it
/// was before consoles were read (a breakpoint action's `_printChanges` lines in it are
/// skipped lines of that run). A text whose head holds no hit but a console line is a console.
struct ConsoleFormat: InputFormat {
    let facts = FormatFacts(kind: .console, storedKind: .console, measuredKind: .console, noun: "a console log",
                            plural: "console logs",
                            signs: "other text with AttributeGraph's cycle reports, SwiftUI's warnings or _printChanges lines (Xcode's console, log stream/log show, a CI job's log)",
                            docs: "docs/formats.md#console-logs",
                            fileExtensions: [".console.log", ".console.txt", ".console"], fileOption: "--console", noteCodes: ConsoleFormat.noteCodes,
                            hooks: .console)

    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        // A terminal's log may hold a bell or a backspace (bytes below tab, which make other
        // text binary); a NUL makes it no text. It must still hold one of AttributeGraph's lines.
        guard !head.prefix(512).contains(0), !TranscriptReader.looksLikeTranscript(head) else { return nil }
        return ConsoleReader.looksLikeConsole(head, full: full) ? .sure : nil
    }

    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {
        let (read, sha256) = try ConsoleImport.run(job)
        item.sha256 = sha256
        item.counts.merge(["cycles": read.cycles, "body runs": read.bodyChanges, "warnings": read.warnings]) { $1 }
        item.notes += read.notes
        item.ending = RecordingEnding(read.end)
    }

    func counts(of item: ImportedItem) -> String {
        "cycles \(item[count: "cycles"]), body runs \(item[count: "body runs"]), warnings \(item[count: "warnings"])"
    }
}
