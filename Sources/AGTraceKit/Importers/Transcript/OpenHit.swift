/// The evidence gathered for the hit being read, until the next hit starts. Nothing is
/// decided here: `HitResolution` turns the evidence into an event when the hit closes.
struct OpenHit {
    /// 1-based transcript line where the hit starts.
    var line: Int
    /// Breakpoints that could have produced the hit; nil when nothing narrowed it yet.
    var candidates: [Int]?
    /// The candidates are breakpoints whose commands are not in the transcript.
    var viaHiddenCommands = false
    /// The hit's first echoed command was not the first of any list: its commands are a tail.
    var partialStart = false
    /// From the stop header; nil until one joins the hit.
    var location: BreakpointLocation?
    var thread: Int?
    /// The header was the stop display (lldb waits for typed commands), not command output:
    /// every command until the next resume is the user's, never a new hit's.
    var interactiveStop = false
    var frame0: FrameLine?
    /// (The hit's frames are kept by the parser, in one buffer reused from hit to hit.)
    /// Argument values read from registers and expressions, by argument index. The first
    /// readable value wins; an argument printed but unreadable is shown with a nil value.
    var registerArguments = RegisterArguments()
    /// Values printed by parameter name (`frame variable node`, `p input`): the engine's
    /// parameter names say which is the attribute and which the input.
    var namedAttribute: UInt64?
    var namedInput: UInt64?
    /// (The echoed commands that matched breakpoint command lists are kept by the parser:
    /// `TranscriptParser.hitCommands`.)

    // What the following output lines mean.
    /// The command whose output is being read.
    var context: OutputContext?
    /// A frame-printing command was echoed and its frame #0 has not come yet.
    var framesPending = false
    /// The previous line was a header that joined this hit: a frame #0 now is its display.
    var afterHeader = false
    /// Thread of the latest header inside command output (`bt all`, `thread list`).
    var outputThread: Int?
    /// A line that no command prints (program output, `Process N stopped`) came since the
    /// last command: a header now is a new stop, not more `bt` output.
    var outputInterrupted = false
    /// A command that prints what the hit needs was echoed and none of its output came yet.
    var awaitingOutput = false
    /// A line where that output was due was named as unreadable (one per command).
    var unreadableNamed = false

    /// Whether a header now is output of the current command (`bt`, `thread list`) rather
    /// than a stop of its own.
    var expectsHeaders: Bool {
        switch context {
        case .threadInfo?: return true
        case .backtrace?: return framesPending || !outputInterrupted
        case .frameInfo?: return framesPending
        default: return false
        }
    }

    static let maxFrames = 512
    static let maxCommands = 64

    init(line: Int) { self.line = line }

    /// Back to a fresh hit starting at `line`.
    mutating func reset(line: Int) {
        self = OpenHit(line: line)
    }

    /// The output that follows is of a command of this kind.
    mutating func inspect(_ output: OutputContext) {
        context = output
        framesPending = output.printsFrames
        awaitingOutput = output != .other
        unreadableNamed = false
        outputInterrupted = false
        outputThread = nil
    }

    mutating func record(argument index: Int, value: UInt64?) {
        registerArguments.record(index, value)
    }

    /// Parameter names of the table's functions (AG, OpenAttributeGraph, Compute spellings).
    private static let attributeParameters: Set<String> = ["node", "attribute", "attr", "attribute_id", "reader"]
    private static let inputParameters: Set<String> = ["input", "output", "input_attribute"]

    mutating func record(parameter name: String, value: UInt64?) {
        guard let value else { return }
        if Self.attributeParameters.contains(name) {
            if namedAttribute == nil { namedAttribute = value }
        } else if Self.inputParameters.contains(name) {
            if namedInput == nil { namedInput = value }
        }
    }

    /// The value of argument `index`: the frame's printed arguments (debug info) first, then
    /// registers and expressions (a register may already be reused after the prologue).
    func argument(_ index: Int) -> UInt64? {
        if let values = frame0?.arguments, index < values.count, let value = values[index] { return value }
        return registerArguments[index]
    }

    /// The attribute (`input == false`) or input argument, at `index` or printed by name.
    func value(at index: Int, input: Bool) -> UInt64? {
        argument(index) ?? (input ? namedInput : namedAttribute)
    }
}

/// Argument registers shown at a hit, by argument index (0…7 on either ABI), kept inline.
struct RegisterArguments {
    static let slots = 8
    private var values: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// Bit `i`: argument `i` was shown; `readable` bit `i`: and its value could be read.
    private(set) var shown: UInt8 = 0
    private var readable: UInt8 = 0

    var isEmpty: Bool { shown == 0 }

    func isShown(_ index: Int) -> Bool { index >= 0 && index < Self.slots && shown & (1 << index) != 0 }

    /// The value of argument `index`, when it was shown and readable.
    subscript(index: Int) -> UInt64? {
        guard index >= 0, index < Self.slots, readable & (1 << index) != 0 else { return nil }
        return withUnsafeBytes(of: values) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
    }

    /// The first readable value wins; an unreadable one only marks the argument shown.
    mutating func record(_ index: Int, _ value: UInt64?) {
        guard index >= 0, index < Self.slots else { return }
        let bit: UInt8 = 1 << index
        shown |= bit
        guard readable & bit == 0, let value else { return }
        readable |= bit
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: index * 8, as: UInt64.self) }
    }
}
