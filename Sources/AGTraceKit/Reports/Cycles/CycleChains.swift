import Foundation

/// Whether a chain's stack shows the loop (ag-cycles.md, "The cycle").
public enum CycleLoop: String, Sendable {
    /// A frame's attribute is N: the loop runs from the outermost such frame up to the top
    /// frame, closed by the top frame's read of N.
    case closed
    /// No printed frame is N: the stack was cut, or N is frame 0.0 below the printed ones. No
    /// loop is drawn from what is not there.
    case open
    /// A header only (`AG_PRINT_CYCLES=1`, a trap line): nothing but N is known.
    case noFrames = "no frames"
}

/// The reports of one owner that show the same stack (the same N and the same frames'
/// attributes, top first): one cycle, reported `reports.count` times. Header-only reports
/// group by N alone.
///
/// What is asked of every frame (whether it is in the loop, what it was reading) is worked out
/// once, when the chain is made: asking it of each of N frames costs N, not N² (a stack of
/// 80,000 frames is a stack like any other).
public struct CycleChain: Sendable {
    /// 1, 2…: in the order their first reports came.
    public var number: Int
    /// The first report: its frames (flags, counts) stand for the chain's. The others are
    /// counted, not kept (a loop reports the same stack thousands of times).
    public let first: CycleReport
    /// How many reports the chain holds, the first one counted.
    public let reportCount: Int
    /// The ordinal of the outermost frame whose attribute is N (nil: open, or no frames).
    public let loopStart: Int?
    /// Each frame's place in `frames`, by ordinal (stored ordinals are 0, 1, 2…: then empty,
    /// and the ordinal is the place).
    private let places: [Int: Int]

    public init(number: Int, reports: [CycleReport]) {
        precondition(!reports.isEmpty, "a chain has at least one report")
        self.init(number: number, first: reports[0], count: reports.count)
    }

    public init(number: Int, first: CycleReport, count: Int) {
        self.number = number
        self.first = first
        reportCount = count
        let frames = first.frames
        let n = first.attribute
        loopStart = n.flatMap { n in frames.last(where: { $0.attribute == n })?.ordinal }
        var places: [Int: Int] = [:]
        if !frames.indices.allSatisfy({ frames[$0].ordinal == $0 }) {
            for (i, frame) in frames.enumerated() where places[frame.ordinal] == nil { places[frame.ordinal] = i }
        }
        self.places = places
    }

    public var attribute: Int64? { first.attribute }
    public var frames: [CycleFrame] { first.frames }

    public var loop: CycleLoop {
        if frames.isEmpty { return .noFrames }
        return loopStart == nil ? .open : .closed
    }

    /// Whether a frame is part of the loop: nil when the chain is open (unknown).
    public func inLoop(_ frame: CycleFrame) -> Bool? {
        guard let start = loopStart, !frames.isEmpty else { return nil }
        return frame.ordinal <= start
    }

    /// The attribute a frame was reading when the frame above it was pushed: the frame above
    /// (the top frame was reading N, which closed the cycle). Frames are stored top first.
    public func reads(_ frame: CycleFrame) -> Int64? {
        guard let i = place(of: frame.ordinal) else { return nil }
        return i == 0 ? attribute : frames[i - 1].attribute
    }

    /// Where the frame of this ordinal is in `frames`, or nil.
    private func place(of ordinal: Int) -> Int? {
        if places.isEmpty { return frames.indices.contains(ordinal) ? ordinal : nil }
        return places[ordinal]
    }

    /// The frames a picture or a gate names: the loop's when it is closed, else every frame.
    public var loopFrames: [CycleFrame] {
        guard let start = loopStart else { return frames }
        return frames.filter { $0.ordinal <= start }
    }

    /// The views naming the chain's frames (the loop's when closed), distinct, top first; for
    /// a header only, N's.
    public var views: [String] {
        if frames.isEmpty { return CycleNaming.name(first.throughNames).view.map { [$0] } ?? [] }
        var seen: Set<String> = []
        var views: [String] = []
        for frame in loopFrames {
            if let view = CycleNaming.name(frame.names).view, seen.insert(view).inserted { views.append(view) }
        }
        return views
    }
}

public enum CycleChains {
    private struct Key: Hashable {
        var kind: CycleOwnerKind
        var owner: Int64
        var attribute: Int64?
        var frames: [Int64?]

        init(_ report: CycleReport) {
            kind = report.kind
            owner = report.ownerId
            attribute = report.attribute
            frames = report.frames.map(\.attribute)
        }
    }

    /// The reports grouped, per owner, by their stacks; chains in the order they first came.
    public static func group(_ reports: [CycleReport]) -> [CycleChain] {
        var grouping = Grouping()
        for report in reports.sorted(by: { $0.id < $1.id }) { grouping.add(report) }
        return grouping.chains
    }

    /// The chains of the reports of `owners` (kind and id), read one report at a time: what is
    /// held is each chain's first report, whatever the number of repeats.
    static func read(in db: Database, owners: [(CycleOwnerKind, Int64)], snapshot: Int64?) throws -> [CycleChain] {
        var grouping = Grouping()
        for (kind, owner) in owners {
            try CycleRecords.forEachReport(in: db, kind: kind, owner: owner, snapshot: snapshot) { grouping.add($0) }
        }
        return grouping.chains
    }

    private struct Grouping {
        var found: [(first: CycleReport, count: Int)] = []
        var index: [Key: Int] = [:]

        mutating func add(_ report: CycleReport) {
            let key = Key(report)
            if let i = index[key] {
                found[i].count += 1
            } else {
                index[key] = found.count
                found.append((report, 1))
            }
        }

        /// In the order of their first reports.
        var chains: [CycleChain] {
            found.sorted { $0.first.id < $1.first.id }.enumerated().map {
                CycleChain(number: $0.offset + 1, first: $0.element.first, count: $0.element.count)
            }
        }
    }
}
