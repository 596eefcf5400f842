/// Echoed commands: breakpoint definitions, resumes, and the commands a hit is made of.
extension TranscriptParser {
    mutating func echo(_ command: NameID, lineNumber: Int, emit: Emit) throws -> Bool {
        catalog.settlePending()
        foreignStop = false
        let role = commandRole(command)
        let output = names.output(command)
        if stoppedByCrash {
            if case .resume = role {
                stoppedByCrash = false
            } else if role.isInspection {
                return false  // a look at the crash, not a hit
            }
        }
        switch role {
        case .breakpointSet(let names, let commands):
            try close(emit)
            catalog.beginSet(names: names, commands: commands.map { self.names.id($0) }, lookup: SymbolTable.lookup)
            return true
        case .breakpointCommandAdd(let ids, let oneLiners, let script):
            try close(emit)
            if let oneLiners {
                catalog.setCommands(ids: ids, commands: oneLiners.map { names.id($0) }, hidden: script)
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
        if isOpen {
            // A typed command at an interactive stop belongs to that stop.
            if open.interactiveStop {
                guard role.isInspection else {
                    open.context = .other
                    return false
                }
                open.inspect(output)
                return true
            }
            if continuesOpenHit(with: command) {
                hitCommands.append(command)
                let seen = hitCommands
                // Into a local first: the filter reads the catalog (a copy of it would retain
                // all its tables) while `open` is not yet being changed. When every candidate
                // passes, the list stays as it is (nothing allocated).
                let candidates = open.candidates ?? catalog.order
                let passing = candidates.reduce(0) { catalog.commands(of: $1, startWith: seen, then: nil) ? $0 + 1 : $0 }
                if passing < candidates.count || open.candidates == nil {
                    open.candidates = candidates.filter { catalog.commands(of: $0, startWith: seen, then: nil) }
                }
                open.inspect(output)
                return true
            }
        }
        let starters = catalog.starting(with: command)
        if !starters.isEmpty {
            try startHit(line: lineNumber, emit, candidates: starters, command: command, output: output)
            return true
        }
        let members = catalog.containing(command)
        // Breakpoints whose commands we cannot see: a command no known list has.
        if role.isInspection, catalog.hasHiddenCommands, members.isEmpty {
            if isOpen && open.viaHiddenCommands, !hitCommands.contains(command),
               hitCommands.count < OpenHit.maxCommands {
                hitCommands.append(command)
                open.inspect(output)
                return true
            }
            let hidden = catalog.hiddenIDs  // before closing the open hit, which may learn some
            try startHit(line: lineNumber, emit, candidates: hidden, command: command, output: output)
            open.viaHiddenCommands = true
            return true
        }
        // A later command of some list whose start we did not see (a transcript copied from
        // the middle of a hit): the rest of that list joins this hit.
        if !members.isEmpty {
            if isOpen && open.partialStart, !hitCommands.contains(command),
               open.candidates?.contains(where: members.contains) ?? false,
               hitCommands.count < OpenHit.maxCommands {
                hitCommands.append(command)
                open.inspect(output)
                return true
            }
            try startHit(line: lineNumber, emit, candidates: members, command: command, output: output)
            open.partialStart = true
            return true
        }
        if isOpen, role.isInspection {
            open.inspect(output)
            return true
        }
        if isOpen { open.context = .other }
        return false
    }

    /// Whether `command` is the next command of one of the open hit's candidate lists.
    private func continuesOpenHit(with command: NameID) -> Bool {
        guard isOpen, hitCommands.count < OpenHit.maxCommands, !open.viaHiddenCommands,
              !open.partialStart else { return false }
        let seen = hitCommands
        if let candidates = open.candidates {
            return candidates.contains { catalog.commands(of: $0, startWith: seen, then: command) }
        }
        return catalog.order.contains { catalog.commands(of: $0, startWith: seen, then: command) }
    }

    /// Starts a hit made by one of `candidates`' command lists, `command` (echoed now) its first
    /// seen command and `output` what that prints.
    private mutating func startHit(line: Int, _ emit: Emit, candidates: [Int], command: NameID, output: OutputContext) throws {
        try startHit(line: line, emit)
        open.candidates = candidates
        open.inspect(output)
        hitCommands.append(command)
    }
}
