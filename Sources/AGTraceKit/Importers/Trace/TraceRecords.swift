/// One event of a trace (top-level field 1), as the file holds it. Payloads the file leaves
/// out are 0 when the event type defines them (the wire format never writes zeros) and nil when
/// it does not; the timestamp likewise. Plain values only (its text, rare, comes through
/// `TraceSink.eventData`): a million of them are copied between threads as bytes.
public struct TraceEvent: Sendable, Equatable {
    /// Position in the file among events, from 1.
    public var seq: Int
    /// The event type number (`TraceEventTypes`); unknown numbers are kept as they are.
    public var type: Int
    /// Seconds: a fixed64 double (Apple's files) or a varint of whole seconds.
    public var timestamp: Double?
    /// The timestamp was a varint of whole seconds: too coarse to time an evaluation.
    public var wholeSeconds = false
    public var p1: Int64?
    public var p2: Int64?
    public var p3: Int64?
    /// Byte offset of the event's record in the (decompressed) file, for errors found later.
    public var offset = 0
}

/// A type record (top-level field 3): what every node of this type id runs.
public struct TraceTypeRecord: Sendable, Equatable {
    public var typeId: Int64
    /// The body type's name: the rule (`TripBody`, `_External`).
    public var rule: String?
    public var valueType: String?
    public var bodySize: Int64
    public var valueSize: Int64
    public var flags: Int64
}

/// A subgraph record (top-level field 2), written at snapshots: the subgraph and its nodes
/// with their input edges.
public struct TraceSubgraphRecord: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        public var attribute: Int64
        /// nil for an indirect node.
        public var typeId: Int64?
        /// The attributes this node reads.
        public var inputs: [Int64]
        /// An indirect node's source (nil for a node, or when the record leaves it out).
        public var source: Int64? = nil
    }
    public var subgraphId: Int64
    public var contextId: Int64
    public var parents: [Int64]
    public var invalid: Bool
    public var nodes: [Node]
}

/// One frame of an update stack record (top-level field 5), top first.
public struct TraceStackFrame: Sendable, Equatable {
    public var attribute: Int64
    /// The update must compute a value.
    public var pending: Bool
    /// The engine marked the frame cyclic.
    public var cyclic: Bool
}

/// What a trace reader delivers, in file order.
public protocol TraceSink {
    mutating func event(_ e: TraceEvent) throws
    /// Field 9 of event `seq` (a log message, a custom event's name, a named event's data) as
    /// UTF-8 text, delivered just before the event.
    mutating func eventData(seq: Int, _ text: String) throws
    mutating func type(_ t: TraceTypeRecord) throws
    mutating func subgraph(_ s: TraceSubgraphRecord) throws
    /// A LogMessage (seq) saying `cycle detected through attribute: N`, delivered just before
    /// the event (after its text).
    mutating func cycle(seq: Int, attribute: Int64) throws
    /// An update stack record; `afterSeq`: the last event read before it (the engine writes
    /// the stack of a cycle right after the cycle's LogMessage).
    mutating func updateStack(afterSeq: Int, _ frames: [TraceStackFrame]) throws
}

extension TraceSink {
    public mutating func eventData(seq: Int, _ text: String) throws {}
    public mutating func cycle(seq: Int, attribute: Int64) throws {}
    public mutating func updateStack(afterSeq: Int, _ frames: [TraceStackFrame]) throws {}
}

/// Counts of what a trace held, by top-level record.
public struct TraceSummary: Sendable, Equatable {
    public var events = 0
    public var subgraphRecords = 0
    public var typeRecords = 0
    /// Keys, update stacks, named-event definitions: read past, not stored (update stacks
    /// are delivered, and stored as a cycle's frames when one follows its LogMessage).
    public var otherRecords = 0
    /// Fields of unknown number skipped, at any level.
    public var unknownFields = 0
    /// Events carrying a fixed64 (double) timestamp, and a varint (whole seconds) one.
    public var doubleTimestamps = 0
    public var integerTimestamps = 0
    /// An EndTrace event was read after the last BeginTrace (without one the file was cut between
    /// records: the process crashed or was killed while tracing).
    public var ended = false
    /// The seqs of the BeginTrace events: more than one is several traces in one file.
    public var beginTraceSeqs: [Int] = []
    public var firstTimestamp: Double?
    public var lastTimestamp: Double?
    public init() {}
}

/// What each event type's fields mean (docs/formats.md, Traces). The names (`kind`) live in the
/// database (`trace_kinds`); here is only what reading needs.
enum TraceEventTypes {
    /// How many of p1, p2, p3 the type defines (absent ones read as 0).
    static func payloads(_ type: Int) -> Int {
        switch type {
        case 1, 2, 17, 18, 50, 51, 52: return 0
        case 4, 7, 9, 10, 13, 14, 32, 33, 34, 36, 42, 43, 53: return 1
        case 3, 5, 6, 8, 11, 12, 15, 16, 35, 37, 38, 40, 41, 44, 47, 48, 54, 55, 56: return 2
        case 39, 45, 46, 49: return 3
        default: return 0
        }
    }

    /// Whether the type carries a timestamp (absent one reads as 0).
    static func isTimed(_ type: Int) -> Bool {
        (1...18).contains(type) || (50...52).contains(type) || (54...56).contains(type)
    }

    static let beginTrace = 1, endTrace = 2, beginSubgraphUpdate = 3, beginNodeUpdate = 5
    static let beginValueUpdate = 7, endValueUpdate = 8, beginGraphUpdate = 9
    static let beginInvalidation = 11
    static let subgraphCreated = 35, subgraphInvalidate = 36, subgraphAddChild = 37, subgraphDestroy = 53
    static let nodeAdded = 39, nodeSetDirty = 40, nodeSetValue = 42, indirectNodeAdded = 44, indirectNodeSetSource = 45
    static let addEdge = 47, removeEdge = 48
    static let logMessage = 51

    /// The begin events that start an update: a write's dirty marks end at the next one.
    static func beginsUpdate(_ type: Int) -> Bool {
        type == beginSubgraphUpdate || type == beginNodeUpdate || type == beginValueUpdate || type == beginGraphUpdate
    }
}
