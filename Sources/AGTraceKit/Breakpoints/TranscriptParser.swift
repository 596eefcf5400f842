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
    private(set) var catalog = BreakpointCatalog()
    private(set) var summary = TranscriptSummary()
    private var open: OpenHit?
    private var body: CommandBody?
    private var symbolCache: [String: SymbolInfo] = [:]
    private var commandCache: [String: LLDBCommand] = [:]
    /// Attributes seen invalidated so far (a clue for telling propagate_dirty from update).
    private(set) var invalidated: Set<UInt32> = []
    /// When set, the numbers of skipped lines are kept (tests check them one by one).
    var recordsSkippedLines = false
    private(set) var skippedLineNumbers: [Int] = []
    /// The process stopped for another reason (attach, signal, step): its frames are no hit.
    private var foreignStop = false

    private static let cacheLimit = 4096

    /// A `breakpoint command add` body being read (lines until `DONE`).
    private struct CommandBody {
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

    private mutating func endBody(_ pending: CommandBody) {
        body = nil
        let hidden = pending.script || pending.lines.isEmpty
        catalog.setCommands(ids: pending.ids, commands: pending.script ? [] : pending.lines, hidden: hidden)
    }

    // MARK: Commands

    private mutating func echo(_ command: String, lineNumber: Int, emit: Emit) throws -> Bool {
        catalog.settlePending()
        foreignStop = false
        let role = commandRole(command)
        switch role {
        case .breakpointSet(let names, let commands):
            try close(emit)
            catalog.beginSet(names: names, commands: commands, lookup: SymbolTable.lookup)
            return true
        case .breakpointCommandAdd(let ids, let oneLiners, let script):
            try close(emit)
            if let oneLiners {
                catalog.setCommands(ids: ids, commands: oneLiners, hidden: script)
            } else {
                body = CommandBody(ids: ids.isEmpty ? (catalog.lastID.map { [$0] } ?? []) : ids, script: script)
            }
            return true
        case .breakpointDelete(let ids):
            try close(emit)
            catalog.delete(ids: ids)
            return false
        case .resume:
            try close(emit)
            return false
        default:
            break
        }
        if open != nil {
            // A typed command at an interactive stop belongs to that stop.
            if open!.interactiveStop {
                guard role.isInspection else {
                    open!.context = .other
                    return false
                }
                open!.inspect(role)
                return true
            }
            if continuesOpenHit(with: command) {
                open!.commands.append(command)
                let seen = open!.commands
                let catalog = self.catalog
                open!.candidates = (open!.candidates ?? catalog.order).filter {
                    catalog.commands(of: $0, startWith: seen, then: nil)
                }
                open!.inspect(role)
                return true
            }
        }
        let starters = catalog.starting(with: command)
        if !starters.isEmpty {
            try start(OpenHit(line: lineNumber, candidates: starters, command: command, role: role), emit)
            return true
        }
        let members = catalog.containing(command)
        // Breakpoints whose commands we cannot see: a command no known list has.
        if role.isInspection, catalog.hasHiddenCommands, members.isEmpty {
            if open?.viaHiddenCommands == true, !open!.commands.contains(command),
               open!.commands.count < OpenHit.maxCommands {
                open!.commands.append(command)
                open!.inspect(role)
                return true
            }
            var hit = OpenHit(line: lineNumber, candidates: catalog.hiddenIDs, command: command, role: role)
            hit.viaHiddenCommands = true
            try start(hit, emit)
            return true
        }
        // A later command of some list whose start we did not see.
        if !members.isEmpty {
            var hit = OpenHit(line: lineNumber, candidates: members, command: command, role: role)
            hit.commands = []
            try start(hit, emit)
            return true
        }
        if open != nil, role.isInspection {
            open!.inspect(role)
            return true
        }
        open?.context = .other
        return false
    }

    /// Whether `command` is the next command of one of the open hit's candidate lists.
    private func continuesOpenHit(with command: String) -> Bool {
        guard open != nil, open!.commands.count < OpenHit.maxCommands, !open!.viaHiddenCommands else { return false }
        let seen = open!.commands
        if let candidates = open!.candidates {
            return candidates.contains { catalog.commands(of: $0, startWith: seen, then: command) }
        }
        return catalog.order.contains { catalog.commands(of: $0, startWith: seen, then: command) }
    }

    // MARK: Stops and frames

    private mutating func header(thread: Int?, breakpoint: BreakpointLocation?, lineNumber: Int, emit: Emit) throws -> Bool {
        var inOutput = open?.expectsHeaders ?? false
        // One thread cannot be at two breakpoints: a different one on the same thread is a new stop.
        if inOutput, let breakpoint, open!.hasHeader, open!.thread == thread,
           let current = open!.location, current.id != breakpoint.id {
            inOutput = false
        }
        guard let breakpoint else {
            // Another thread in a listing, or a stop for another reason (the hit is over).
            if inOutput {
                open!.outputThread = thread
                return true
            }
            try close(emit)
            foreignStop = true
            return false
        }
        foreignStop = false
        if open != nil {
            if open!.hasHeader && inOutput {
                open!.outputThread = thread
                open!.afterHeader = thread == open!.thread
                return true
            }
            if !open!.hasHeader,
               open!.candidates?.contains(breakpoint.id) ?? true || !catalog.isDefined(breakpoint.id) {
                attachHeader(thread: thread, breakpoint: breakpoint, display: !inOutput)
                return true
            }
            // The stop display lldb prints after the commands of a breakpoint that does not
            // auto-continue (`bt` among them already printed a header for the same stop).
            if !inOutput, !open!.interactiveStop, !open!.commands.isEmpty,
               open!.location?.id == breakpoint.id, open!.thread == thread {
                attachHeader(thread: thread, breakpoint: breakpoint, display: true)
                return true
            }
        }
        try start(OpenHit(line: lineNumber), emit)
        attachHeader(thread: thread, breakpoint: breakpoint, display: !inOutput)
        return true
    }

    private mutating func attachHeader(thread: Int?, breakpoint: BreakpointLocation, display: Bool) {
        let hidden = catalog.isHidden(breakpoint.id)
        open!.hasHeader = true
        open!.location = breakpoint
        open!.thread = thread
        open!.candidates = [breakpoint.id]
        open!.viaHiddenCommands = open!.viaHiddenCommands && hidden
        open!.afterHeader = true
        open!.outputThread = thread
        if display {
            open!.interactiveStop = true
            open!.context = nil
        }
    }

    private mutating func frameLine(_ frame: FrameLine, lineNumber: Int, emit: Emit) throws -> Bool {
        if open != nil {
            let outputThread = open!.outputThread
            let foreign = outputThread != nil && open!.thread != nil && outputThread != open!.thread
            if frame.depth > 0 || foreign {
                if !foreign { open!.addFrame(frame) }
                return true
            }
            if open!.frame0 == nil || open!.afterHeader || open!.framesPending {
                attachFrame0(frame)
                return true
            }
        }
        guard frame.depth == 0, !foreignStop else { return false }
        try start(OpenHit(line: lineNumber), emit)
        attachFrame0(frame)
        return true
    }

    private mutating func attachFrame0(_ frame: FrameLine) {
        open!.framesPending = false
        open!.addFrame(frame)
        if open!.frame0 == nil || (open!.frame0!.arguments == nil && frame.arguments != nil) {
            open!.frame0 = frame
        }
        // Narrow shared-command candidates to the breakpoints on this function.
        guard let candidates = open!.candidates, candidates.count > 1 else { return }
        let kind = symbol(frame.name).kind
        guard kind != .call else { return }
        let matching = candidates.filter { catalog.kind(of: $0) == kind }
        if !matching.isEmpty { open!.candidates = matching }
    }

    // MARK: Command output

    private mutating func register(name: String, value: UInt64?) -> Bool {
        guard open != nil else { return false }
        switch open!.context {
        case .registerRead?, nil: break
        default: return false
        }
        if let index = ArgumentRegisters.argumentIndex(name) { open!.record(argument: index, value: value) }
        return true
    }

    private mutating func expressionResult(_ value: UInt64?, variable: String?) -> Bool {
        guard open != nil else { return false }
        switch open!.context {
        case .expression(let argument, let expressionVariable)?:
            if let argument {
                open!.record(argument: argument, value: value)
            } else if let name = expressionVariable ?? variable {
                open!.record(parameter: name, value: value)
            }
            return true
        case .frameVariable?:
            if let variable { open!.record(parameter: variable, value: value) }
            return true
        default:
            return false
        }
    }

    private mutating func otherLine(_ bytes: Bytes, emit: Emit) throws {
        let start = bytes.skipSpaces(from: 0)
        if catalog.pendingID != nil, bytes.matches("error:", at: start) {
            catalog.dropPending()
        } else if bytes.matches("Process ", at: start), bytes.find(" exited", from: start) != nil {
            try close(emit)
        }
    }

    // MARK: Hits

    private mutating func start(_ hit: OpenHit, _ emit: Emit) throws {
        try close(emit)
        open = hit
    }

    private mutating func logMessage(name: String, values: [UInt64?], lineNumber: Int, emit: Emit) throws {
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

    private mutating func close(_ emit: Emit) throws {
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

    private mutating func isKnownSymbol(_ name: String) -> Bool { symbol(name).kind != .call }

    private mutating func commandRole(_ command: String) -> LLDBCommand {
        if let cached = commandCache[command] { return cached }
        let role = LLDBCommand.parse(command)
        if commandCache.count < Self.cacheLimit { commandCache[command] = role }
        return role
    }
}

extension String {
    func trimmingBlanks() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
