import Foundation

/// Where a cycle report came from: the stored kind that owns its `cycles` row.
public enum CycleOwnerKind: String, Sendable, CaseIterable {
    case console, trace, run
}

/// The names the sources give one frame's attribute, as `cycles-frames.sql` reads them; which
/// one wins is `CycleNaming`'s choice.
public struct CycleFrameNames: Equatable, Sendable {
    /// The dump given with `--snapshot`: whether it has a node of that id at all, and its rule,
    /// description and view.
    public var inSnapshot = false
    public var snapshotRule, snapshotDescription, snapshotView: String?
    /// The trace's own types (reports of kind 'trace').
    public var traceRule, traceView: String?
    /// The recorder's `stack/text` body type (`cycle_frames.name`).
    public var recorderName: String?
    /// The console's digraph label (`cycle_labels`, cut at 40 characters by the engine).
    public var digraphLabel: String?

    public init() {}
}

/// One frame of a report's evaluation stack, as stored (ordinal 0 is the top).
public struct CycleFrame: Equatable, Sendable {
    public var ordinal: Int
    public var stackIndex, frameIndex: Int64?
    public var attribute: Int64?
    public var count, inputIndex, inputCount: Int64?
    public var flags: String?
    public var names = CycleFrameNames()

    /// `S.F` as the console prints it, or nil when the source has no stack index.
    public var position: String? {
        guard let stackIndex, let frameIndex else { return nil }
        return "\(stackIndex).\(frameIndex)"
    }

    /// `I/K`, or nil when not given; a cut line may give I without K.
    public var index: String? {
        guard let inputIndex else { return nil }
        return "\(inputIndex)/" + (inputCount.map(String.init) ?? "?")
    }
}

/// One cycle report (a `cycles` row) with its frames.
public struct CycleReport: Equatable, Sendable {
    public var id: Int64
    public var kind: CycleOwnerKind
    public var ownerId: Int64
    /// The owner's label; nil when its row is gone.
    public var owner: String?
    public var position: Int64
    /// N, the attribute the cycle was detected through (nil when the report does not say).
    public var attribute: Int64?
    public var level: Int64?
    public var form: String
    public var complete: Bool
    /// The snapshot of the dump `record --cycles` took at this report, when it was imported
    /// (`snapshots.source` is the path the recorder wrote): it names the frames when no
    /// `--snapshot` is given.
    public var dumpSnapshot: Int64?
    public var frames: [CycleFrame] = []
    /// The names the sources give N itself (what a report with a header only can be named by).
    public var throughNames = CycleFrameNames()
}

/// Reads the stored reports: rows of `cycles-reports.sql` and `cycles-frames.sql`, nothing else.
enum CycleRecords {
    /// The reports of one owner (`kind` and `owner`), of one kind, or all; frames named from
    /// `snapshot` when given. Every report with its frames: for few reports (tests).
    static func reports(in db: Database, kind: CycleOwnerKind? = nil, owner: Int64? = nil, snapshot: Int64? = nil) throws -> [CycleReport] {
        var reports: [CycleReport] = []
        for (kind, owner) in try owners(in: db, kind: kind, owner: owner) {
            try forEachReport(in: db, kind: kind, owner: owner, snapshot: snapshot) { reports.append($0) }
        }
        return reports
    }

    /// The owners holding reports (of one kind, or one owner, when given), in the order their
    /// reports are listed.
    static func owners(in db: Database, kind: CycleOwnerKind? = nil, owner: Int64? = nil) throws -> [(CycleOwnerKind, Int64)] {
        var owners: [(CycleOwnerKind, Int64)] = []
        let rows = try ReportRegistry.query("cycles-owners").prepare(in: db, [
            "kind": kind.map { .text($0.rawValue) } ?? .null, "owner": owner.map { .integer($0) } ?? .null,
        ])
        try rows.forEachRow { r in
            if let k = r.string(0).flatMap(CycleOwnerKind.init(rawValue:)) { owners.append((k, r.int64(1))) }
        }
        return owners
    }

