/// What an echoed lldb command means for reading hits. Only the commands that define
/// breakpoints, resume the process, or print something we read are told apart.
enum LLDBCommand: Equatable {
    /// `breakpoint set …`, `br s …`, `b NAME`: the function names and `-C` commands given.
    case breakpointSet(names: [String], commands: [String])
    /// `breakpoint command add [-o CMD] [ids]`. `oneLiners` is nil when a body follows (or was
    /// typed from a script and is therefore not in the transcript). Empty `ids`: the last breakpoint.
    case breakpointCommandAdd(ids: [Int], oneLiners: [String]?, script: Bool)
    /// `breakpoint delete [ids]` (empty: all).
    case breakpointDelete(ids: [Int])
    /// `continue`, `run`, `next`, `finish`, …: anything after it is a new stop.
    case resume
    /// A command whose output may belong to a hit, or any other (`.prints(.other)`).
    case prints(CommandOutput<String>)

    /// Whether the command inspects the stopped process (its output may belong to a hit).
    var isInspection: Bool {
        if case .prints(let output) = self { return output != .other }
        return false
    }

    static func parse(_ command: String) -> LLDBCommand {
        let tokens = tokenize(command)
        guard let head = tokens.first else { return .prints(.other) }
        let base = head.split(separator: "/", maxSplits: 1).first.map(String.init) ?? head
        let rest = Array(tokens.dropFirst())
        switch base {
        case "b", "_regexp-break":
            if rest.isEmpty { return .prints(.other) }
            if rest[0].hasPrefix("-") { return parseBreakpointSet(rest) }
            return .breakpointSet(names: [rest.joined(separator: " ")], commands: [])
        case "c", "continue", "run", "r", "next", "n", "step", "s", "finish", "ni", "si", "nexti", "stepi",
             "kill", "quit", "q", "exit":
            return .resume
        case "bt":
            return .prints(.backtrace)
        case "up", "down", "f":
            return .prints(.frameInfo)
        case "v", "var", "vo":
            return .prints(.frameVariable)
        case "p", "print", "po", "expr", "expression", "e", "call", "dwim-print":
            return parseExpression(command)
        default:
            break
        }
        let sub = rest.first ?? ""
        if isAbbreviation(base, of: "breakpoint", minimum: 2) {
            if isAbbreviation(sub, of: "set", minimum: 1) { return parseBreakpointSet(Array(rest.dropFirst())) }
            if isAbbreviation(sub, of: "command", minimum: 3), rest.count >= 2,
               isAbbreviation(rest[1], of: "add", minimum: 1) {
                return parseCommandAdd(Array(rest.dropFirst(2)))
            }
            if isAbbreviation(sub, of: "delete", minimum: 2) {
                return .breakpointDelete(ids: rest.dropFirst().compactMap(breakpointID))
            }
            return .prints(.other)
        }
        if isAbbreviation(base, of: "process", minimum: 2) {
            if ["c", "continue", "launch", "kill"].contains(sub) { return .resume }
            if isAbbreviation(sub, of: "status", minimum: 2) { return .prints(.threadInfo) }
            return .prints(.other)
        }
        if isAbbreviation(base, of: "thread", minimum: 2) {
            if isAbbreviation(sub, of: "backtrace", minimum: 1) || sub == "bt" { return .prints(.backtrace) }
            if sub == "list" || sub == "info" || sub == "l" || sub == "i" { return .prints(.threadInfo) }
            if sub == "continue" || sub == "c" || sub.hasPrefix("step-") || sub == "until" { return .resume }
            return .prints(.other)
        }
        if isAbbreviation(base, of: "frame", minimum: 2) {
            if isAbbreviation(sub, of: "variable", minimum: 1) { return .prints(.frameVariable) }
            if isAbbreviation(sub, of: "info", minimum: 1) || isAbbreviation(sub, of: "select", minimum: 1) {
                return .prints(.frameInfo)
            }
            return .prints(.other)
        }
        if isAbbreviation(base, of: "register", minimum: 2), isAbbreviation(sub, of: "read", minimum: 1) {
            return .prints(.registerRead)
        }
        return .prints(.other)
    }

    /// `word` is `full` or a prefix of it at least `minimum` long, as lldb accepts `br s`.
    static func isAbbreviation(_ word: String, of full: String, minimum: Int) -> Bool {
        word.count >= minimum && full.hasPrefix(word)
    }

    private static func breakpointID(_ token: String) -> Int? {
        let digits = token.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        return Int(digits)
    }

    /// Options of `breakpoint set` that take no value; every other option takes one.
    private static let valuelessOptions: Set<String> = [
        "-A", "-D", "-d", "-H", "--all-files", "--dummy-breakpoints", "--disable", "--hardware",
    ]
    private static let nameOptions: Set<String> = [
        "-n", "--name", "-F", "--fullname", "-S", "--selector", "-M", "--method", "-b", "--basename",
        "-r", "--func-regex",
    ]

