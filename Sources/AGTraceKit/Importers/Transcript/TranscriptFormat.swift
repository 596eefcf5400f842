import Foundation

extension InputKind {
    public static let transcript = InputKind(rawValue: "transcript")
}

/// lldb breakpoint transcripts (text, `.lldb.log`): one run each.
struct TranscriptFormat: InputFormat {
    let facts = FormatFacts(kind: .transcript, storedKind: .run, measuredKind: .run, noun: "an lldb transcript",
                            plural: "lldb breakpoint transcripts",
                            signs: "text with breakpoint hits of AttributeGraph's functions (or the lldb recorder's header)",
                            docs: "docs/formats.md#transcripts",
                            fileExtensions: [".lldb", ".log", ".txt"], fileOption: "--transcript", noteCodes: TranscriptFormat.noteCodes,
                            hooks: .run)

    /// Hits in the head; or text (not binary) longer than the head with none in it yet: a
    /// program may print more than the head before the first breakpoint is hit.
    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        if TranscriptReader.looksLikeTranscript(head) { return .sure }
        return !InputSniffer.looksBinary(head) && full ? .provisional : nil
    }

    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {
        let summary = try RunImport.run(source: job.source, file: job.file, db: job.db, importId: job.importId, hash: job.hash,
                                        tick: job.tick, mark: job.mark)
        if job.provisional && summary.summary.events == 0 {
            // Read to its end and still no hit: no transcript (the transaction is undone).
            throw InputError(path: job.file.path, message: InputSniffer.noHitsMessage + " (read to its end)", notAnInput: true)
        }
        item.events = summary.summary.events
        item.skippedLines = summary.summary.skippedLines
        item.incompleteHits = summary.summary.incompleteHits
        if let warning = TranscriptWarnings.unreadable(summary.summary) {
            item.notes.append(ImportNote(.unreadableLines, message: warning, position: summary.summary.unreadableLines.first))
        }
        item.end = summary.end
        item.ending = RecordingEnding(summary.end)
        if !summary.end.isComplete {
            let what = summary.end == .noEndSeen
                ? "the transcript does not show how the process ended (no end seen); 'check' warns"
                : "the recording did not end normally (\(summary.end.reason)); 'check' refuses it unless --allow-incomplete"
            item.notes.append(ImportNote(.recordingEnd, message: what))
        }
        item.sha256 = summary.sha256
        if summary.cycles > 0 { item[count: "cycles"] = summary.cycles }
    }

    func counts(of item: ImportedItem) -> String {
        let ended = item.end.map { ", \($0.reason)" } ?? ""
        // Cycles only when the recorder wrote some (`agtrace record --cycles`).
        let cycles = item[count: "cycles"] > 0 ? ", cycles \(item[count: "cycles"])" : ""
        return "events \(item.events), skipped lines \(item.skippedLines), incomplete hits \(item.incompleteHits)\(cycles)\(ended)"
    }
}

extension ImportedItem {
    /// A transcript's hits (a trace's events too), the lines that were no part of a hit, the
    /// hits whose attribute could not be read.
    public var events: Int { get { self[count: "events"] } set { self[count: "events"] = newValue } }
    public var skippedLines: Int { get { self[count: "skipped lines"] } set { self[count: "skipped lines"] = newValue } }
    public var incompleteHits: Int { get { self[count: "incomplete hits"] } set { self[count: "incomplete hits"] = newValue } }
    /// How the recording ended (transcripts only).
    public var end: RecordingEnd? {
        get { facts["end"].flatMap(RecordingEnd.init(reason:)) }
        set { facts["end"] = newValue?.reason }
    }
}
