/// One breakpoint as the transcript defined it.
struct BreakpointDefinition {
    var id: Int
    /// Names from `-n`, `-F`, `-S`, `-M`, `b NAME`.
    var names: [String] = []
    /// The function from lldb's `Breakpoint N: where = …` answer.
    var whereName: String?
    /// The commands lldb runs at each hit, normalised (`-C`, `breakpoint command add`), as
    /// names of the parser's `NameTable`.
    var commands: [NameID] = []
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
    /// In definition order (deterministic choices); `position` finds one by id.
    private var definitions: [BreakpointDefinition] = []
    private var position: [Int: Int] = [:]
    /// `position` for ids below `smallIDs` (-1: none), the others in `position`.
    private var smallPosition: [Int32] = []
    private static let smallIDs = 4096
    /// The id given to the latest `breakpoint set` that lldb has not answered yet.
    private(set) var pendingID: Int?
    /// The breakpoint a `breakpoint command add` without ids applies to.
    private(set) var lastID: Int?
    /// Ids of breakpoints whose command list starts with a command; rebuilt on change.
    /// By command name id (dense: names are small numbers): the hot per-line lookups cost no
    /// hashing.
    private var startIndex: [[Int]] = []
    private var memberIndex: [[Int]] = []
    /// Ids in definition order; rebuilt on change.
    private(set) var order: [Int] = []
    /// The highest id defined so far, for provisional ids.
    private var highestID = 0

    subscript(id: Int) -> BreakpointDefinition? { slot(of: id).map { definitions[$0] } }

    /// Where breakpoint `id` is in `definitions`: an array lookup for the usual small ids.
    @inline(__always)
    private func slot(of id: Int) -> Int? {
        if id >= 0 && id < smallPosition.count {
            let p = smallPosition[id]
            return p < 0 ? nil : Int(p)
        }
        return position[id]
    }

    var isEmpty: Bool { definitions.isEmpty }
    private(set) var hasHiddenCommands = false
    var hiddenIDs: [Int] { definitions.filter(\.commandsHidden).map(\.id) }
    /// How many breakpoints are on a function of the symbol table (not a plain `call`).
    var knownCount: Int { definitions.filter { ($0.info?.kind ?? .call) != .call }.count }
    func hasKind(_ kind: EventKind) -> Bool { definitions.contains { $0.info?.kind == kind } }

    // Field accessors for the per-line paths: no copy of a whole definition.
    func kind(of id: Int) -> EventKind? { slot(of: id).flatMap { definitions[$0].info?.kind } }
    func info(of id: Int) -> SymbolInfo? { slot(of: id).flatMap { definitions[$0].info } }
    func isDefined(_ id: Int) -> Bool { slot(of: id) != nil }
    func isHidden(_ id: Int) -> Bool { slot(of: id).map { definitions[$0].commandsHidden } ?? false }

    /// Whether breakpoint `id` has visible commands that start with `seen` followed by `next`.
    func commands(of id: Int, startWith seen: [NameID], then next: NameID?) -> Bool {
        guard let index = slot(of: id), !definitions[index].commandsHidden else { return false }
        let list = definitions[index].commands
        let count = seen.count + (next == nil ? 0 : 1)
        guard list.count >= count else { return false }
        for k in 0..<seen.count where list[k] != seen[k] { return false }
        if let next, list[seen.count] != next { return false }
        return true
    }

    /// Whether breakpoint `id`'s visible commands are exactly `seen`.
    func commands(of id: Int, equal seen: [NameID]) -> Bool {
        guard let index = slot(of: id), !definitions[index].commandsHidden else { return false }
        return definitions[index].commands == seen
    }

    /// `breakpoint set` echoed: define it under a provisional id until lldb answers.
    mutating func beginSet(names: [String], commands: [NameID], lookup: (String) -> SymbolInfo) {
        let id = highestID + 1
        var definition = BreakpointDefinition(id: id, names: names, commands: commands)
        definition.info = Self.info(names: names, whereName: nil, lookup: lookup)
        insert(definition)
        pendingID = id
        lastID = id
    }

