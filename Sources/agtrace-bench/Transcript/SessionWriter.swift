/// Writes one lldb session in one shape: the header with breakpoint definitions, each hit as
/// lldb prints it, program output, and the exit. Formats follow the real transcripts.
final class SessionWriter {
    let shape: TranscriptShape
    let flavor: Flavor
    private let out: OutputBuffer
    private var random: SeededRandom
    private let pid: Int
    private let this: UInt64
    private let kinds: [HitKind]
    private var resumePending = false
    private var launchedAtEnd = false
    private var listings = false
    /// Expression result style: "(unsigned int) 792", "(unsigned int) $3 = 792", "(uint32_t) 792".
    private var resultStyle = 0
    private var resultNumber = 0
    private var hexLog = false

    init(shape: TranscriptShape, flavor: Flavor, out: OutputBuffer, seed: UInt64, session: Int) {
        self.shape = shape
        self.flavor = flavor
        self.out = out
        random = SeededRandom(keys: seed, UInt64(session), 0x5E)
        pid = 1000 + random.below(9000)
        this = 0x0000_5555_5565_0000 | (random.next() & 0xFFF0)
        // The interactive real transcript breaks on three functions, not add_input.
        kinds = shape == .interactive ? [.invalidate, .propagateDirty, .update] : HitKind.allCases.sorted { Flavor.breakpointNumber($0) < Flavor.breakpointNumber($1) }
        resultStyle = random.below(3)
        listings = random.chance(30)
        hexLog = random.chance(40)
        launchedAtEnd = random.chance(50)
    }

    /// Whether this session records hits of `kind` at all.
    func records(_ kind: HitKind) -> Bool { kinds.contains(kind) }

    private func line(_ text: String) throws {
        try out.string(text)
        out.byte(10)
        try out.flushIfNeeded()
    }

