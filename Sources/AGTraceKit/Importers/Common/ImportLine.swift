import Foundation

extension ImportOutcome {
    /// The line `import` prints for this outcome: what was stored (in the words of its
    /// format, `InputFormat.counts`), under which label, in how long.
    public var line: String {
        switch self {
        case .imported(let item):
            let how = item.compressed ? "\(item.kind.rawValue), \(item.compression ?? "gzip")" : item.kind.rawValue
            let verb = item.replaced ? "replaced" : "imported"
            var taken = ""
            if let target = item.replacedAliasOf { taken += ", was an alias of '\(target)', which keeps its bytes" }
            if !item.keptAliases.isEmpty {
                taken += ", aliases kept: " + item.keptAliases.map { "'\($0)'" }.joined(separator: ", ") + " name the new \(item.kind.storedNoun)"
            }
            let time = String(format: "%.2f s", item.seconds)
            return "\(verb) \(item.label) (\(how)\(taken)): \(item.kind.format.counts(of: item)) in \(time)"
        case let .duplicate(path, kind, existing):
            return "unchanged \(path): the same bytes are already stored as \(kind.storedNoun) '\(existing)' (--replace imports them again)"
        case let .aliased(path, kind, existing, alias):
            return "aliased \(alias) -> \(existing): \(path) holds the same bytes as \(kind.storedNoun) '\(existing)', so '\(alias)' is now another name of it (nothing stored twice)"
        }
    }
}