    /// lldb answered `Breakpoint N: …`.
    mutating func created(id: Int, whereName: String?, lookup: (String) -> SymbolInfo) {
        var definition: BreakpointDefinition
        if let pending = pendingID, let provisional = self[pending] {
            remove(pending)
            remove(id)
            definition = provisional
            definition.id = id
        } else {
            definition = self[id] ?? BreakpointDefinition(id: id)
        }
        if let whereName, !whereName.isEmpty { definition.whereName = whereName }
        definition.info = Self.info(names: definition.names, whereName: definition.whereName, lookup: lookup)
        insert(definition)
        pendingID = nil
        lastID = id
    }

    /// lldb refused the pending `breakpoint set` (an `error:` line): it created nothing.
    mutating func dropPending() {
        if let pending = pendingID {
            remove(pending)
            if highestID == pending { highestID -= 1 }
        }
        pendingID = nil
        lastID = definitions.last?.id
    }

    /// Another command came before lldb's answer: keep the provisional id.
    mutating func settlePending() { pendingID = nil }

    /// `breakpoint command add`: replaces the commands (as lldb does, `-C` ones included).
    mutating func setCommands(ids: [Int], commands: [NameID], hidden: Bool) {
        let targets = ids.isEmpty ? (lastID.map { [$0] } ?? []) : ids
        for id in targets {
            var definition = self[id] ?? BreakpointDefinition(id: id)
            definition.commands = commands
            definition.commandsHidden = hidden
            insert(definition)
        }
    }

    /// A hit of a hidden-command breakpoint showed its commands: remember them.
    mutating func learnCommands(id: Int, commands: [NameID]) {
        guard var definition = self[id], definition.commandsHidden, !commands.isEmpty else { return }
        definition.commands = commands
        definition.commandsHidden = false
        insert(definition)
    }

    mutating func delete(ids: [Int]) {
        for id in ids.isEmpty ? order : ids { remove(id) }
        if ids.isEmpty { lastID = nil }
    }

    /// Breakpoints whose command list starts with `command`.
    func starting(with command: NameID) -> [Int] { command >= 0 && Int(command) < startIndex.count ? startIndex[Int(command)] : [] }

    /// Breakpoints whose command list contains `command` anywhere.
    func containing(_ command: NameID) -> [Int] { command >= 0 && Int(command) < memberIndex.count ? memberIndex[Int(command)] : [] }

    /// Real sessions define a few dozen breakpoints; past this many, new ones are ignored so
    /// that a hostile file cannot make definition bookkeeping quadratic.
    static let maxDefinitions = 1024

    /// Replaces the definition with the same id in place, or appends a new one.
    private mutating func insert(_ definition: BreakpointDefinition) {
        if let index = slot(of: definition.id) {
            definitions[index] = definition
            reindex()
        } else if definitions.count < Self.maxDefinitions {
            definitions.append(definition)
            index(definition, at: definitions.count - 1)
        }
    }

    private mutating func remove(_ id: Int) {
        guard slot(of: id) != nil else { return }
        definitions.removeAll { $0.id == id }
        reindex()
    }

    private mutating func reindex() {
        startIndex = []
        memberIndex = []
        position = [:]
        smallPosition = []
        order = []
        hasHiddenCommands = false
        for (index, definition) in definitions.enumerated() { self.index(definition, at: index) }
    }

    private mutating func index(_ definition: BreakpointDefinition, at index: Int) {
        if definition.id >= 0 && definition.id < Self.smallIDs {
            if smallPosition.count <= definition.id {
                smallPosition.append(contentsOf: repeatElement(-1, count: definition.id + 1 - smallPosition.count))
            }
            smallPosition[definition.id] = Int32(index)
        } else {
            position[definition.id] = index
        }
        order.append(definition.id)
        highestID = max(highestID, definition.id)
        hasHiddenCommands = hasHiddenCommands || definition.commandsHidden
        if let first = definition.commands.first { Self.add(definition.id, at: first, to: &startIndex) }
        for command in Set(definition.commands) { Self.add(definition.id, at: command, to: &memberIndex) }
    }

    private static func add(_ id: Int, at command: NameID, to index: inout [[Int]]) {
        let slot = Int(command)
        guard slot >= 0 else { return }
        if index.count <= slot { index.append(contentsOf: repeatElement([], count: slot + 1 - index.count)) }
        index[slot].append(id)
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
