/// A failure while reading a transcript, naming the file and the line it happened at.
public struct TranscriptError: Error, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String
    /// The error that stopped reading (the sink's, usually the store's).
    public var underlying: (any Error)?

    public init(path: String, line: Int, message: String, underlying: (any Error)? = nil) {
        self.path = path
        self.line = line
        self.message = message
        self.underlying = underlying
    }

    public var description: String { "\(path):\(line): \(message)" }
}

/// Reads an lldb breakpoint transcript (any of the five shapes of docs/formats.md, mixed; or,
/// when its first line says so, a file of the lldb recorder: see `RecordingParser`) and hands
/// each hit to a sink, in order.
///
/// Counting, precisely:
/// - `events`: hits delivered to the sink.
/// - `incompleteHits`: hits kept although their kind's attribute (or, for `add_input` /
///   `add_output`, the input) could not be read, plus hits whose function nothing identified
///   (delivered as `call` with symbol `?` or the candidate names joined by ` | `). Kinds
///   without an attribute argument (`state_write`, `transaction`, `call`, `current`,
///   `create`) are never incomplete.
/// - `skippedLines`: non-blank lines that are neither part of a hit nor a breakpoint
///   definition. Part of a hit: its stop header, frame lines, the echoed commands of the
///   breakpoint's command list or typed at its stop to inspect it (`bt`, `p`, `register
///   read`, `frame info`, …), and their recognised output (register values, expression
///   results, headers and frames). Part of a definition: the `breakpoint set` /
///   `breakpoint command add` echo, lldb's `Breakpoint N: …` answer, and a command body up to
///   `DONE`. Everything else is skipped: program output, `Process … launched / stopped /
///   resuming / exited`, `Target 0: … stopped.`, source and disassembly listings,
///   `(lldb) continue`, `(lldb) run`, settings, warnings, `error: …`.
///   Blank lines are neither: they are not counted.
///
/// Where values come from, in order of trust:
/// - a frame line's printed arguments (debug info), by position: argument 0 is `this` for the
///   C++ members, so `update_attribute(this=…, node=(_offset = 792), …)` gives 792;
/// - registers (`register read esi`) and expressions (`p/d $esi`): the register names the
///   argument (rdi/edi 0, rsi/esi 1, rdx/edx 2 on x86-64; x0/w0, x1/w1, x2/w2 on arm64);
/// - values printed by parameter name (`frame variable node input`).
/// An attribute is 32-bit: a value above `UInt32.max` (or negative, or not a number) is nil.
/// Shape 5 (`AG::Graph::add_input 3152 624`) is different: the numbers after the symbol are
/// the meaningful arguments in order (attribute, then input), not register-ordered ones,
/// because a "Log Message" action prints what its author chose to print.
///
/// Which breakpoint a hit is: the stop header's `breakpoint N.M` with lldb's `Breakpoint N:`
/// answers (ids are per transcript), the `frame #0` function, and for hits that print neither
/// (shape 4), the echoed commands matched against each breakpoint's command list. Clues for
/// lists shared by several breakpoints are listed at `TranscriptParser.choose`.
///
/// Content never throws: malformed lines are skipped and unreadable numbers give nil
/// attributes. Only the source (I/O) and the sink can fail, and a recorder file of a newer
/// format version than this reader's is refused (`RecordingParser`). Time is linear in the input and
/// memory bounded (lines are capped at `maxLineLength`, caches and per-hit lists are capped).
public struct TranscriptReader {
    public let path: String
    private let source: ByteSource
    private let maxLineLength: Int

    public init(source: ByteSource, path: String, maxLineLength: Int = 64 * 1024) {
        self.source = source
        self.path = path
        self.maxLineLength = maxLineLength
    }

    /// Reads the whole transcript, calling `sink.event` for every hit.
    @discardableResult
    public func read<Sink: TranscriptSink>(into sink: inout Sink) throws -> TranscriptSummary {
        var parser = TranscriptParser()
        var events = EventSink(sink: sink)
        defer { sink = events.sink }
        return try read(into: &events, parser: &parser)
    }

    /// Like `read(into:)`, also returning the numbers of the skipped lines.
    func readRecordingSkippedLines<Sink: TranscriptSink>(into sink: inout Sink) throws -> (TranscriptSummary, [Int]) {
        var parser = TranscriptParser()
        parser.recordsSkippedLines = true
        var events = EventSink(sink: sink)
        defer { sink = events.sink }
        let summary = try read(into: &events, parser: &parser)
        return (summary, parser.skippedLineNumbers)
    }

    /// Like `read(into:)`, also telling how the recording ended (`RecordingEnd`).
    public func readRecording<Sink: TranscriptSink>(into sink: inout Sink) throws -> (summary: TranscriptSummary, end: RecordingEnd) {
        var parser = TranscriptParser()
        var events = EventSink(sink: sink)
        defer { sink = events.sink }
        var end = RecordingEnd.noEndSeen
        let summary = try read(into: &events, parser: &parser, end: &end)
        return (summary, end)
    }