    private static func parseBreakpointSet(_ tokens: [String]) -> LLDBCommand {
        var names: [String] = []
        var commands: [String] = []
        var i = 0
        while i < tokens.count {
            var option = tokens[i]
            var value: String?
            if option.hasPrefix("--"), let eq = option.firstIndex(of: "=") {
                value = String(option[option.index(after: eq)...])
                option = String(option[..<eq])
            } else if !option.hasPrefix("--"), option.hasPrefix("-"), option.count > 2 {
                value = String(option.dropFirst(2))
                option = String(option.prefix(2))
            }
            if !option.hasPrefix("-") || valuelessOptions.contains(option) {
                i += 1
                continue
            }
            if value == nil {
                value = i + 1 < tokens.count ? tokens[i + 1] : nil
                i += 1
            }
            i += 1
            guard let value else { continue }
            if nameOptions.contains(option) {
                names.append(value)
            } else if option == "-C" || option == "--command" {
                commands.append(normalize(value))
            }
        }
        return .breakpointSet(names: names, commands: commands)
    }

    private static func parseCommandAdd(_ tokens: [String]) -> LLDBCommand {
        var ids: [Int] = []
        var oneLiners: [String] = []
        var script = false
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token == "-o" || token == "--one-liner" {
                if i + 1 < tokens.count { oneLiners.append(normalize(tokens[i + 1])) }
                i += 2
                continue
            }
            if token == "-s" || token == "--script-type" {
                if i + 1 < tokens.count, tokens[i + 1] != "command" { script = true }
                i += 2
                continue
            }
            if token == "-F" || token == "--python-function" {
                script = true
                i += 2
                continue
            }
            if token == "-e" || token == "--stop-on-error" { i += 2; continue }
            if token.hasPrefix("-") { i += 1; continue }
            if let id = breakpointID(token) { ids.append(id) }
            i += 1
        }
        return .breakpointCommandAdd(ids: ids, oneLiners: oneLiners.isEmpty ? nil : oneLiners, script: script)
    }

    private static func parseExpression(_ command: String) -> LLDBCommand {
        // The registers named as `$reg`; a single argument register identifies the argument.
        var indices: Set<Int> = []
        var sawRegister = false
        let bytes = Array(command.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == ASCII.dollar {
                var k = i + 1
                while k < bytes.count && ASCII.isIdentifier(bytes[k]) { k += 1 }
                if k > i + 1 {
                    sawRegister = true
                    let name = String(decoding: bytes[(i + 1)..<k], as: UTF8.self)
                    if let index = ArgumentRegisters.argumentIndex(name) { indices.insert(index) }
                }
                i = k
            } else {
                i += 1
            }
        }
        if indices.count == 1 { return .prints(.expression(argument: indices.first, variable: nil)) }
        if sawRegister { return .prints(.expression(argument: nil, variable: nil)) }
        // `p node`: a single identifier after the command (and its options).
        let tokens = tokenize(command).dropFirst().filter { !$0.hasPrefix("-") }
        if tokens.count == 1, let only = tokens.first, let f = only.utf8.first, ASCII.isLetter(f) || f == ASCII.underscore,
           only.utf8.allSatisfy(ASCII.isIdentifier) {
            return .prints(.expression(argument: nil, variable: only))
        }
        return .prints(.expression(argument: nil, variable: nil))
    }

    /// Collapses blanks the way echoed commands are compared.
    static func normalize(_ command: String) -> String {
        command.withBytes { TranscriptLineClassifier.normalizedCommand($0, 0..<$0.count) }
    }

    /// Splits like lldb's command line: blanks separate words, `"…"` (with `\` escapes) and
    /// `'…'` group them.
    static func tokenize(_ command: String) -> [String] {
        var tokens: [String] = []
        var current: [UInt8] = []
        var inToken = false
        var quote: UInt8 = 0
        let bytes = Array(command.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if quote != 0 {
                if b == ASCII.backslash && quote == ASCII.quote && i + 1 < bytes.count {
                    current.append(bytes[i + 1])
                    i += 2
                    continue
                }
                if b == quote { quote = 0 } else { current.append(b) }
            } else if ASCII.isSpace(b) {
                if inToken {
                    tokens.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                    inToken = false
                }
            } else if b == ASCII.quote || b == ASCII.apostrophe {
                quote = b
                inToken = true
            } else if b == ASCII.backslash && i + 1 < bytes.count {
                current.append(bytes[i + 1])
                inToken = true
                i += 2
                continue
            } else {
                current.append(b)
                inToken = true
            }
            i += 1
        }
        if inToken { tokens.append(String(decoding: current, as: UTF8.self)) }
        return tokens
    }
}
