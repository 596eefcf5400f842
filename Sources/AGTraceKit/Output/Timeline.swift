/// What happened, in order, on a time axis, held in memory: a hand-made timeline (tests), and
/// the clock, slice and instant types a `TimelineSpool` (what `RunTimeline` and `TraceSlices`
/// build, held on disk) takes. Written by `PerfettoExport` through a spool.
public struct Timeline: Sendable {
    /// What the time axis means.
    public enum Clock: String, Sendable {
        /// A transcript has no clock: one microsecond per breakpoint hit, in hit order.
        case hitOrder = "hit order"
        /// The engine's own timestamps (traces).
        case engine
        /// A trace without a clock (all timestamps equal): one microsecond per event, in file order.
        case eventOrder = "event order"
        /// A run recorded by `agtrace record`: the debugger's monotonic clock at each hit.
        case recorder = "lldb recorder"
        /// An Instruments recording's own nanoseconds (`xctrace export`).
        case instruments = "Instruments"
    }

    public struct Slice: Sendable {
        public var name: String
        /// `update` or `write`.
        public var category: String
        public var thread: Int
        /// Microseconds from the start of the timeline.
        public var start: Double
        public var duration: Double
        public var args: [(String, SQLValue)]
        /// Flow ids this slice starts (arrows out) and ends (arrows in).
        public var flowsOut: [Int] = []
        public var flowsIn: [Int] = []
    }

    /// An instant (`ph: "i"`): a write's invalidation, a value change.
    public struct Instant: Sendable {
        public var name: String
        public var category: String
        public var thread: Int
        public var time: Double
        public var args: [(String, SQLValue)]
    }

    /// The process name (the run's or trace's label and what the clock is).
    public var process: String
    public var clock: Clock
    /// Thread names by the thread ids the slices use.
    public var threads: [Int: String] = [:]
    public var slices: [Slice] = []
    public var instants: [Instant] = []
    /// Number of flow arrows (ids 1...flowCount are used).
    public var flowCount = 0

    public init(process: String, clock: Clock) {
        self.process = process
        self.clock = clock
    }

    /// Draws an arrow from slice `from` to slice `to` (indices into `slices`).
    public mutating func addFlow(from: Int, to: Int) {
        flowCount += 1
        slices[from].flowsOut.append(flowCount)
        slices[to].flowsIn.append(flowCount)
    }

    /// The same timeline in a spool (what `PerfettoExport` writes).
    func spool() throws -> TimelineSpool {
        let spool = try TimelineSpool(process: process, clock: clock)
        spool.threads = threads
        var ends = [(from: Int, to: Int)](repeating: (-1, -1), count: flowCount)
        for (k, slice) in slices.enumerated() {
            try spool.addSlice(slice, seq: nil)
            for id in slice.flowsOut { ends[id - 1].from = k }
            for id in slice.flowsIn { ends[id - 1].to = k }
        }
        for instant in instants { try spool.addInstant(instant) }
        for end in ends { try spool.addFlow(fromIndex: end.from, toIndex: end.to) }
        return spool
    }

    /// A slice's display name: the view where one is known, else the rule, else `update <attribute>`.
    public static func name(attribute: Int64?, rule: String?, view: String?) -> String {
        if let view, !view.isEmpty { return view }
        if let rule, !rule.isEmpty { return rule }
        return "update \(attribute.map(String.init) ?? "(attribute not read)")"
    }
}
