/// Turns a closed hit's evidence into an event: which function stopped, which breakpoint,
/// the attribute and input, and whether anything the kind needs is missing.
extension TranscriptParser {
    /// What the candidate breakpoints of a hit without a stop header come down to.
    enum Choice {
        case none
        case one(Int)
        /// Several breakpoints, all on functions of the same kind.
        case sameKind(SymbolInfo)
        case ambiguous([Int])
    }

    /// Resolves the open hit (read in place).
    mutating func resolve() -> (event: Hit, incomplete: Bool) {
        var frameFacts: SymbolFacts?
        var frameName: NameID?
        if let name = open.frame0?.name, name != NameTable.empty {
            frameFacts = names.facts(name)
            frameName = name
        }
        let frameKnown = frameFacts.flatMap { $0.kind == .call ? nil : $0 }
        var breakpointInfo: SymbolInfo?
        /// The breakpoint whose definition says what the hit is (looked up only when needed).
        var breakpoint: Int?
        var label: NameID?
        var ambiguous: [Int] = []

        if let location = open.location {
            label = names.label(location.id, location.location)
            breakpoint = location.id
            if open.viaHiddenCommands { learn(id: location.id, commands: hitCommands) }
        } else {
            switch choose(frameKind: frameKnown?.kind) {
            case .none:
                break
            case .one(let id):
                label = names.label(id, nil)
                breakpoint = id
                if open.viaHiddenCommands { learn(id: id, commands: hitCommands) }
            case .sameKind(let info):
                breakpointInfo = info
            case .ambiguous(let ids):
                ambiguous = ids
            }
        }

        var event = Hit(seq: summary.events + 1, line: open.line, kind: .call, symbol: NameTable.unknown,
                        breakpoint: label ?? -1, thread: open.thread)
        // A frame says where lldb stopped; a breakpoint says what it was set on.
        let facts: SymbolFacts
        if let frameKnown, let frameName {
            // The usual case: the function's facts and event name are computed once per name.
            facts = frameKnown
            event.symbol = names.infoName(frameName)
        } else {
            if let breakpoint { breakpointInfo = catalog.info(of: breakpoint) }
            let knownBreakpoint = breakpointInfo.flatMap { $0.kind == .call ? nil : $0 }
            let frameInfo = frameName.map { names.info($0) }
            guard let info = knownBreakpoint ?? frameInfo ?? (ambiguous.isEmpty ? breakpointInfo : nil) else {
                // A hit whose function nothing names (ambiguous shared commands, unknown breakpoint).
                let symbols = ambiguous.compactMap { catalog.info(of: $0)?.symbol }
                if !symbols.isEmpty { event.symbol = names.id(symbols.joined(separator: " | ")) }
                return (event, true)
            }
            facts = SymbolFacts(kind: info.kind, attributeArgument: info.attributeArgument, inputArgument: info.inputArgument)
            event.symbol = names.id(info.symbol)
        }
        event.kind = facts.kind
        var incomplete = false
        if let index = facts.attributeArgument {
            event.attribute = attributeValue(open.value(at: index, input: false))
            incomplete = event.attribute == nil
        }
        if let index = facts.inputArgument {
            event.inputAttribute = attributeValue(open.value(at: index, input: true))
            incomplete = incomplete || event.inputAttribute == nil
        }
        return (event, incomplete)
    }

    /// Narrows the breakpoints whose command lists matched the echoed commands, clue by clue:
    /// 1. a list equal to the commands seen beats a list that only starts with them;
    /// 2. the frame's function, when one was printed;
    /// 3. the registers read: the breakpoint whose attribute argument was read (`p/d $edi` is
    ///    argument 0: an invalidate, not an update);
    /// 4. the engine's order: `propagate_dirty(a)` runs inside the invalidation of a signal `a`,
    ///    while `update_attribute` never runs on a signal; so a value already invalidated means
    ///    propagate_dirty, and otherwise (when invalidations are traced) update.
    func choose(frameKind: EventKind?) -> Choice {
        guard var ids = open.candidates, !ids.isEmpty else { return .none }
        func narrow(_ keep: (Int) -> Bool) {
            // Usually every candidate passes: then nothing is allocated.
            let n = ids.reduce(0) { keep($1) ? $0 + 1 : $0 }
            if n > 0 && n < ids.count { ids = ids.filter(keep) }
        }
        // The closures capture these, not the whole hit (which they would copy).
        let commands = hitCommands
        let registers = open.registerArguments
        if !commands.isEmpty && !open.viaHiddenCommands && !open.partialStart {
            narrow { catalog.commands(of: $0, equal: commands) }
        }
        if let frameKind { narrow { catalog.kind(of: $0) == frameKind } }
        if !registers.isEmpty {
            narrow { id in
                guard let index = catalog.info(of: id)?.attributeArgument else { return false }
                return registers.isShown(index)
            }
        }
        if ids.count == 1 { return .one(ids[0]) }

        let infos = ids.compactMap { catalog.info(of: $0) }
        guard infos.count == ids.count, let first = infos.first else { return .ambiguous(ids) }
        if infos.allSatisfy({ $0.kind == first.kind }) { return .sameKind(first) }

        let kinds = Set(infos.map(\.kind))
        if kinds == [.propagateDirty, .update] {
            var pick: EventKind?
            if let value = attributeValue(open.argument(1)), invalidated.contains(value) {
                pick = .propagateDirty
            } else if catalog.hasKind(.invalidate) {
                pick = .update
            }
            if let pick {
                let picked = ids.filter { catalog.kind(of: $0) == pick }
                if picked.count == 1 { return .one(picked[0]) }
                if let info = catalog.info(of: picked[0]) { return .sameKind(info) }
            }
        }
        return .ambiguous(ids)
    }
}
