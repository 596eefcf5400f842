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
final class TranscriptParser {
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

    func consume(_ bytes: Bytes, lineNumber: Int, emit: Emit) throws {
        let line = TranscriptLineClassifier.classify(bytes, isKnownSymbol: isKnownSymbol)
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
        case .expressionResult(let value, _):
            used = expressionResult(value)
        case .breakpointCreated(let id, let whereName):
            try close(emit)
            catalog.created(id: id, whereName: whereName, lookup: symbol)
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
        if case .threadHeader = line {} else { open?.afterHeader = false }
    }

    func finish(emit: Emit) throws {
        if let pending = body { endBody(pending) }
        try close(emit)
    }

    // MARK: Lines

    /// Returns whether the line was part of a `breakpoint command add` body.
    private func consumeBody(_ bytes: Bytes, _ line: TranscriptLine) -> Bool {
        guard var pending = body else { return false }
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
        pending.lines.append(text)
        body = pending
        if pending.lines.count > 256 { endBody(pending) }
        return true
    }

    private func endBody(_ pending: CommandBody) {
        body = nil
        let hidden = pending.script || pending.lines.isEmpty
        catalog.setCommands(ids: pending.ids, commands: pending.script ? [] : pending.lines, hidden: hidden)
    }

    private func echo(_ command: String, lineNumber: Int, emit: Emit) throws -> Bool {
        catalog.settlePending()
        foreignStop = false
        let role = commandRole(command)
        switch role {
        case .breakpointSet(let names, let commands):
            try close(emit)
            catalog.beginSet(names: names, commands: commands, lookup: symbol)
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
        // A typed command at an interactive stop belongs to that stop.
        if var hit = open, hit.interactiveStop {
            guard role.isInspection else {
                hit.context = .other
                open = hit
                return false
            }
            inspect(&hit, role)
            open = hit
            return true
        }
        if var hit = open, continues(hit, command) {
            hit.commands.append(command)
            hit.candidates = (hit.candidates ?? catalog.order).filter { id in
                guard let list = catalog[id]?.commands, !(catalog[id]?.commandsHidden ?? true) else { return false }
                return list.starts(with: hit.commands)
            }
            inspect(&hit, role)
            open = hit
            return true
        }
        let starters = catalog.starting(with: command)
        if !starters.isEmpty {
            try close(emit)
            var hit = OpenHit(line: lineNumber)
            hit.candidates = starters
            hit.commands = [command]
            inspect(&hit, role)
            open = hit
            return true
        }
        // Breakpoints whose commands we cannot see: a command no known list has.
        if role.isInspection, catalog.hasHiddenCommands, catalog.containing(command).isEmpty {
            if var hit = open, hit.viaHiddenCommands, !hit.commands.contains(command),
               hit.commands.count < OpenHit.maxCommands {
                hit.commands.append(command)
                inspect(&hit, role)
                open = hit
                return true
            }
            try close(emit)
            var hit = OpenHit(line: lineNumber)
            hit.candidates = catalog.hiddenIDs
            hit.viaHiddenCommands = true
            hit.commands = [command]
            inspect(&hit, role)
            open = hit
            return true
        }
        // A later command of some list whose start we did not see.
        let members = catalog.containing(command)
        if !members.isEmpty {
            try close(emit)
            var hit = OpenHit(line: lineNumber)
            hit.candidates = members
            inspect(&hit, role)
            open = hit
            return true
        }
        if var hit = open, role.isInspection {
            inspect(&hit, role)
            open = hit
            return true
        }
        open?.context = .other
        return false
    }

    /// Whether `command` is the next command of one of the open hit's candidate lists.
    private func continues(_ hit: OpenHit, _ command: String) -> Bool {
        guard hit.commands.count < OpenHit.maxCommands, !hit.viaHiddenCommands else { return false }
        let next = hit.commands + [command]
        for id in hit.candidates ?? catalog.order {
            guard let definition = catalog[id], !definition.commandsHidden else { continue }
            if definition.commands.starts(with: next) { return true }
        }
        return false
    }

    private func inspect(_ hit: inout OpenHit, _ role: LLDBCommand) {
        hit.context = role
        hit.framesPending = role.printsFrames
        hit.outputInterrupted = false
        hit.outputThread = nil
    }

    private func header(thread: Int?, breakpoint: BreakpointLocation?, lineNumber: Int, emit: Emit) throws -> Bool {
        var inOutput = open?.expectsHeaders ?? false
        // One thread cannot be at two breakpoints: a different one on the same thread is a new stop.
        if inOutput, let breakpoint, let hit = open, hit.hasHeader, hit.thread == thread,
           let current = hit.location, current.id != breakpoint.id {
            inOutput = false
        }
        guard let breakpoint else {
            // Another thread in a listing, or a stop for another reason (the hit is over).
            if inOutput {
                open?.outputThread = thread
                return true
            }
            try close(emit)
            foreignStop = true
            return false
        }
        foreignStop = false
        if var hit = open {
            if hit.hasHeader && inOutput {
                open?.outputThread = thread
                open?.afterHeader = thread == hit.thread
                return true
            }
            if !hit.hasHeader, hit.candidates?.contains(breakpoint.id) ?? true || catalog[breakpoint.id] == nil {
                attachHeader(&hit, thread: thread, breakpoint: breakpoint, display: !inOutput)
                open = hit
                return true
            }
            // The stop display lldb prints after the commands of a breakpoint that does not
            // auto-continue (`bt` among them already printed a header for the same stop).
            if !inOutput, !hit.interactiveStop, !hit.commands.isEmpty,
               hit.location?.id == breakpoint.id, hit.thread == thread {
                attachHeader(&hit, thread: thread, breakpoint: breakpoint, display: true)
                open = hit
                return true
            }
        }
        try close(emit)
        var hit = OpenHit(line: lineNumber)
        attachHeader(&hit, thread: thread, breakpoint: breakpoint, display: !inOutput)
        open = hit
        return true
    }

    private func attachHeader(_ hit: inout OpenHit, thread: Int?, breakpoint: BreakpointLocation, display: Bool) {
        hit.hasHeader = true
        hit.location = breakpoint
        hit.thread = thread
        hit.candidates = [breakpoint.id]
        hit.viaHiddenCommands = hit.viaHiddenCommands && catalog[breakpoint.id]?.commandsHidden == true
        hit.afterHeader = true
        hit.outputThread = thread
        if display {
            hit.interactiveStop = true
            hit.context = nil
        }
    }

    private func frameLine(_ frame: FrameLine, lineNumber: Int, emit: Emit) throws -> Bool {
        if var hit = open {
            let foreign = hit.outputThread != nil && hit.thread != nil && hit.outputThread != hit.thread
            if frame.depth > 0 || foreign {
                if !foreign { hit.addFrame(frame) }
                open = hit
                return true
            }
            if hit.frame0 == nil || hit.afterHeader || hit.framesPending {
                attachFrame0(&hit, frame)
                open = hit
                return true
            }
        }
        guard frame.depth == 0, !foreignStop else { return false }
        try close(emit)
        var hit = OpenHit(line: lineNumber)
        attachFrame0(&hit, frame)
        open = hit
        return true
    }

    private func attachFrame0(_ hit: inout OpenHit, _ frame: FrameLine) {
        hit.framesPending = false
        hit.addFrame(frame)
        if hit.frame0 == nil || (hit.frame0?.arguments == nil && frame.arguments != nil) {
            hit.frame0 = frame
        }
        // Narrow shared-command candidates to the breakpoints on this function.
        let info = symbol(frame.name)
        guard info.kind != .call, let candidates = hit.candidates, candidates.count > 1 else { return }
        let matching = candidates.filter { catalog[$0]?.info?.kind == info.kind }
        if !matching.isEmpty { hit.candidates = matching }
    }

    private func register(name: String, value: UInt64?) -> Bool {
        guard var hit = open else { return false }
        switch hit.context {
        case .registerRead?, nil: break
        default: return false
        }
        if let index = ArgumentRegisters.argumentIndex(name) { hit.record(argument: index, value: value) }
        open = hit
        return true
    }

    private func expressionResult(_ value: UInt64?) -> Bool {
        guard var hit = open else { return false }
        switch hit.context {
        case .expression(let argument, _)?:
            if let argument { hit.record(argument: argument, value: value) }
        case .frameVariable?:
            break
        default:
            return false
        }
        open = hit
        return true
    }

    private func otherLine(_ bytes: Bytes, emit: Emit) throws {
        let start = bytes.skipSpaces(from: 0)
        if catalog.pendingID != nil, bytes.matches("error:", at: start) {
            catalog.dropPending()
        } else if bytes.matches("Process ", at: start), bytes.find(" exited", from: start) != nil {
            try close(emit)
        }
    }

    // MARK: Hits

    private func logMessage(name: String, values: [UInt64?], lineNumber: Int, emit: Emit) throws {
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

    private func close(_ emit: Emit) throws {
        guard let hit = open else { return }
        open = nil
        let (event, incomplete) = resolve(hit)
        try deliver(event, incomplete: incomplete, emit: emit)
    }

    private func deliver(_ event: BreakpointEvent, incomplete: Bool, emit: Emit) throws {
        summary.events += 1
        if incomplete { summary.incompleteHits += 1 }
        if event.kind == .invalidate, let attribute = event.attribute, invalidated.count < 1 << 20 {
            invalidated.insert(attribute)
        }
        try emit(event)
    }

    func learn(id: Int, commands: [String]) {
        catalog.learnCommands(id: id, commands: commands)
    }

    // MARK: Caches

    func symbol(_ name: String) -> SymbolInfo {
        if let cached = symbolCache[name] { return cached }
        let info = SymbolTable.lookup(name)
        if symbolCache.count < Self.cacheLimit { symbolCache[name] = info }
        return info
    }

    private func isKnownSymbol(_ name: String) -> Bool { symbol(name).kind != .call }

    private func commandRole(_ command: String) -> LLDBCommand {
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
