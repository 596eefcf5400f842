/// Writes a node's `value` description (the text between the quotes, already JSON-escaped),
/// shaped like Swift's `dump` output in real archives: nested `SwiftUI.` types, addresses,
/// `(unknown context at $…)`, escaped quotes and newlines, non-ASCII text, and long values cut
/// at 1024 characters followed by "…".
struct ValueWriter {
    /// Real dumps cut descriptions here and append U+2026.
    static let cutLength = 1024
    private let userTexts: [[UInt8]] = Vocabulary.userTexts.map { s in
        s.withUTF8Buffer { Array($0) }
    }
    private let environmentKeys: [[UInt8]] = Vocabulary.environmentKeys.map { Array($0.utf8) }
    private let views: [[UInt8]] = Vocabulary.viewStems.flatMap { stem in
        Vocabulary.viewRoles.map { Array((stem + $0).utf8) }
    }
    private let modifiers: [[UInt8]] = Vocabulary.modifiers.map { Array($0.utf8) }

    func write(_ kind: ValueKind, valueType: [UInt8], to out: OutputBuffer, random r: inout SeededRandom) {
        switch kind {
        case .unit: out.raw("()")
        case .time:
            out.raw("Time(seconds: "); decimal(r.below(100_000), scale: 1000, out); out.raw(")")
        case .phase: out.raw("Phase(value: "); out.int(r.below(4) * 2); out.raw(")")
        case .bool: r.chance(50) ? out.raw("true") : out.raw("false")
        case .int: out.int(r.below(5000))
        case .failed: r.chance(50) ? out.raw("failed") : out.raw("[ failed ]")
        case .optionalNil: out.raw("nil")
        case .dictionary: out.raw("[:]")
        case .scalar: scalar(out, &r)
        case .geometry: geometry(out, &r)
        case .frame:
            out.raw("ViewFrame(origin: SwiftUI.ViewOrigin(value: ("); point(out, &r)
            out.raw(")), size: SwiftUI.ViewSize(value: ("); point(out, &r)
            out.raw("), _proposal: ("); point(out, &r); out.raw(")))")
        case .transform:
            out.raw("space(HostingViewCoordinateSpace()), space(UIKitHostContainerCoordinateSpace())")
            if r.chance(30) { out.raw(", translation: ("); point(out, &r); out.raw(")") }
        case .environment: environment(out, &r)
        case .transaction:
            out.raw("Transaction(plist: [")
            if r.chance(30) { out.raw("TransactionPropertyKey<AnimationKey> = Optional(SwiftUI.Animation(box: SwiftUI.(unknown context at $"); address(out, &r); out.raw(").DefaultAnimation))") }
            out.raw("])")
        case .displayList: displayList(out, &r)
        case .text: text(out, &r)
        case .layoutComputer:
            out.raw("LayoutComputer(engine: SwiftUI.(unknown context at $"); address(out, &r)
            out.raw(").LayoutEngineBox<SwiftUI.(unknown context at $"); address(out, &r)
            out.raw(").LeafLayoutEngine<SwiftUI."); out.bytes(r.pick(views)); out.raw(">>, seed: "); out.int(r.below(40)); out.raw(")")
        case .responders:
            out.raw("[")
            for i in 0..<r.within(0...3) {
                if i > 0 { out.raw(", ") }
                out.raw("<ViewResponder: 0x0000"); out.hex(0x6000_0000_0000 | r.next() & 0xFFF_FFFF_FFF0, width: 12); out.raw(">")
            }
            out.raw("]")
        case .userStruct: userStruct(valueType, out, &r)
        case .modifiedContent: modifiedContent(valueType, out, &r)
        case .preferenceList:
            out.raw("PreferenceList(first: ")
            r.chance(40) ? out.raw("nil") : out.raw("Optional(SwiftUI.PreferenceList.Node<SwiftUI.HostPreferencesKey>)")
            out.raw(")")
        case .userString:
            out.raw("Binding<String>(transaction: SwiftUI.Transaction(plist: []), location: SwiftUI.LocationBox<SwiftUI.StoredLocation<Swift.String>>, _value: \\\"")
            out.bytes(r.pick(userTexts)); out.raw("\\\")")
        case .insets:
            out.raw("_SafeAreaInsetsModifier(elements: [SwiftUI.SafeAreaInsets.Element(regions: SwiftUI.SafeAreaRegions(rawValue: 1), insets: SwiftUI.EdgeInsets(top: ")
            decimal(r.below(600), scale: 10, out); out.raw(", leading: 0.0, bottom: "); decimal(r.below(400), scale: 10, out)
            out.raw(", trailing: 0.0))], nextInsets: nil)")
        case .nodeList:
            out.raw("AccessibilityNodeList(nodes: [], version: SwiftUI.DisplayList.Version(value: "); out.int(r.below(900)); out.raw("))")
        }
    }

    private func decimal(_ value: Int, scale: Int, _ out: OutputBuffer) {
        out.int(value / scale)
        out.byte(UInt8(ascii: "."))
        out.int(value % scale)
    }

    private func point(_ out: OutputBuffer, _ r: inout SeededRandom) {
        decimal(r.below(8000), scale: 10, out); out.raw(", ")
        if r.chance(30) { out.raw("20.333333333333332") } else { decimal(r.below(8000), scale: 10, out) }
    }

    private func address(_ out: OutputBuffer, _ r: inout SeededRandom) {
        out.raw("10"); out.hex(r.next() & 0xFF_FFFF_F, width: 7)
    }

