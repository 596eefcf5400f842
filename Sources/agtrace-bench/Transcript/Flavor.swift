/// Which engine build a session runs against: an open-source re-implementation with debug
/// info (IAG… symbols, x86-64), the same stripped, or Apple's framework on arm64 (AG…).
struct Flavor {
    var prefix: String
    var module: String
    var threadName: String
    var debugInfo: Bool
    var arm64: Bool

    static let iagDebug = Flavor(prefix: "IAG", module: "agdriver", threadName: "name = 'agdriver'",
                                 debugInfo: true, arm64: false)
    static let iagStripped = Flavor(prefix: "IAG", module: "agdriver-stripped", threadName: "name = 'agdriver-stripp'",
                                    debugInfo: false, arm64: false)
    static let apple = Flavor(prefix: "AG", module: "AttributeGraph", threadName: "queue = 'com.apple.main-thread'",
                              debugInfo: false, arm64: true)

    /// The function a hit kind breaks on, as `breakpoint set -n` names it.
    func symbol(_ kind: HitKind) -> String {
        switch kind {
        case .invalidate: return "\(prefix)GraphInvalidateValue"
        case .propagateDirty: return "\(prefix)::Graph::propagate_dirty"
        case .update: return "\(prefix)::Graph::update_attribute"
        case .addInput: return "\(prefix)::Graph::add_input"
        }
    }

    /// The demangled signature lldb prints without debug info.
    func signature(_ kind: HitKind) -> String {
        switch kind {
        case .invalidate: return "\(prefix)GraphInvalidateValue"
        case .propagateDirty: return "\(prefix)::Graph::propagate_dirty(\(prefix)::AttributeID)"
        case .update: return "\(prefix)::Graph::update_attribute(\(prefix)::data::ptr<\(prefix)::Node>, unsigned int)"
        case .addInput: return "\(prefix)::Graph::add_input(\(prefix)::data::ptr<\(prefix)::Node>, \(prefix)::AttributeID, bool, unsigned char)"
        }
    }

    /// Source location lldb shows with debug info.
    func location(_ kind: HitKind) -> (file: String, line: Int, column: Int, offset: Int) {
        switch kind {
        case .invalidate: return ("\(prefix)Graph.cpp", 614, 42, 11)
        case .propagateDirty: return ("Graph.cpp", 1688, 19, 29)
        case .update: return ("Graph.cpp", 1150, 11, 32)
        case .addInput: return ("Graph.cpp", 634, 33, 44)
        }
    }

    /// Registers holding the attribute argument(s): arg 0 for the C function, arg 1 (and 2 for
    /// add_input's input) for C++ members, whose arg 0 is `this`.
    func registers(_ kind: HitKind) -> [String] {
        let names = arm64 ? ["w0", "w1", "w2"] : ["edi", "esi", "edx"]
        switch kind {
        case .invalidate: return [names[0]]
        case .propagateDirty, .update: return [names[1]]
        case .addInput: return [names[1], names[2]]
        }
    }

    /// Breakpoint numbers in definition order.
    static func breakpointNumber(_ kind: HitKind) -> Int {
        switch kind {
        case .invalidate: return 1
        case .propagateDirty: return 2
        case .update: return 3
        case .addInput: return 4
        }
    }
}
