/// The line-by-line state machine behind `TranscriptReader`: groups lines into hits and keeps
/// the breakpoint definitions they are matched against.
///
/// When does a hit start?
/// - an echoed command that is the first command of some breakpoint's command list (and does
///   not continue the open hit's list: `frame info` then `register read edi` is one hit);
/// - a stop header or a `frame #0` once the open hit already has one, unless it is the output
///   of an inspection command of the same stop (`bt`, `thread list`), or the stop display that
///   lldb prints after a non-auto-continue breakpoint's commands;
/// - a shape-5 line (a hit on its own).
/// A hit ends when the next starts, at a resume (`continue`, `run`, …), a breakpoint
/// definition, `Process N exited`, a non-breakpoint stop, or the end of the transcript.
///
/// A value type mutated in place: the open hit is never copied per line (copies of its arrays
/// and strings cost more than the parsing).
struct TranscriptParser {
    var catalog = BreakpointCatalog()
    private(set) var summary = TranscriptSummary()
    /// The hit being read, when `isOpen` (not an optional: reading a field of an optional
    /// struct copies the whole hit, arrays and all, and the parser reads it on every line).
    var open = OpenHit(line: 0)
    var isOpen = false
    /// The open hit's frames and the echoed commands that matched breakpoint command lists,
    /// in order (buffers reused from hit to hit, emptied when a hit closes).
    var frames: [FrameRef] = []
    var hitCommands: [NameID] = []
    var body: CommandBody?
    /// Every name seen: commands, functions, modules, labels; with their roles and symbol facts.
    var names = NameTable()
    /// Attributes seen invalidated so far (a clue for telling propagate_dirty from update).
    private(set) var invalidated: Set<UInt32> = []
    /// When set, the numbers of skipped lines are kept (tests check them one by one).
    var recordsSkippedLines = false
    private(set) var skippedLineNumbers: [Int] = []
    /// How many times one line is split where lldb's line went on after a program's text.
    static let maxGluesPerLine = 16
    /// How many lines `TranscriptSummary.unreadableLines` names.
    static let unreadableLinesKept = 20
    /// The process stopped for another reason (attach, signal, step): its frames are no hit.
    var foreignStop = false
    /// The process is stopped by a crash: commands typed now (`bt`, `register read`: lldb's
    /// `-k` commands of a batch job) look at the crash, and start no hit, until it resumes.
    var stoppedByCrash = false
    /// How the recorded process ended, as far as the lines seen so far tell.
    var endTracker = RecordingEndTracker()
    /// `[id]` for the usual small breakpoint ids, made once (`onlyCandidate`).
    private var singleCandidates: [[Int]] = []

    /// A `breakpoint command add` body being read (lines until `DONE`).
    struct CommandBody {
        var ids: [Int]
        var lines: [NameID] = []
        var script: Bool
        /// Whether the body's lines come after lldb's `> ` prompt (typed), set by its first
        /// line: then a line without it is the program's output, not a command.
        var prompted: Bool?
    }

    /// Receives each hit with its frames (valid during the call) and the names so far.
    typealias Emit = (Hit, UnsafeBufferPointer<FrameRef>, [String]) throws -> Void

    // MARK: Feeding

