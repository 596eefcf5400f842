/// `--source DIR`: each finding's view mapped to its declaration. A name is looked up as
/// `_printChanges` prints it, generic arguments left out (`Editor<Date>` is `Editor`); a name
/// without enclosing types matches a nested declaration only when it is the one of that last
/// name. Declared twice or more: ambiguous, left without a location and said (never guessed).
enum SourceMapping {
    static func locate(_ result: inout FindingsResult, in folder: String, log: CommandLog) throws {
        let declarations = try SwiftDeclarationScanner.declarations(inFolder: folder)
        let byName = Dictionary(grouping: declarations, by: \.name)
        let byLastName = Dictionary(grouping: declarations, by: { $0.name.split(separator: ".").last.map(String.init) ?? $0.name })
        var missing = Set<String>()
        for i in result.findings.indices {
            guard let view = result.findings[i].view else { continue }
            let name = withoutGenericArguments(view)
            var candidates = byName[name] ?? []
            if candidates.isEmpty, !name.contains(".") { candidates = byLastName[name] ?? [] }
            switch candidates.count {
            case 1:
                result.findings[i].location = SourceLocation(file: candidates[0].file, line: candidates[0].line)
            case 0:
                result.findings[i].sourceNote = "no declaration of \(name) conforming to View under \(folder)"
                missing.insert(name)
            default:
                result.findings[i].sourceNote = "\(name) is declared \(candidates.count) times (\(candidates.map { "\($0.file):\($0.line)" }.joined(separator: ", "))): ambiguous, not guessed"
                log.say(.warning(result.findings[i].sourceNote!))
            }
        }
        if !missing.isEmpty {
            log.say(.note("--source: no declaration found for \(missing.sorted().joined(separator: ", ")) (a view of SwiftUI or of a package, or a file outside \(folder))"))
        }
    }

    /// `Editor<Date>` -> `Editor`; `Outer<Int>.Inner` -> `Outer.Inner`.
    static func withoutGenericArguments(_ name: String) -> String {
        var out = ""
        var depth = 0
        for c in name {
            if c == "<" { depth += 1 } else if c == ">" { depth -= 1 } else if depth == 0 { out.append(c) }
        }
        return out
    }
}