    private func hex(_ value: UInt64, _ width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private func commands(_ kind: HitKind) -> [String] {
        let registers = flavor.registers(kind)
        switch shape {
        case .frameInfo: return kind == .invalidate ? ["frame info", "register read \(registers[0])"] : ["frame info"]
        case .btRegisters: return ["bt 1"] + registers.map { "register read \($0)" }
        case .expressions:
            // Each breakpoint's first command differs, so the echo tells which one stopped.
            switch kind {
            case .invalidate: return ["p/d $\(registers[0])"]
            case .propagateDirty: return ["p/u $\(registers[0])"]
            case .update: return ["p/d $\(registers[0])"]
            case .addInput: return registers.map { "p/x $\($0)" }
            }
        default: return []
        }
    }

    func header() throws {
        guard shape != .logLines else { return }
        let exe = executable
        try line("(lldb) target create \"\(exe)\"")
        try line("Current executable set to '\(exe)' (\(flavor.arm64 ? "arm64" : "x86_64")).")
        if random.chance(50) {
            try line("(lldb) command source -s 0 'bp\(random.within(1...9)).lldb'")
            try line("Executing commands in '/Users/me/Developer/AGDriver/bp.lldb'.")
        }
        if shape == .interactive {
            try line("(lldb) settings set stop-line-count-before \(listings ? 3 : 0)")
            try line("(lldb) settings set stop-line-count-after \(listings ? 1 : 0)")
        }
        for kind in kinds {
            var command = "(lldb) breakpoint set -n \(flavor.symbol(kind))"
            let cs = commands(kind)
            if !cs.isEmpty { command += " -G true" + cs.map { " -C \"\($0)\"" }.joined() }
            try line(command)
            try line("Breakpoint \(Flavor.breakpointNumber(kind)): where = \(whereText(kind)), address = 0x\(hex((flavor.arm64 ? 0x1_c0a4_0000 : 0x4_0000) + random.next() & 0x3FFF0, 16))")
        }
        try line("(lldb) run")
        if !launchedAtEnd || shape == .interactive { try launched() }
    }

    /// The debugged program: the driver built with SwiftPM, or an app using Apple's framework.
    private var executable: String {
        flavor.arm64 ? "/Users/me/Library/Developer/Xcode/DerivedData/Trips/Build/Products/Debug/Trips.app/Contents/MacOS/Trips"
                     : "/Users/me/Developer/AGDriver/.build/debug/\(flavor.module)"
    }

    private func launched() throws {
        try line("Process \(pid) launched: '\(executable)' (\(flavor.arm64 ? "arm64" : "x86_64"))")
    }

    private func whereText(_ kind: HitKind) -> String {
        let loc = flavor.location(kind)
        if flavor.debugInfo {
            let name = kind == .invalidate ? "::\(flavor.prefix)GraphInvalidateValue(\(flavor.prefix)Attribute)" : flavor.signature(kind)
            return "\(flavor.module)`\(name) + \(loc.offset) at \(loc.file):\(loc.line):\(loc.column)"
        }
        return "\(flavor.module)`\(flavor.signature(kind)) + \(loc.offset)"
    }

    /// The frame as lldb prints it: with argument values when there is debug info.
    private func frame(_ hit: Hit) -> String {
        let address = 0x0000_5555_555a_0000 as UInt64 + UInt64(Flavor.breakpointNumber(hit.kind)) * 0x4000 + 0x90
        let loc = flavor.location(hit.kind)
        let p = flavor.prefix
        if flavor.debugInfo {
            let thisText = "this=0x\(hex(this, 16))"
            let call: String
            switch hit.kind {
            case .invalidate: call = "\(p)GraphInvalidateValue(attribute=\(hit.attribute))"
            case .propagateDirty: call = "\(p)::Graph::propagate_dirty(\(thisText), attribute=(_value = \(hit.attribute)))"
            case .update: call = "\(p)::Graph::update_attribute(\(thisText), node=(_offset = \(hit.attribute)), options=0)"
            case .addInput:
                call = "\(p)::Graph::add_input(\(thisText), node=(_offset = \(hit.attribute)), input=(_value = \(hit.input)), allow_nil=false, options='\\0')"
            }
            return "frame #0: 0x\(hex(address, 16)) \(flavor.module)`\(call) at \(loc.file):\(loc.line):\(loc.column)"
        }
        let base: UInt64 = flavor.arm64 ? 0x0000_0001_c0a4_0000 : address
        let suffix = flavor.arm64 ? " + \(loc.offset)" : ""
        return "frame #0: 0x\(hex(base + UInt64(Flavor.breakpointNumber(hit.kind)) * 0x1000, 16)) \(flavor.module)`\(flavor.signature(hit.kind))\(suffix)"
    }

    private func registerLines(_ hit: Hit) throws {
        let registers = flavor.registers(hit.kind)
        let values = hit.kind == .addInput ? [hit.attribute, hit.input] : [hit.attribute]
        for (register, value) in zip(registers, values) {
            try line("(lldb)  register read \(register)")
            let pad = String(repeating: " ", count: max(1, 8 - register.count))
            try line("\(pad)\(register) = 0x\(hex(UInt64(value), 8))")
        }
    }

    func hit(_ hit: Hit) throws {
        switch shape {
        case .frameInfo:
            try line("(lldb)  frame info")
            try line(frame(hit))
            if hit.kind == .invalidate { try registerLines(hit) }
        case .interactive:
            if resumePending { try line("Process \(pid) resuming") }
            try line("Process \(pid) stopped")
            try line("* thread #1, \(flavor.threadName), stop reason = breakpoint \(Flavor.breakpointNumber(hit.kind)).1")
            try line("    " + frame(hit))
            if listings { try sourceListing(hit.kind) }
            try line("Target 0: (\(flavor.module)) stopped.")
            try line("(lldb) continue")
            resumePending = true
        case .btRegisters:
            try line("(lldb)  bt 1")
            try line("* thread #1, \(flavor.threadName), stop reason = breakpoint \(Flavor.breakpointNumber(hit.kind)).1")
            try line((flavor.arm64 ? "  * " : "    ") + frame(hit))
            try registerLines(hit)
        case .expressions:
            let values = hit.kind == .addInput ? [hit.attribute, hit.input] : [hit.attribute]
            for (command, value) in zip(commands(hit.kind), values) {
                try line("(lldb)  \(command)")
                let text = command.hasPrefix("p/x") ? "0x\(hex(UInt64(value), 8))" : "\(value)"
                switch resultStyle {
                case 0: try line("(unsigned int) \(text)")
                case 1: try line("(unsigned int) $\(resultNumber) = \(text)"); resultNumber += 1
                default: try line("(uint32_t) \(text)")
                }
            }
        case .logLines, .mixed:
            let value = { (v: UInt32) in self.hexLog ? "0x" + String(v, radix: 16) : "\(v)" }
            let symbol = hit.kind == .invalidate ? "AGGraphInvalidateValue" : "AG::Graph::\(flavor.symbol(hit.kind).split(separator: ":").last!)"
            if hit.kind == .addInput {
                try line("\(symbol) \(value(hit.attribute)) \(value(hit.input))")
            } else {
                try line("\(symbol) \(value(hit.attribute))")
            }
        }
    }

    private func sourceListing(_ kind: HitKind) throws {
        let at = flavor.location(kind).line
        let text = ["    }", "", "void Graph::\(kind.label)(data::ptr<Node> node, uint32_t options) {",
                    "    if (!(options & 1) && _needs_update) {", "        needs_update();"]
        for (i, t) in text.enumerated() {
            let number = at - 3 + i
            try line((number == at ? "-> " : "   ") + "\(number)\t\(t)")
        }
    }

    /// A line the program printed (or the system logged) between hits.
    func programOutput(_ text: String) throws {
        try line(text)
        if random.chance(1) {
            try line("2024-05-01 10:22:\(10 + random.below(50)).\(100_000 + random.below(900_000))+0200 \(flavor.module)[\(pid):\(random.within(100_000...999_999))] [SwiftUI] Modifying state during view update, this will cause undefined behavior.")
        }
    }

    func footer() throws {
        guard shape != .logLines else { return }
        if shape == .interactive {
            if resumePending { try line("Process \(pid) resuming") }
        }
        if launchedAtEnd && shape != .interactive { try launched() }
        try line("Process \(pid) exited with status = 0 (0x00000000)")
        if shape == .interactive {
            try line("(lldb) continue")
            try line("error: Process must be launched.")
        }
    }
}