    /// Calls `body` with each report of one owner, in id order, with its frames; only the
    /// owner's reports (without frames) and one report's frames are held at a time.
    static func forEachReport(in db: Database, kind: CycleOwnerKind, owner: Int64, snapshot: Int64?,
                              _ body: (CycleReport) throws -> Void) throws {
        var reports: [CycleReport] = []
        let rows = try ReportRegistry.query("cycles-reports").prepare(in: db, ["kind": .text(kind.rawValue), "owner": .integer(owner)])
        try rows.forEachRow { row in
            guard !row.isNull(0), let kind = row.string(1).flatMap(CycleOwnerKind.init(rawValue:)), !row.isNull(2) else { return }
            reports.append(CycleReport(id: row.int64(0), kind: kind, ownerId: row.int64(2), owner: row.string(3),
                                       position: row.isNull(4) ? 0 : row.int64(4), attribute: row.isNull(5) ? nil : row.int64(5),
                                       level: row.isNull(6) ? nil : row.int64(6), form: row.string(7) ?? "",
                                       complete: row.isNull(8) || row.int64(8) != 0, dumpSnapshot: row.isNull(9) ? nil : row.int64(9)))
        }
        reports.sort { $0.id < $1.id }
        // Frames are read per naming dump: --snapshot, else the dump the recorder took at the
        // report. One dump for all (the usual): the frames stream beside the reports, both in
        // report order. Several (a recorded run with its dumps): each dump's frames are read
        // in turn into the reports they name.
        var namers: [Int64?] = []
        for r in reports where !namers.contains(snapshot ?? r.dumpSnapshot) { namers.append(snapshot ?? r.dumpSnapshot) }
        let query = ReportRegistry.query("cycles-frames")
        func frames(_ namer: Int64?) throws -> Statement {
            try query.prepare(in: db, ["kind": .text(kind.rawValue), "owner": .integer(owner),
                                       "trace": .integer(owner), "snapshot": namer.map { .integer($0) } ?? .null])
        }
        if namers.count > 1 {
            var index: [Int64: Int] = [:]
            for (i, r) in reports.enumerated() { index[r.id] = i }
            for namer in namers {
                let stmt = try frames(namer)
                try stmt.forEachRow { s in
                    guard let i = index[s.int64(0)], (snapshot ?? reports[i].dumpSnapshot) == namer else { return }
                    add(s, to: &reports[i])
                }
            }
            for r in reports { try body(r) }
            return
        }
        let stmt = try frames(namers.first ?? nil)
        var pending = try stmt.step()
        for var report in reports {
            // Rows of reports not listed (none: both read the owner's) are passed over.
            while pending && stmt.int64(0) < report.id { pending = try stmt.step() }
            while pending && stmt.int64(0) == report.id {
                add(stmt, to: &report)
                pending = try stmt.step()
            }
            try body(report)
        }
    }

    /// One row of `cycles-frames.sql`: a frame of the report, or (no ordinal) the names of N.
    private static func add(_ s: Statement, to report: inout CycleReport) {
        var names = CycleFrameNames()
        names.snapshotRule = s.string(9)
        names.snapshotDescription = s.string(10)
        names.snapshotView = s.string(11)
        names.inSnapshot = s.int64(12) != 0
        names.traceRule = s.string(13)
        names.traceView = s.string(14)
        names.recorderName = s.string(15)
        names.digraphLabel = s.string(16)
        guard let ordinal = s.value(1).intValue else {
            report.throughNames = names
            return
        }
        var frame = CycleFrame(ordinal: Int(ordinal), stackIndex: s.value(2).intValue, frameIndex: s.value(3).intValue,
                               attribute: s.value(4).intValue, count: s.value(5).intValue, inputIndex: s.value(6).intValue,
                               inputCount: s.value(7).intValue, flags: s.string(8))
        frame.names = names
        report.frames.append(frame)
    }
}
