/// What a node's value description looks like; chosen per type, written by `ValueWriter`.
enum ValueKind: UInt8 {
    case unit, time, phase, bool, scalar, int, geometry, frame, transform, environment, transaction,
         displayList, text, layoutComputer, responders, optionalNil, userStruct, modifiedContent,
         preferenceList, dictionary, userString, insets, nodeList, failed
}

/// One entry of a graph's `types` array, pre-encoded as JSON text.
struct TypeInfo {
    var id: Int
    var name: [UInt8]
    var valueType: [UInt8]
    var description: [UInt8]
    var size: Int
    var flags: Int
    var kind: ValueKind
    /// External inputs have no rule, hence no input edges.
    var isExternal: Bool
}

/// Builds a graph's type table: the root inputs every SwiftUI window has, then rule types made
/// of view and modifier names, as many as the graph needs.
struct TypeCatalog {
    private(set) var types: [TypeInfo] = []
    /// Indices of the fixed root inputs, in node order; each graph's first nodes use them.
    static let rootCount = 14
    /// Index of `External<()>`, the type of every @State signal.
    static let signalType = 10

    init(count: Int, random: inout SeededRandom) {
        let root: [(String, String, Int, Int, ValueKind, String)] = [
            ("External<Time>", "Time", 8, 19, .time, "Time"),
            ("External<Phase>", "Phase", 4, 19, .phase, "_GraphInputs.Phase"),
            ("External<EnvironmentValues>", "EnvironmentValues", 16, 19, .environment, "EnvironmentValues"),
            ("External<Transaction>", "Transaction", 8, 19, .transaction, "Transaction"),
            ("External<PreferenceKeys>", "PreferenceKeys", 8, 19, .preferenceList, "PreferenceKeys"),
            ("External<ViewSize>", "ViewSize", 32, 19, .geometry, "ViewSize"),
            ("External<ViewOrigin>", "ViewOrigin", 16, 19, .geometry, "ViewOrigin"),
            ("External<_SafeAreaInsetsModifier>", "_SafeAreaInsetsModifier", 16, 19, .insets, "_SafeAreaInsetsModifier"),
            ("External<UInt32>", "UInt32", 4, 19, .int, "UInt32"),
            ("External<Dictionary<EventID, EventType>>", "Dictionary<EventID, EventType>", 8, 19, .dictionary, "Dictionary<EventID, EventType>"),
            ("External<()>", "()", 0, 19, .unit, "Void"),
            ("RootGeometry", "ViewGeometry", 80, 2, .geometry, "RootGeometry"),
            ("RootTransform", "ViewTransform", 24, 10, .transform, "RootTransform"),
            ("RootDisplayList", "(DisplayList, Version)", 32, 2, .displayList, "RootDisplayList"),
        ]
        var usedIds = Set<Int>()
        func freshId(_ random: inout SeededRandom) -> Int {
            // Type ids are the engine's table slots: small, unique, not in array order.
            while true {
                let id = 1 + random.below(max(count * 2, 64))
                if usedIds.insert(id).inserted { return id }
            }
        }
        for (name, value, size, flags, kind, desc) in root.prefix(max(count, TypeCatalog.rootCount)) {
            types.append(TypeInfo(id: freshId(&random), name: Array(name.utf8), valueType: Array(value.utf8),
                                  description: Array(desc.utf8), size: size, flags: flags, kind: kind,
                                  isExternal: name.hasPrefix("External")))
        }
        while types.count < count {
            var info = TypeCatalog.ruleType(&random)
            info.id = freshId(&random)
            types.append(info)
        }
    }

    private static func viewName(_ random: inout SeededRandom) -> String {
        random.pick(Vocabulary.viewStems) + random.pick(Vocabulary.viewRoles)
    }

    private static func bodyValue(_ random: inout SeededRandom) -> String {
        let view = viewName(&random)
        switch random.below(4) {
        case 0: return "ModifiedContent<\(view), \(random.pick(Vocabulary.modifiers))>"
        case 1: return "VStack<TupleView<(\(view), \(viewName(&random)), Optional<Text>)>>"
        case 2: return "ModifiedContent<ModifiedContent<\(view), \(random.pick(Vocabulary.modifiers))>, \(random.pick(Vocabulary.modifiers))>"
        default: return "ForEach<Array<\(random.pick(Vocabulary.viewStems))>, UUID, \(view)>"
        }
    }