    /// Reads the whole transcript, handing each hit to `sink` as the parser made it (names as
    /// ids): the importer's path, which spells out no name twice.
    func read<Sink: HitSink>(hits sink: inout Sink) throws -> (summary: TranscriptSummary, end: RecordingEnd) {
        var parser = TranscriptParser()
        var end = RecordingEnd.noEndSeen
        let summary = try read(into: &sink, parser: &parser, end: &end)
        return (summary, end)
    }

    private func read<Sink: HitSink>(into sink: inout Sink, parser: inout TranscriptParser) throws -> TranscriptSummary {
        var end = RecordingEnd.noEndSeen
        return try read(into: &sink, parser: &parser, end: &end)
    }

    private func read<Sink: HitSink>(into sink: inout Sink, parser: inout TranscriptParser,
                                     end: inout RecordingEnd) throws -> TranscriptSummary {
        let lines = LineReader(source, maxLineLength: maxLineLength)
        // Captures nothing reference-counted: the parser is specialised for this closure and
        // would retain a captured string on every line.
        func deliver(_ hit: Hit, _ frames: UnsafeBufferPointer<FrameRef>, _ names: [String]) throws {
            do {
                try sink.hit(hit, frames: frames, names: names)
            } catch {
                throw SinkFailure(hit: hit, underlying: error)
            }
        }
        func deliverCycle(_ cycle: CycleRecord) throws { try sink.cycle(cycle) }
        var cleanup = TerminalCleanup()
        defer { cleanup.release() }
        do {
            // No closure per line: the line reader hands out views that last until its next call.
            guard let first = try lines.next() else { return parser.summary }
            if RecordingParser.isHeader(first) {
                // The lldb recorder's own shape: read by its own parser, start to end.
                var recording = try RecordingParser(header: first, path: path)
                while let raw = try lines.next() {
                    try recording.consume(raw, lineNumber: lines.lineNumber, emit: deliver, emitCycle: deliverCycle)
                }
                try recording.finish(emitCycle: deliverCycle)
                end = recording.end()
                return recording.summary
            }
            try parser.consume(cleanup.clean(first, lineNumber: 1), lineNumber: 1, emit: deliver)
            while let raw = try lines.next() {
                let lineNumber = lines.lineNumber
                try parser.consume(cleanup.clean(raw, lineNumber: lineNumber), lineNumber: lineNumber, emit: deliver)
            }
            end = try parser.finish(emit: deliver, lastLineCut: lines.lastLineUnterminated)
        } catch let failure as SinkFailure {
            let hit = failure.hit
            throw TranscriptError(path: path, line: hit.line, message: "cannot store hit #\(hit.seq) (\(hit.kind.rawValue)): \(failure.underlying)",
                                  underlying: failure.underlying)
        }
        return parser.summary
    }

    /// The sink refused a hit (named with the file once out of the parsing loop).
    private struct SinkFailure: Error {
        var hit: Hit
        var underlying: any Error
    }

    /// Whether the start of a (non-JSON) text is a breakpoint transcript: it holds a hit in a
    /// known shape, or defines a breakpoint on a function of the symbol table. `head` is the
    /// first bytes of the file (64 KiB is plenty); a cut last line does no harm.
    public static func looksLikeTranscript(_ head: [UInt8]) -> Bool {
        if head.withUnsafeBufferPointer({ RecordingParser.isHeader($0) }) { return true }
        var sink = NamedHitCounter()
        var parser = TranscriptParser()
        let reader = TranscriptReader(source: MemorySource(head), path: "")
        guard (try? reader.read(into: &sink, parser: &parser)) != nil else { return false }
        return sink.count > 0 || parser.catalog.knownCount > 0
    }

    /// Counts hits whose function something named (not the `?` of an unknown breakpoint).
    private struct NamedHitCounter: HitSink {
        var count = 0
        mutating func hit(_ hit: Hit, frames: UnsafeBufferPointer<FrameRef>, names: [String]) throws {
            if hit.symbol != NameTable.unknown { count += 1 }
        }
    }
}

/// Receives hits as the parser makes them: names are ids into `names` (every id a hit uses is
/// below `names.count`, and ids never change), frames valid during the call only.
protocol HitSink {
    mutating func hit(_ hit: Hit, frames: UnsafeBufferPointer<FrameRef>, names: [String]) throws
    /// A cycle the lldb recorder wrote (`agtrace record --cycles`), in file order with the hits.
    mutating func cycle(_ cycle: CycleRecord) throws
}

extension HitSink {
    mutating func cycle(_ cycle: CycleRecord) throws {}
}

/// Spells hits out as `BreakpointEvent`s for a public `TranscriptSink`.
private struct EventSink<Sink: TranscriptSink>: HitSink {
    var sink: Sink
    mutating func hit(_ hit: Hit, frames: UnsafeBufferPointer<FrameRef>, names: [String]) throws {
        try sink.event(hit.event(frames: frames, names: names))
    }
}

/// Collects events in memory (tests, small transcripts).
public struct CollectingSink: TranscriptSink {
    public var events: [BreakpointEvent] = []
    public init() {}
    public mutating func event(_ event: BreakpointEvent) throws { events.append(event) }
}
