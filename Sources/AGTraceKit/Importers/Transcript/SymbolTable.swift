/// What the symbol table knows about one printed function name.
public struct SymbolInfo: Equatable, Sendable {
    public var kind: EventKind
    /// The name without module, argument list, offset or leading `::`; engine prefix kept,
    /// e.g. `IAG::Graph::update_attribute`.
    public var symbol: String
    /// 0-based call argument holding the attribute (a C++ member's argument 0 is `this`), or nil
    /// when the kind has no attribute argument (`state_write`, `transaction`, `call`, and
    /// `current` / `create`, whose attribute is the return value).
    public var attributeArgument: Int?
    /// 0-based call argument holding the other end of an edge (`add_input`, `add_output`).
    public var inputArgument: Int?

    public init(kind: EventKind, symbol: String, attributeArgument: Int? = nil, inputArgument: Int? = nil) {
        self.kind = kind
        self.symbol = symbol
        self.attributeArgument = attributeArgument
        self.inputArgument = inputArgument
    }
}

/// Maps printed symbols to event kinds, per the table of docs/formats.md (Transcripts).
///
/// Matching is tolerant of how the name reaches us: the engine prefix (`AG`, `OAG`, `IAG`),
/// C or C++ spelling (`AGGraphInvalidateValue`, `::IAGGraphInvalidateValue`), a module prefix
/// (`AttributeGraph\``), an argument list with types or values, `+ 32`, `at File:L:C`,
/// template arguments (`add_output_edge<…>`), Itanium-mangled C++ names, and Swift names
/// mangled or demangled. Anything else is a `call`, its name kept.
public enum SymbolTable {
    /// Looks up a symbol as printed anywhere in a transcript.
    public static func lookup(_ printed: String) -> SymbolInfo {
        printed.withBytes { bytes in
            let parts = PrintedSymbol.parse(bytes, 0..<bytes.count)
            return info(forName: bytes.string(parts.name))
        }
    }

    /// Looks up a name already stripped of module, arguments and offset.
    static func info(forName name: String) -> SymbolInfo {
        let (kind, attribute, input) = classify(name)
        return SymbolInfo(kind: kind, symbol: name, attributeArgument: attribute, inputArgument: input)
    }

    /// The kind and argument positions for a stripped name.
    static func classify(_ name: String) -> (EventKind, Int?, Int?) {
        if let swift = classifySwift(name) { return (swift, nil, nil) }
        if let mangled = classifyItanium(name) { return mangled }
        var components = withoutTemplateArguments(name).split(separator: "::", omittingEmptySubsequences: true)
        if components.count >= 2, enginePrefixes.contains(String(components[0])) {
            components.removeFirst()
        }
        if components.count == 1 {
            let single = components[0]
            if let c = cFunctions[withoutEnginePrefix(single)] { return c }
            // A bare member name, as `breakpoint set -M update_attribute` gives it.
            if let member = graphMembers[String(single)] { return member }
            return (.call, nil, nil)
        }
        if components.count == 2, components[0] == "Graph", let member = graphMembers[String(components[1])] {
            return member
        }
        return (.call, nil, nil)
    }

    static let enginePrefixes: Set<String> = ["AG", "OAG", "IAG"]

    /// `AGGraphInvalidateValue` → `GraphInvalidateValue`; other names are returned as they are.
    private static func withoutEnginePrefix(_ name: Substring) -> String {
        for prefix in ["IAG", "OAG", "AG"] where name.hasPrefix(prefix + "Graph") {
            return String(name.dropFirst(prefix.count))
        }
        return String(name)
    }

    /// `AG::Graph::add_output_edge<AG::(anonymous namespace)::Edge>` → `AG::Graph::add_output_edge`.
    private static func withoutTemplateArguments(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "<")) else { return name }
        var depth = 0
        var out = ""
        for c in name {
            if c == "<" {
                depth += 1
            } else if c == ">" {
                if depth > 0 { depth -= 1 }
            } else if depth == 0 {
                out.append(c)
            }
        }
        return out
    }

    private static let cFunctions: [String: (EventKind, Int?, Int?)] = [
        "GraphInvalidateValue": (.invalidate, 0, nil),
        "GraphGetValue": (.read, 0, nil),
        "GraphGetCurrentAttribute": (.current, nil, nil),
        "GraphCreateAttribute": (.create, nil, nil),
    ]

    private static let graphMembers: [String: (EventKind, Int?, Int?)] = [
        "propagate_dirty": (.propagateDirty, 1, nil),
        "update_attribute": (.update, 1, nil),
        "add_input": (.addInput, 1, 2),
        "add_output_edge": (.addOutput, 1, 2),
    ]

    /// `_ZN2AG5Graph16update_attributeENS_4data3ptrINS_4NodeEEEj` and friends, for frames
    /// lldb could not demangle.
    private static func classifyItanium(_ name: String) -> (EventKind, Int?, Int?)? {
        guard name.hasPrefix("_ZN") else { return nil }
        for (member, info) in graphMembers {
            let needle = Array("5Graph\(member.utf8.count)\(member)".utf8)
            if name.utf8.firstRange(of: needle) != nil { return info }
        }
        return nil
    }

    /// SwiftUI's side: `StoredLocationBase.set` (a `@State` write) and the GraphHost
    /// transaction functions, demangled (`SwiftUI.StoredLocationBase<A>.set`) or mangled
    /// (`$s7SwiftUI18StoredLocationBaseC3set…`).
    private static func classifySwift(_ name: String) -> EventKind? {
        name.withBytes { bytes in
            func has(_ part: StaticString) -> Bool { bytes.find(part, from: 0) != nil }
            if has("StoredLocation") {
                return name.hasSuffix(".set") || has("C3set") ? .stateWrite : nil
            }
            if has("GraphHost") && (has("asyncTransaction") || has("flushTransactions")) {
                return .transaction
            }
            return nil
        }
    }
}