    private func scalar(_ out: OutputBuffer, _ r: inout SeededRandom) {
        switch r.below(5) {
        case 0: r.chance(50) ? out.raw("true") : out.raw("false")
        case 1: decimal(r.below(400), scale: 10, out)
        case 2: out.raw("leftToRight")
        case 3: out.raw("Optional(SwiftUI.UserInterfaceSizeClass.compact)")
        default: out.raw("Seeds(structure: 4294967295, viewContent: "); out.int(r.below(100)); out.raw(")")
        }
    }

    private func geometry(_ out: OutputBuffer, _ r: inout SeededRandom) {
        out.raw("ViewGeometry(origin: SwiftUI.ViewOrigin(value: ("); point(out, &r)
        out.raw(")), dimensions: SwiftUI.ViewDimensions(guideComputer: SwiftUI.LayoutComputer(engine: SwiftUI.(unknown context at $")
        address(out, &r); out.raw(").LayoutEngineBox<SwiftUI.(unknown context at $"); address(out, &r)
        out.raw(").StyledTextLayoutEngine>, seed: "); out.int(r.below(20))
        out.raw("), size: SwiftUI.ViewSize(value: ("); point(out, &r); out.raw("), _proposal: (393.0, 759.0))))")
    }

    private func environment(_ out: OutputBuffer, _ r: inout SeededRandom) {
        // Environments are long property lists; most are cut at 1024 characters in real dumps.
        let start = out.position
        let entries = r.chance(6) ? 40 : r.within(1...3)
        out.raw("[")
        for i in 0..<entries {
            if i > 0 { out.raw(", ") }
            out.raw("EnvironmentPropertyKey<"); out.bytes(r.pick(environmentKeys)); out.raw("> = ")
            switch r.below(3) {
            case 0: out.raw("HostingControllerBridges(rawValue: "); out.int(r.below(256)); out.raw(")")
            case 1: out.raw("[SwiftUI.ToolbarPlacement.Role.bottomBar, SwiftUI.ToolbarPlacement.Role.navigationBar]")
            default: out.raw("Optional(SwiftUI.FocusBridge)")
            }
            if out.position - start > ValueWriter.cutLength { break }
        }
        out.raw("]")
        cutIfLong(from: start, out)
    }

    private func displayList(_ out: OutputBuffer, _ r: inout SeededRandom) {
        // Multi-line, with escaped quotes around the text: "\n" and "\\\"" in the JSON.
        out.raw("((display-list\\n  (item #:identity "); out.int(r.below(300)); out.raw(" #:version "); out.int(r.below(50))
        out.raw("\\n    (frame (0.0 0.0; "); point(out, &r); out.raw("))\\n    (content-seed "); out.int(r.below(50))
        out.raw(")\\n    (text \\\\\\\""); out.bytes(r.pick(userTexts)); out.raw("\\\\\\\" #:size ("); point(out, &r)
        out.raw(")))), SwiftUI.DisplayList.Version(value: "); out.int(r.below(500)); out.raw("))")
    }

    private func text(_ out: OutputBuffer, _ r: inout SeededRandom) {
        out.raw("ResolvedStyledText(storage: Optional(SwiftUI.Text.Storage.anyTextStorage(<LocalizedTextStorage: 0x0000")
        out.hex(0x6000_0000_0000 | r.next() & 0xFFF_FFFF_FFF0, width: 12); out.raw(">: \\\\\\\"")
        out.bytes(r.pick(userTexts)); out.raw("\\\\\\\")), modifiers: [])")
    }

    private func userStruct(_ valueType: [UInt8], _ out: OutputBuffer, _ r: inout SeededRandom) {
        out.bytes(valueType)
        out.raw("(title: \\\""); out.bytes(r.pick(userTexts)); out.raw("\\\", count: "); out.int(r.below(100))
        out.raw(", _isOn: SwiftUI.State<Swift.Bool>(_value: ")
        r.chance(50) ? out.raw("true") : out.raw("false")
        out.raw(", _location: Optional(SwiftUI.StoredLocation<Swift.Bool>)))")
    }

    private func modifiedContent(_ valueType: [UInt8], _ out: OutputBuffer, _ r: inout SeededRandom) {
        // Body values nest modifiers; a few run past the cut.
        let start = out.position
        out.bytes(valueType)
        out.raw("(content: SwiftUI.")
        let depth = r.chance(3) ? 12 : r.within(0...1)
        for _ in 0..<depth {
            out.raw("ModifiedContent<SwiftUI."); out.bytes(r.pick(views)); out.raw(", SwiftUI.")
            out.bytes(r.pick(modifiers)); out.raw(">(content: SwiftUI.")
        }
        out.bytes(r.pick(views)); out.raw("(model: SwiftUI.(unknown context at $"); address(out, &r); out.raw(").Model)")
        for _ in 0..<depth {
            out.raw(", modifier: SwiftUI."); out.bytes(r.pick(modifiers)); out.raw("(isActive: false))")
        }
        out.raw(")")
        cutIfLong(from: start, out)
    }

    /// These builders write ASCII only, so bytes are characters and the cut lands cleanly.
    private func cutIfLong(from start: Int, _ out: OutputBuffer) {
        if out.position - start > ValueWriter.cutLength {
            out.truncate(to: start + ValueWriter.cutLength)
            out.raw("\u{2026}")
        }
    }
}
