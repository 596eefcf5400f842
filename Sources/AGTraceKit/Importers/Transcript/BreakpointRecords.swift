/// What one breakpoint hit is about, in the words of the domain page.
public enum EventKind: String, CaseIterable, Sendable {
    case invalidate
    case propagateDirty = "propagate_dirty"
    case update
    case addInput = "add_input"
    case addOutput = "add_output"
    case read
    case current
    case create
    case stateWrite = "state_write"
    case transaction
    case call
}

/// One frame of a `bt N` backtrace printed at a hit.
public struct BacktraceFrame: Hashable, Sendable {
    public var depth: Int
    public var module: String?
    public var symbol: String
    public var address: UInt64?
}

/// One breakpoint hit, as the transcript reader recognised it.
public struct BreakpointEvent: Equatable, Sendable {
    /// 1-based order of the hit in its transcript.
    public var seq: Int
    /// 1-based line of the transcript where the hit starts.
    public var line: Int
    public var kind: EventKind
    /// The function, as printed (engine prefix kept), e.g. `IAG::Graph::update_attribute`.
    public var symbol: String
    /// `N.M` from `stop reason = breakpoint N.M`, or `N` when only the breakpoint is known.
    public var breakpoint: String?
    public var thread: Int?
    /// The node the hit is about (for `add_input`, the reader); nil when it could not be read.
    public var attribute: UInt32?
    /// The input of an `add_input` (or the output of an `add_output`).
    public var inputAttribute: UInt32?
    public var frames: [BacktraceFrame] = []
    /// When the hit happened, in ns of the recorder's monotonic clock (`agtrace record` files
    /// only; nil for the other shapes, which carry no time).
    public var timeNs: Int64?
}

/// Receives events in order; the store implements it, tests collect into an array.
public protocol TranscriptSink {
    mutating func event(_ event: BreakpointEvent) throws
}

/// The counts `agtrace import` prints for a transcript.
public struct TranscriptSummary: Equatable, Sendable {
    public var events = 0
    /// Lines that were neither part of a hit nor a breakpoint definition: program output,
    /// `Process … resuming`, listings, warnings.
    public var skippedLines = 0
    /// Recognised hits whose attribute argument could not be read (kept with a nil attribute).
    public var incompleteHits = 0
    /// Skipped lines that came where a hit's command output was due (after `register read`,
    /// `p`, `bt`, `frame info` … and before its output): text lldb printed that could not be
    /// read (glued to program output, garbled). Counted in `skippedLines` too.
    public var unreadableInHits = 0
    /// The numbers of the first of those lines (at most 20).
    public var unreadableLines: [Int] = []
    public init(events: Int = 0, skippedLines: Int = 0, incompleteHits: Int = 0, unreadableInHits: Int = 0, unreadableLines: [Int] = []) {
        self.events = events
        self.skippedLines = skippedLines
        self.incompleteHits = incompleteHits
        self.unreadableInHits = unreadableInHits
        self.unreadableLines = unreadableLines
    }
}
