/// One breakpoint as the transcript defined it.
struct BreakpointDefinition {
    var id: Int
    /// Names from `-n`, `-F`, `-S`, `-M`, `b NAME`.
    var names: [String] = []
    /// The function from lldb's `Breakpoint N: where = …` answer.
    var whereName: String?
    /// The commands lldb runs at each hit, normalised (`-C`, `breakpoint command add`).
    var commands: [String] = []
    /// Commands were added but their text is not in the transcript (a body typed from a script
    /// is not echoed); learned from the first hit attributed to this breakpoint.
    var commandsHidden = false
    /// What the breakpoint is on, when a name or the `where =` answer is in the symbol table.
    var info: SymbolInfo?
}

/// The breakpoints defined so far in one transcript, keyed by lldb's ids (per transcript).
///
/// Ids come from lldb's answers (`Breakpoint 3: where = …`); a `breakpoint set` whose answer
/// is missing gets the next free id, as lldb would have given it.
struct BreakpointCatalog {
    private(set) var definitions: [Int: BreakpointDefinition] = [:]
    /// Ids in definition order, for deterministic choices.
    private(set) var order: [Int] = []
    /// The id given to the latest `breakpoint set` that lldb has not answered yet.
    private(set) var pendingID: Int?
    /// The breakpoint a `breakpoint command add` without ids applies to.
    private(set) var lastID: Int?
    /// Ids of breakpoints whose command list starts with a command; rebuilt on change.
    private var startIndex: [String: [Int]] = [:]
    private var memberIndex: [String: [Int]] = [:]

    subscript(id: Int) -> BreakpointDefinition? { definitions[id] }

    var isEmpty: Bool { definitions.isEmpty }
    var hasHiddenCommands: Bool { definitions.values.contains { $0.commandsHidden } }
    var hiddenIDs: [Int] { order.filter { definitions[$0]?.commandsHidden == true } }
    /// How many breakpoints are on a function of the symbol table (not a plain `call`).
    var knownCount: Int { definitions.values.filter { ($0.info?.kind ?? .call) != .call }.count }
    func hasKind(_ kind: EventKind) -> Bool { definitions.values.contains { $0.info?.kind == kind } }

    /// `breakpoint set` echoed: define it under a provisional id until lldb answers.
    mutating func beginSet(names: [String], commands: [String], lookup: (String) -> SymbolInfo) {
        let id = (order.max() ?? 0) + 1
        var definition = BreakpointDefinition(id: id, names: names, commands: commands)
        definition.info = Self.info(names: names, whereName: nil, lookup: lookup)
        insert(definition)
        pendingID = id
        lastID = id
    }

    /// lldb answered `Breakpoint N: …`.
    mutating func created(id: Int, whereName: String?, lookup: (String) -> SymbolInfo) {
        var definition: BreakpointDefinition
        if let pending = pendingID, let provisional = definitions[pending] {
            remove(pending)
            definition = provisional
            definition.id = id
        } else {
            definition = definitions[id] ?? BreakpointDefinition(id: id)
            remove(id)
        }
        if let whereName, !whereName.isEmpty { definition.whereName = whereName }
        definition.info = Self.info(names: definition.names, whereName: definition.whereName, lookup: lookup)
        insert(definition)
        pendingID = nil
        lastID = id
    }

    /// lldb refused the pending `breakpoint set` (an `error:` line): it created nothing.
    mutating func dropPending() {
        if let pending = pendingID { remove(pending) }
        pendingID = nil
        lastID = order.last
    }

    /// Another command came before lldb's answer: keep the provisional id.
    mutating func settlePending() { pendingID = nil }

    /// `breakpoint command add`: replaces the commands (as lldb does, `-C` ones included).
    mutating func setCommands(ids: [Int], commands: [String], hidden: Bool) {
        let targets = ids.isEmpty ? (lastID.map { [$0] } ?? []) : ids
        for id in targets {
            var definition = definitions[id] ?? BreakpointDefinition(id: id)
            remove(id)
            definition.commands = commands
            definition.commandsHidden = hidden
            insert(definition)
        }
    }

    /// A hit of a hidden-command breakpoint showed its commands: remember them.
    mutating func learnCommands(id: Int, commands: [String]) {
        guard var definition = definitions[id], definition.commandsHidden, !commands.isEmpty else { return }
        remove(id)
        definition.commands = commands
        definition.commandsHidden = false
        insert(definition)
    }

    mutating func delete(ids: [Int]) {
        for id in ids.isEmpty ? order : ids { remove(id) }
    }

    /// Breakpoints whose command list starts with `command`.
    func starting(with command: String) -> [Int] { startIndex[command] ?? [] }

    /// Breakpoints whose command list contains `command` anywhere.
    func containing(_ command: String) -> [Int] { memberIndex[command] ?? [] }

    private mutating func insert(_ definition: BreakpointDefinition) {
        definitions[definition.id] = definition
        if !order.contains(definition.id) { order.append(definition.id) }
        reindex()
    }

    private mutating func remove(_ id: Int) {
        definitions[id] = nil
        order.removeAll { $0 == id }
        reindex()
    }

    private mutating func reindex() {
        startIndex = [:]
        memberIndex = [:]
        for id in order {
            guard let definition = definitions[id] else { continue }
            if let first = definition.commands.first { startIndex[first, default: []].append(id) }
            for command in Set(definition.commands) { memberIndex[command, default: []].append(id) }
        }
    }

    /// The `where =` function wins when it is in the table (it is what lldb resolved), then
    /// the names given; a function outside the table is still kept as a `call`.
    private static func info(names: [String], whereName: String?, lookup: (String) -> SymbolInfo) -> SymbolInfo? {
        var fallback: SymbolInfo?
        for name in [whereName].compactMap({ $0 }) + names where !name.isEmpty {
            let info = lookup(name)
            if info.kind != .call { return info }
            if fallback == nil { fallback = info }
        }
        return fallback
    }
}