    mutating func consume(_ whole: Bytes, lineNumber: Int, emit: Emit) throws {
        var bytes = whole
        var line = TranscriptLineClassifier.classify(bytes, names: &names)
        var glues = 0
        while true {
            if body != nil, consumeBody(bytes, line) { return }
            // At most a few per line (a real one has one or two): each search is linear.
            guard glues < Self.maxGluesPerLine, line.mayBeGlued, let glued = gluedStart(bytes) else { break }
            glues += 1
            // The program printed without a newline, and lldb's next line went on after it
            // (`Loaded 3 items(lldb)  bt 1`): the program's text (a skipped line that changes
            // nothing of the open hit), then lldb's line, both on this line number.
            let program = UnsafeBufferPointer(rebasing: bytes[..<glued])
            _ = endTracker.consoleLine(program, from: program.skipSpaces(from: 0))
            summary.skippedLines += 1
            if recordsSkippedLines { skippedLineNumbers.append(lineNumber) }
            bytes = UnsafeBufferPointer(rebasing: bytes[glued...])
            line = TranscriptLineClassifier.classify(bytes, names: &names)
        }
        let used: Bool
        switch line {
        case .blank:
            return
        case .echo(let command):
            used = try echo(command, lineNumber: lineNumber, emit: emit)
        case .threadHeader(let thread, let breakpoint):
            used = try header(bytes, thread: thread, breakpoint: breakpoint, lineNumber: lineNumber, emit: emit)
        case .frame(let frame):
            used = try frameLine(frame, lineNumber: lineNumber, emit: emit)
        case .register(let argument, let value):
            used = register(argument: argument, value: value)
            // What only looks like a register (`value = 0x10`) may be the program's text
            // before an end line.
            if !used || argument == nil { try otherLine(bytes, emit: emit) }
        case .registerHeading:
            used = isOpen && open.context == .registerRead
        case .expressionResult(let value, let variable):
            used = expressionResult(value, variable: variable)
            if !used { try otherLine(bytes, emit: emit) }
        case .breakpointCreated(let id, let whereName):
            try close(emit)
            catalog.created(id: id, whereName: whereName, lookup: SymbolTable.lookup)
            used = true
        case .logMessage(let name, let values):
            try close(emit)
            foreignStop = false
            try logMessage(name: name, values: values, lineNumber: lineNumber, emit: emit)
            used = true
        case .other:
            if isOpen && open.awaitingOutput && !open.unreadableNamed && !bytes.matches("Process ", at: bytes.skipSpaces(from: 0)) {
                // In place of the output of a hit's command: it is named (a glued or garbled
                // line lldb printed, an error), not only counted. (`thread list` starts with
                // `Process N stopped`.)
                summary.unreadableInHits += 1
                if summary.unreadableLines.count < Self.unreadableLinesKept { summary.unreadableLines.append(lineNumber) }
                // One line per command is named: what follows is likely the program's (the
                // output is still looked for in it, glued).
                open.unreadableNamed = true
            }
            try otherLine(bytes, emit: emit)
            if isOpen { open.outputInterrupted = true }
            used = false
        }
        if used, isOpen {
            switch line {
            case .echo, .blank, .other: break
            default: open.awaitingOutput = false
            }
        }
        if !used {
            summary.skippedLines += 1
            if recordsSkippedLines { skippedLineNumbers.append(lineNumber) }
        }
        if case .threadHeader = line {} else if isOpen && open.afterHeader { open.afterHeader = false }
    }

    /// Ends the text; returns how the recording ended. `lastLineCut`: the text's last line had
    /// no newline.
    @discardableResult
    mutating func finish(emit: Emit, lastLineCut: Bool = false) throws -> RecordingEnd {
        if let pending = body { endBody(pending) }
        let wasOpen = isOpen
        let incompleteBefore = summary.incompleteHits
        try close(emit)
        let cutInHit = lastLineCut || (wasOpen && summary.incompleteHits > incompleteBefore)
        return endTracker.end(cutInHit: cutInHit)
    }

    /// Where lldb's line starts in a line that a program's text came before, if it does.
    private mutating func gluedStart(_ bytes: Bytes) -> Int? {
        if let at = TranscriptLineClassifier.gluedStart(bytes, names: &names) { return at }
        // A hit's frame is due after its stop header (a stop display too) and after `bt` or
        // `frame info`; other output only after its command's echo.
        guard isOpen else { return nil }
        let framesDue = open.frame0 == nil || open.framesPending || open.afterHeader  // as `frameLine` takes a frame #0
        // (`register read w1 w2` prints one line per register: any of them may come glued.)
        let registers = open.context == .registerRead
        guard open.awaitingOutput || framesDue || registers else { return nil }
        return TranscriptLineClassifier.gluedOutputStart(bytes, context: open.awaitingOutput || registers ? open.context : nil,
                                                         framesDue: framesDue)
    }

    // MARK: Definitions

    /// Returns whether the line was part of a `breakpoint command add` body.
    private mutating func consumeBody(_ bytes: Bytes, _ line: TranscriptLine) -> Bool {
        guard let pending = body else { return false }
        switch line {
        case .echo, .frame, .threadHeader, .breakpointCreated, .logMessage:
            endBody(pending)
            return false
        default:
            break
        }
        var text = TranscriptLineClassifier.normalizedCommand(bytes, 0..<bytes.count)
        if text.hasPrefix("error:") {
            // lldb refused the command (`'9' is not a valid breakpoint ID`): no body follows.
            body = nil
            return false
        }
        let prompted = text.hasPrefix(">")
        if !text.hasPrefix("Enter your ") {
            if body!.prompted == nil { body!.prompted = prompted }
            if body!.prompted == true && !prompted { return false }
        }
        if prompted { text = String(text.dropFirst()).trimmingBlanks() }
        if text == "DONE" {
            endBody(pending)
            return true
        }
        if text.hasPrefix("Enter your ") || text.isEmpty { return true }
        body!.lines.append(names.id(text))
        if body!.lines.count > 256 { endBody(body!) }
        return true
    }

    mutating func endBody(_ pending: CommandBody) {
        body = nil
        let hidden = pending.script || pending.lines.isEmpty
        catalog.setCommands(ids: pending.ids, commands: pending.script ? [] : pending.lines, hidden: hidden)
    }

