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
    var open: OpenHit?
    var body: CommandBody?
    private var symbolCache: [String: SymbolInfo] = [:]
    private var commandCache: [String: LLDBCommand] = [:]
    /// Attributes seen invalidated so far (a clue for telling propagate_dirty from update).
    private(set) var invalidated: Set<UInt32> = []
    /// When set, the numbers of skipped lines are kept (tests check them one by one).
    var recordsSkippedLines = false
    private(set) var skippedLineNumbers: [Int] = []
    /// The process stopped for another reason (attach, signal, step): its frames are no hit.
    var foreignStop = false

    private static let cacheLimit = 4096

    /// A `breakpoint command add` body being read (lines until `DONE`).
    struct CommandBody {
        var ids: [Int]
        var lines: [String] = []
        var script: Bool
    }

    typealias Emit = (BreakpointEvent) throws -> Void

    // MARK: Feeding

    mutating func consume(_ bytes: Bytes, lineNumber: Int, emit: Emit) throws {
        let line = TranscriptLineClassifier.classify(bytes) { isKnownSymbol($0) }
        if body != nil, consumeBody(bytes, line) { return }
        let used: Bool
        switch line {
        case .blank:
            return
        case .echo(let command):
            used = try echo(command, lineNumber: lineNumber, emit: emit)
        case .threadHeader(let thread, let breakpoint):
            used = try header(thread: thread, breakpoint: breakpoint, lineNumber: lineNumber, emit: emit)
        case .frame(let frame):
            used = try frameLine(frame, lineNumber: lineNumber, emit: emit)
        case .register(let name, let value):
            used = register(name: name, value: value)
        case .registerHeading:
            used = open?.context == .registerRead
        case .expressionResult(let value, let variable):
            used = expressionResult(value, variable: variable)
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
            try otherLine(bytes, emit: emit)
            open?.outputInterrupted = true
            used = false
        }
        if !used {
            summary.skippedLines += 1
            if recordsSkippedLines { skippedLineNumbers.append(lineNumber) }
        }
        if case .threadHeader = line {} else if open?.afterHeader == true { open!.afterHeader = false }
    }

    mutating func finish(emit: Emit) throws {
        if let pending = body { endBody(pending) }
        try close(emit)
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
        if text.hasPrefix(">") { text = String(text.dropFirst()).trimmingBlanks() }
        if text == "DONE" {
            endBody(pending)
            return true
        }
        if text.hasPrefix("Enter your ") || text.isEmpty { return true }
        body!.lines.append(text)
        if body!.lines.count > 256 { endBody(body!) }
        return true
    }

    mutating func endBody(_ pending: CommandBody) {
        body = nil
        let hidden = pending.script || pending.lines.isEmpty
        catalog.setCommands(ids: pending.ids, commands: pending.script ? [] : pending.lines, hidden: hidden)
    }

    // MARK: Hits

    mutating func start(_ hit: OpenHit, _ emit: Emit) throws {
        try close(emit)
        open = hit
    }

    mutating func logMessage(name: String, values: [UInt64?], lineNumber: Int, emit: Emit) throws {
        let info = symbol(name)
        var event = BreakpointEvent(seq: summary.events + 1, line: lineNumber, kind: info.kind, symbol: info.symbol)
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
        guard let hit = open.take() else { return }
        let (event, incomplete) = resolve(hit)
        try deliver(event, incomplete: incomplete, emit: emit)
    }

    private mutating func deliver(_ event: BreakpointEvent, incomplete: Bool, emit: Emit) throws {
        summary.events += 1
        if incomplete { summary.incompleteHits += 1 }
        if event.kind == .invalidate, let attribute = event.attribute, invalidated.count < 1 << 20 {
            invalidated.insert(attribute)
        }
        try emit(event)
    }

    mutating func learn(id: Int, commands: [String]) {
        catalog.learnCommands(id: id, commands: commands)
    }

    // MARK: Caches

    mutating func symbol(_ name: String) -> SymbolInfo {
        if let cached = symbolCache[name] { return cached }
        let info = SymbolTable.lookup(name)
        if symbolCache.count < Self.cacheLimit { symbolCache[name] = info }
        return info
    }

    mutating func isKnownSymbol(_ name: String) -> Bool { symbol(name).kind != .call }

    mutating func commandRole(_ command: String) -> LLDBCommand {
        if let cached = commandCache[command] { return cached }
        let role = LLDBCommand.parse(command)
        if commandCache.count < Self.cacheLimit { commandCache[command] = role }
        return role
    }
}
