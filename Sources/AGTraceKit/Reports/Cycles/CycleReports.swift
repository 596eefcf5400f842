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
    /// `snapshot` when given.
    static func reports(in db: Database, kind: CycleOwnerKind? = nil, owner: Int64? = nil, snapshot: Int64? = nil) throws -> [CycleReport] {
        var reports: [CycleReport] = []
        let rows = try ReportRegistry.query("cycles-reports").rows(in: db, [
            "kind": kind.map { .text($0.rawValue) } ?? .null, "owner": owner.map { .integer($0) } ?? .null,
        ]).rows
        for row in rows {
            guard let id = row[0].intValue, let kind = row[1].stringValue.flatMap(CycleOwnerKind.init(rawValue:)),
                  let ownerId = row[2].intValue else { continue }
            reports.append(CycleReport(id: id, kind: kind, ownerId: ownerId, owner: row[3].stringValue,
                                       position: row[4].intValue ?? 0, attribute: row[5].intValue, level: row[6].intValue,
                                       form: row[7].stringValue ?? "", complete: row[8].intValue != 0,
                                       dumpSnapshot: row[9].intValue))
        }
        // Frames are read per owner: a trace's reports are named by that trace's types.
        var index: [Int64: Int] = [:]
        for (i, r) in reports.enumerated() { index[r.id] = i }
        // Per owner and naming dump: --snapshot, else the dump the recorder took at the report.
        var owners: [(CycleOwnerKind, Int64, Int64?)] = []
        for r in reports {
            let namer = snapshot ?? r.dumpSnapshot
            if !owners.contains(where: { $0 == (r.kind, r.ownerId, namer) }) { owners.append((r.kind, r.ownerId, namer)) }
        }
        let query = ReportRegistry.query("cycles-frames")
        for (kind, owner, namer) in owners {
            let stmt = try query.prepare(in: db, [
                "kind": .text(kind.rawValue), "owner": .integer(owner),
                "trace": .integer(owner), "snapshot": namer.map { .integer($0) } ?? .null,
            ])
            try stmt.forEachRow { s in
                guard let i = index[s.int64(0)], (snapshot ?? reports[i].dumpSnapshot) == namer else { return }
                var names = CycleFrameNames()
                names.snapshotRule = s.string(9)
                names.snapshotDescription = s.string(10)
                names.snapshotView = s.string(11)
                names.inSnapshot = s.int64(12) != 0
                names.traceRule = s.string(13)
                names.traceView = s.string(14)
                names.recorderName = s.string(15)
                names.digraphLabel = s.string(16)
                // No ordinal: the row names N, the attribute the report was detected through.
                guard let ordinal = s.value(1).intValue else {
                    reports[i].throughNames = names
                    return
                }
                var frame = CycleFrame(ordinal: Int(ordinal), stackIndex: s.value(2).intValue, frameIndex: s.value(3).intValue,
                                       attribute: s.value(4).intValue, count: s.value(5).intValue, inputIndex: s.value(6).intValue,
                                       inputCount: s.value(7).intValue, flags: s.string(8))
                frame.names = names
                reports[i].frames.append(frame)
            }
        }
        return reports
    }
}
