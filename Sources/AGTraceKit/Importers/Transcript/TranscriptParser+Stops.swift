/// Stop headers, frame lines and the output of inspection commands (registers, expressions).
extension TranscriptParser {
    mutating func header(_ bytes: Bytes, thread: Int?, breakpoint: BreakpointLocation?, lineNumber: Int, emit: Emit) throws -> Bool {
        if breakpoint == nil, RecordingEndTracker.crashReason(ofHeader: bytes) != nil {
            // A crash is a stop of its own wherever it comes, even in place of the output of
            // a hit's command that never came: the hit is over (closed first, so that it does
            // not read as the process going on after the crash).
            try close(emit)
            _ = endTracker.stopLine(bytes)
            foreignStop = true
            stoppedByCrash = true
            return false
        }
        if breakpoint != nil { stoppedByCrash = false }  // it ran on to a breakpoint
        var inOutput = isOpen && open.expectsHeaders
        // One thread cannot be at two breakpoints: a different one on the same thread is a new stop.
        if inOutput, let breakpoint, let current = open.location, open.thread == thread,
           current.id != breakpoint.id {
            inOutput = false
        }
        guard let breakpoint else {
            // Another thread in a listing, or a stop for another reason (the hit is over).
            if inOutput {
                open.outputThread = thread
                return true
            }
            try close(emit)
            foreignStop = true
            return false
        }
        foreignStop = false
        if isOpen {
            if open.location != nil && inOutput {
                open.outputThread = thread
                open.afterHeader = thread == open.thread
                return true
            }
            if open.location == nil,
               open.candidates?.contains(breakpoint.id) ?? true || !catalog.isDefined(breakpoint.id) {
                attachHeader(thread: thread, breakpoint: breakpoint, display: !inOutput)
                return true
            }
            // The stop display lldb prints after the commands of a breakpoint that does not
            // auto-continue (`bt` among them already printed a header for the same stop).
            if !inOutput, !open.interactiveStop, !hitCommands.isEmpty,
               open.location?.id == breakpoint.id, open.thread == thread {
                attachHeader(thread: thread, breakpoint: breakpoint, display: true)
                return true
            }
        }
        try startHit(line: lineNumber, emit)
        attachHeader(thread: thread, breakpoint: breakpoint, display: !inOutput)
        return true
    }

    private mutating func attachHeader(thread: Int?, breakpoint: BreakpointLocation, display: Bool) {
        let hidden = catalog.isHidden(breakpoint.id)
        open.location = breakpoint
        open.thread = thread
        open.candidates = onlyCandidate(breakpoint.id)
        open.viaHiddenCommands = open.viaHiddenCommands && hidden
        open.afterHeader = true
        open.outputThread = thread
        if display {
            open.interactiveStop = true
            open.context = nil
        }
    }

    mutating func frameLine(_ frame: FrameLine, lineNumber: Int, emit: Emit) throws -> Bool {
        if isOpen {
            let outputThread = open.outputThread
            let foreign = outputThread != nil && open.thread != nil && outputThread != open.thread
            if frame.depth > 0 || foreign {
                if !foreign { addFrame(frame) }
                return true
            }
            if open.frame0 == nil || open.afterHeader || open.framesPending {
                attachFrame0(frame)
                return true
            }
        }
        guard frame.depth == 0, !foreignStop, !stoppedByCrash else { return false }
        try startHit(line: lineNumber, emit)
        attachFrame0(frame)
        return true
    }

    private mutating func attachFrame0(_ frame: FrameLine) {
        open.framesPending = false
        addFrame(frame)
        if open.frame0 == nil || (open.frame0!.arguments == nil && frame.arguments != nil) {
            open.frame0 = frame
        }
        // Narrow shared-command candidates to the breakpoints on this function.
        guard let candidates = open.candidates, candidates.count > 1 else { return }
        let kind = names.facts(frame.name).kind
        guard kind != .call else { return }
        let matching = candidates.filter { catalog.kind(of: $0) == kind }
        if !matching.isEmpty { open.candidates = matching }
    }

    mutating func register(argument: Int?, value: UInt64?) -> Bool {
        guard isOpen else { return false }
        switch open.context {
        case .registerRead?, nil: break
        default: return false
        }
        if let index = argument { open.record(argument: index, value: value) }
        return true
    }

    mutating func expressionResult(_ value: UInt64?, variable: String?) -> Bool {
        guard isOpen else { return false }
        switch open.context {
        case .expression(let argument, let expressionVariable)?:
            if let argument {
                open.record(argument: argument, value: value)
            } else if let name = expressionVariable.map({ names.string($0) }) ?? variable {
                open.record(parameter: name, value: value)
            }
            return true
        case .frameVariable?:
            if let variable { open.record(parameter: variable, value: value) }
            return true
        default:
            return false
        }
    }

    mutating func otherLine(_ bytes: Bytes, emit: Emit) throws {
        let start = bytes.skipSpaces(from: 0)
        if catalog.pendingID != nil, bytes.matches("error:", at: start) {
            catalog.dropPending()
        } else if let process = Self.processLine(bytes, from: start) {
            try close(emit)
            endTracker.processLine(bytes, from: process)
        } else if let xcode = bytes.find("Program ended with exit code: ", from: start)
                    ?? bytes.find("Message from debugger: ", from: start) {
            // Xcode's console (where Log Message actions print) ends a run with one of these,
            // after the program's last text if that had no newline.
            try close(emit)
            endTracker.xcodeLine(bytes, from: xcode)
        } else {
            // Swift's runtime prints why before it traps; the stop (if lldb printed one) follows.
            _ = endTracker.consoleLine(bytes, from: start)
        }
    }

    /// Where `Process N exited…` starts: at the line's start, or after a program's output
    /// without a newline (then only the whole `Process N exited with status = ` form).
    private static func processLine(_ bytes: Bytes, from start: Int) -> Int? {
        if bytes.matches("Process ", at: start), bytes.find(" exited", from: start) != nil { return start }
        guard let at = bytes.find(" exited with status = ", from: start) else { return nil }
        var i = at
        while i > start, ASCII.isDigit(bytes[i - 1]) { i -= 1 }
        guard i < at, bytes.matches("Process ", at: i - 8) else { return nil }
        return i - 8
    }
}