    /// One rule (or external) type with a realistic generic name and its value type.
    private static func ruleType(_ random: inout SeededRandom) -> TypeInfo {
        let view = viewName(&random)
        let modifier = random.pick(Vocabulary.modifiers)
        let scalar = random.pick(Vocabulary.scalarTypes)
        var name: String, value: String, desc: String
        var kind: ValueKind
        var flags = 10
        var external = false
        switch random.weighted([9, 7, 6, 9, 4, 8, 8, 6, 5, 6, 4, 3, 3, 4, 4, 4, 3, 3, 5]) {
        case 0:
            name = "DynamicBody<ViewBodyAccessor<\(view)>, MainThreadFlags>"
            value = bodyValue(&random); desc = random.chance(50) ? value : view; kind = .modifiedContent; flags = 14
        case 1:
            name = "StaticBody<ViewBodyAccessor<\(view)>, MainThreadFlags>"
            value = bodyValue(&random); desc = random.chance(50) ? value : view; kind = .modifiedContent
        case 2:
            name = "DynamicBody<ModifierBodyAccessor<\(modifier)>, MainThreadFlags>"
            value = "ModifiedContent<_ViewModifier_Content<\(modifier)>, TransformModifier>"
            desc = value; kind = .modifiedContent; flags = 14
        case 3:
            name = "External<\(view)>"; value = view; desc = view; kind = .userStruct; flags = 19; external = true
        case 4:
            name = "UpdateEnvironment<\(modifier)>"; value = "EnvironmentValues"; desc = "EnvironmentValues"
            kind = .environment
        case 5:
            name = "Focus<EnvironmentValues, \(scalar)>"; value = scalar; desc = "\u{2022} \(scalar)"
            kind = .scalar; flags = 2
        case 6:
            name = "PropertiesTransform<\(modifier)>"; value = "AccessibilityNodeList"
            desc = "AccessibilityPropertiesTransform: \(modifier)"; kind = .nodeList
        case 7:
            name = "ViewResponderFilter<\(view)>"; value = "Array<ViewResponder>"; desc = "ViewResponderFilter"
            kind = .responders
        case 8:
            name = "LeafLayoutComputer<\(view)>"; value = "LayoutComputer"; desc = name; kind = .layoutComputer
        case 9:
            name = "AnimatableFrameAttribute"; value = "ViewFrame"; desc = name; kind = .frame; flags = 6
        case 10:
            name = "ShapeStyledDisplayList<\(view)>"; value = "DisplayList"; desc = name; kind = .displayList; flags = 2
        case 11:
            name = "DynamicViewList<Optional<\(view)>>"; value = "ViewList"; desc = name; kind = .failed; flags = 2
        case 12:
            name = "ChildEnvironment<\(scalar)>"; value = "EnvironmentValues"; desc = "EnvironmentWriting: \(scalar)"
            kind = .environment; flags = 2
        case 13:
            name = "PreferenceTransform<Key>"; value = "Storage"; desc = name; kind = .preferenceList; flags = 2
        case 14:
            name = "ResolvedTextFilter<\(view)>"; value = "ResolvedStyledText"; desc = "ResolvedTextFilter"
            kind = .text; flags = 34
        case 15:
            name = "LocationProjection<\(view)>"; value = "Binding<String>"; desc = "Binding<String>"
            kind = .userString
        case 16:
            name = "ChildGeometry<\(view)>"; value = "ViewGeometry"; desc = "ChildGeometry"; kind = .geometry; flags = 2
        case 17:
            name = "External<()>"; value = "()"; desc = "Void"; kind = .unit; flags = 19; external = true
        default:
            name = "Focus<EnvironmentValues, Optional<\(view)>>"; value = "Optional<\(view)>"
            desc = "\u{2022} Optional<\(view)>"; kind = .optionalNil; flags = 2
        }
        let size = external ? [0, 1, 2, 4, 8, 16, 24, 56][random.below(8)] : 16 + 4 * random.below(90)
        return TypeInfo(id: 0, name: Array(name.utf8), valueType: Array(value.utf8), description: Array(desc.utf8),
                        size: size, flags: flags, kind: kind, isExternal: external)
    }
}