    // MARK: Hits

    /// Closes the open hit and opens a new one at `line`, in place (the caller sets its
    /// fields): the hit, a few hundred bytes, is never built aside and copied in.
    mutating func startHit(line: Int, _ emit: Emit) throws {
        try close(emit)
        open.reset(line: line)
        isOpen = true
    }

    mutating func logMessage(name: NameID, values: [UInt64?], lineNumber: Int, emit: Emit) throws {
        let info = names.info(name)
        var event = Hit(seq: summary.events + 1, line: lineNumber, kind: info.kind, symbol: names.infoName(name))
        var incomplete = false
        switch info.kind {
        case .current, .create:
            event.attribute = attributeValue(values.first ?? nil)
        case .stateWrite, .transaction, .call:
            break
        default:
            event.attribute = attributeValue(values.first ?? nil)
            incomplete = event.attribute == nil
            if info.inputArgument != nil {
                event.inputAttribute = attributeValue(values.count > 1 ? values[1] : nil)
                incomplete = incomplete || event.inputAttribute == nil
            }
        }
        try deliver(event, incomplete: incomplete, emit: emit)
    }

    mutating func close(_ emit: Emit) throws {
        guard isOpen else { return }
        isOpen = false
        // Resolved where it is (`open` keeps its stale fields until the next hit resets them).
        let (event, incomplete) = resolve()
        defer {
            frames.removeAll(keepingCapacity: frames.capacity <= 4 * OpenHit.maxFrames)
            hitCommands.removeAll(keepingCapacity: true)
        }
        try deliver(event, incomplete: incomplete, emit: emit)
    }

    private mutating func deliver(_ event: Hit, incomplete: Bool, emit: Emit) throws {
        summary.events += 1
        endTracker.hit()
        if incomplete { summary.incompleteHits += 1 }
        if event.kind == .invalidate, let attribute = event.attribute, invalidated.count < 1 << 20 {
            invalidated.insert(attribute)
        }
        try frames.withUnsafeBufferPointer { try emit(event, $0, names.strings) }
    }

    mutating func learn(id: Int, commands: [NameID]) {
        catalog.learnCommands(id: id, commands: commands)
    }

    /// Adds a frame to the open hit's backtrace (once per depth, at most `OpenHit.maxFrames`).
    mutating func addFrame(_ frame: FrameLine) {
        guard frames.count < OpenHit.maxFrames, !frames.contains(where: { $0.depth == frame.depth }) else { return }
        frames.append(FrameRef(depth: frame.depth, module: frame.module, symbol: frame.name, address: frame.address))
    }

    /// `[id]`: a stop header names its breakpoint on every hit, and a fresh one-element array
    /// per hit cost an allocation and a free on the parsing thread. Ids past a bound (only a
    /// made-up file has them) get their own array, so the cache stays small.
    mutating func onlyCandidate(_ id: Int) -> [Int] {
        guard id >= 0, id < 4096 else { return [id] }
        while singleCandidates.count <= id { singleCandidates.append([singleCandidates.count]) }
        return singleCandidates[id]
    }

    // MARK: Names

    mutating func commandRole(_ command: NameID) -> LLDBCommand { names.role(command) }
}

/// A hit as the parser hands it on: names as ids of its `NameTable`.
struct Hit {
    var seq: Int
    var line: Int
    var kind: EventKind
    var symbol: NameID
    /// The label (`3.1`), or -1.
    var breakpoint: NameID = -1
    var thread: Int?
    var attribute: UInt32?
    var inputAttribute: UInt32?
    /// ns of the recorder's clock (`RecordingParser`); nil for the other shapes.
    var timeNs: Int64?

    /// The public form, names spelled out.
    func event(frames: UnsafeBufferPointer<FrameRef>, names: [String]) -> BreakpointEvent {
        BreakpointEvent(seq: seq, line: line, kind: kind, symbol: names[Int(symbol)],
                        breakpoint: breakpoint < 0 ? nil : names[Int(breakpoint)], thread: thread,
                        attribute: attribute, inputAttribute: inputAttribute,
                        frames: frames.map { $0.frame(names: names) }, timeNs: timeNs)
    }
}

/// One frame of a hit's backtrace, names as ids.
/// Hashable: a run stores each distinct backtrace (its frames) once (RunStore).
struct FrameRef: Hashable {
    var depth: Int
    /// -1 when no module was printed.
    var module: NameID
    var symbol: NameID
    var address: UInt64?

    func frame(names: [String]) -> BacktraceFrame {
        BacktraceFrame(depth: depth, module: module < 0 ? nil : names[Int(module)], symbol: names[Int(symbol)],
                       address: address)
    }
}
