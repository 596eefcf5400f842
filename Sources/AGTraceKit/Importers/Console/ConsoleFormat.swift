import Foundation

extension InputKind {
    public static let console = InputKind(rawValue: "console")
}

extension StoredKind {
    /// A console log's import: its cycle reports (`cycles` of kind 'console', their frames and
    /// labels), its body runs (`body_changes`, their tokens), its warnings.
    public static let console = StoredKind(
        noun: "console", table: "consoles",
        options: [("console", "C")],
        deletion: [
            "DELETE FROM cycle_labels WHERE cycle_id IN (SELECT id FROM cycles WHERE kind = 'console' AND owner_id = ?1)",
        ] + CycleWriter.deletion(kind: "console") + [
            "DELETE FROM body_change_tokens WHERE body_change_id IN (SELECT id FROM body_changes WHERE console_id = ?1)",
            "DELETE FROM body_changes WHERE console_id = ?1",
            "DELETE FROM console_warnings WHERE console_id = ?1",
        ],
        // `list` has no columns of a console's own: what it holds is said in end_reason's place.
        listing: """
            SELECT 'console', c.label, NULL, NULL, NULL, NULL, NULL, NULL,
                   'cycles ' || (SELECT count(*) FROM cycles y WHERE y.kind = 'console' AND y.owner_id = c.id)
                   || ', body runs ' || (SELECT count(*) FROM body_changes b WHERE b.console_id = c.id)
                   || ', warnings ' || (SELECT count(*) FROM console_warnings w WHERE w.console_id = c.id),
                   (SELECT group_concat(a.label, ', ') FROM (SELECT label FROM aliases WHERE kind = 'console' AND target_id = c.id ORDER BY label) a),
                   c.imported_at, c.source, c.id
            FROM consoles c
            """)
}

/// Console logs (text from Xcode's console, `log stream`/`log show`, a CI job's output):
/// AttributeGraph's cycle reports, SwiftUI's warnings and `_printChanges` lines among the rest.
///
/// Tried after the transcript: a text with breakpoint hits in its head is a transcript, as it
/// was before consoles were read (a breakpoint action's `_printChanges` lines in it are
/// skipped lines of that run). A text whose head holds no hit but a console line is a console.
struct ConsoleFormat: InputFormat {
    var kind: InputKind { .console }
    var storedKind: StoredKind { .console }
    var measuredKind: MeasuredKind? { .console }
    var fileExtensions: [String] { [".console.log", ".console.txt", ".console"] }
    var noun: String { "a console log" }
    var fileOption: String { "--console" }

    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        let binary = head.prefix(512).contains { $0 == 0 || ($0 < 0x09) }
        guard !binary, !TranscriptReader.looksLikeTranscript(head) else { return nil }
        return ConsoleReader.looksLikeConsole(head, full: full) ? .sure : nil
    }

    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {
        let summary = try ConsoleImport.run(job)
        item.sha256 = summary.sha256
        item[count: "cycles"] = summary.read.cycles
        item[count: "body runs"] = summary.read.bodyChanges
        item[count: "warnings"] = summary.read.warnings
        item.notes += summary.read.notes
    }

    func counts(of item: ImportedItem) -> String {
        "cycles \(item[count: "cycles"]), body runs \(item[count: "body runs"]), warnings \(item[count: "warnings"])"
    }
}
