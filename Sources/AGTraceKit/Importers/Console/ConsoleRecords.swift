/// What the console reader makes of a log: cycle reports, body runs, warnings. Plain values;
/// the store turns them into rows of migration 13's tables.

/// One AttributeGraph cycle report (`cycles`), its frames and its digraph's labels.
public struct ConsoleCycle: Equatable, Sendable {
    /// The line number (from 1) of the line that reported it.
    public var position: Int
    public var attribute: Int64?
    /// `AG_PRINT_CYCLES` level its lines show: 1 header only, 2 frames, 3 a digraph.
    public var level: Int
    /// `header`, `trap` or `os_log`.
    public var form: String
    public var complete = true
    public var frames: [ConsoleFrame] = []
    /// The digraph's node labels: (attribute, text after `N: `).
    public var labels: [ConsoleLabel] = []
}

extension ConsoleCycle {
    /// What `CycleWriter` stores of it (the labels are stored beside, by `ConsoleStore`).
    var record: CycleRecord {
        CycleRecord(position: position, attribute: attribute, level: level, form: form, complete: complete,
                    frames: frames.map {
                        CycleRecord.Frame(stackIndex: $0.stackIndex, frameIndex: $0.frameIndex, attribute: $0.attribute, count: $0.count,
                                          inputIndex: $0.inputIndex, inputCount: $0.inputCount, flags: $0.flags)
                    })
    }
}

public struct ConsoleLabel: Equatable, Sendable {
    public var attribute: Int64
    public var label: String
}

/// `frame S.F: attribute N; count=C, index=I/K FLAGS`; nil for what a cut line left out.
public struct ConsoleFrame: Equatable, Sendable {
    public var stackIndex: Int64?
    public var frameIndex: Int64?
    public var attribute: Int64?
    public var count: Int64?
    public var inputIndex: Int64?
    public var inputCount: Int64?
    /// As printed (`PD`, `` when none); nil when the line ended before them.
    public var flags: String?
    /// The line stopped before its end (`index` with no numbers).
    public var cut = false
}

/// A `_printChanges` line (`body_changes`): one body run of `view`.
public struct BodyChange: Equatable, Sendable {
    public var position: Int
    public var view: String
    public var unchanged: Bool
    public var tokens: [BodyChangeToken]
}

public struct BodyChangeToken: Equatable, Sendable {
    /// `self`, `identity`, `dependencies`, `property`, `keypath`, `offset`.
    public var kind: String
    /// As printed.
    public var name: String
}

/// A SwiftUI or AttributeGraph warning (`console_warnings`).
public struct ConsoleWarning: Equatable, Sendable {
    public var position: Int
    /// `modifying-state-during-update`, `publishing-during-update`, `attribute-without-subgraph`, `cycle-trap`.
    public var code: String
    public var subject: String?
    public var message: String
}

/// Receives a console's records in line order (a cycle once its block is over).
public protocol ConsoleSink {
    mutating func cycle(_ cycle: ConsoleCycle) throws
    mutating func bodyChange(_ change: BodyChange) throws
    mutating func warning(_ warning: ConsoleWarning) throws
}

/// Keeps every record (tests, the fuzz targets, the sniffer).
public struct ConsoleCollector: ConsoleSink {
    public var cycles: [ConsoleCycle] = []
    public var bodyChanges: [BodyChange] = []
    public var warnings: [ConsoleWarning] = []
    public init() {}
    public mutating func cycle(_ cycle: ConsoleCycle) throws { cycles.append(cycle) }
    public mutating func bodyChange(_ change: BodyChange) throws { bodyChanges.append(change) }
    public mutating func warning(_ warning: ConsoleWarning) throws { warnings.append(warning) }
}
