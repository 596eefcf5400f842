/// One rule evaluation: a BeginValueUpdate and its EndValueUpdate (nil end fields when the
/// trace stopped before the end).
struct TraceUpdateRow: Equatable {
    var beginSeq: Int
    var endSeq: Int?
    var attribute: Int64
    var beginTime: Double?
    var endTime: Double?
    var duration: Double?
    /// The duration minus the evaluations nested inside it (nil when either is unknown).
    var selfDuration: Double?
    /// 0 at the top; n inside n evaluations.
    var depth: Int
    var parentAttribute: Int64?
    var changed: Bool?
    /// The write whose dirty marks included this attribute since its previous evaluation.
    var causeSeq: Int?
}

/// One write (BeginGraphInvalidation) and what followed it until the next write.
struct TraceWriteRow: Equatable {
    var seq: Int
    var attribute: Int64
    var context: Int64?
    /// Nodes set dirty from the write's NodeSetValue until the next update begins.
    var marked = 0
    /// Evaluations before the next write.
    var updates = 0
    /// Of those, evaluations of marked nodes.
    var reran = 0
    /// The nodes marked, each with its first NodeSetDirty's seq, in mark order (`trace_marks`).
    var marks: [(attribute: Int64, seq: Int)] = []

    static func == (a: TraceWriteRow, b: TraceWriteRow) -> Bool {
        a.seq == b.seq && a.attribute == b.attribute && a.context == b.context && a.marked == b.marked
            && a.updates == b.updates && a.reran == b.reran && a.marks.elementsEqual(b.marks, by: { $0 == $1 })
    }
}

/// Turns the event stream into evaluations (nested, timed) and writes (with the nodes they
/// marked and the evaluations that followed), in one pass and without looking back: what
/// `trace_updates` and `trace_writes` hold.
struct TraceTimeline {
    private struct Open {
        var beginSeq: Int
        var attribute: Int64
        var beginTime: Double?
        /// A timestamp precise enough to time with (not whole seconds).
        var timed: Bool
        var childTime: Double = 0
        var childUnknown = false
        var causeSeq: Int?
    }

    private struct OpenWrite {
        var row: TraceWriteRow
        var marked: Set<Int64> = []
        var marks: [(attribute: Int64, seq: Int)] = []

        mutating func mark(_ attribute: Int64, seq: Int) {
            if marked.insert(attribute).inserted { marks.append((attribute, seq)) }
        }
        /// Until the next update begins, NodeSetDirty marks belong to this write.
        var marking = true
    }

    private var stack: [Open] = []
    private var lastSetValue: [Int64: Int] = [:]
    /// Dirty marks since the last update began or write (a write claims those after its NodeSetValue).
    private var pendingMarks: [(seq: Int, attribute: Int64)] = []
    private var boundarySeq = 0
    private var write: OpenWrite?
    /// Attributes marked by a write and not evaluated since: the write's seq.
    private var causes: [Int64: Int] = [:]
    /// EndValueUpdates that matched no open evaluation.
    private(set) var unmatchedEnds = 0
    /// Rows finished by the events so far, for the caller to take (and empty): kept here rather
    /// than handed to callbacks, which would cost a closure per event.
    var finishedUpdates: [TraceUpdateRow] = []
    var finishedWrites: [TraceWriteRow] = []

    /// Evaluations open at once beyond any engine's recursion (SwiftUI's deepest are a few
    /// hundred): a trace of begins that never end would otherwise hold one entry per event.
    static let maxOpenEvaluations = 10_000

    /// More than `maxOpenEvaluations` evaluations open at once, at the BeginValueUpdate's record.
    struct TooDeep: Error {
        var offset: Int
        var message: String { "more than \(TraceTimeline.maxOpenEvaluations) rule evaluations open at once (begun and not ended): no engine nests that deep; corrupt or hostile trace" }
    }

    mutating func event(_ e: TraceEvent) throws {
        switch e.type {
        case TraceEventTypes.nodeSetValue:
            if let a = e.p1 { lastSetValue[a] = e.seq }
        case TraceEventTypes.nodeSetDirty:
            guard e.p2 == 1, let a = e.p1 else { break }
            if write?.marking == true {
                write!.mark(a, seq: e.seq)
                causes[a] = write!.row.seq
            } else {
                pendingMarks.append((e.seq, a))
            }
        case TraceEventTypes.beginInvalidation:
            if let previous = write { finishedWrites.append(Self.closed(previous)) }
            let a = e.p1 ?? 0
            var w = OpenWrite(row: TraceWriteRow(seq: e.seq, attribute: a, context: e.p2))
            let start = lastSetValue[a].flatMap { $0 > boundarySeq ? $0 : nil } ?? e.seq
            for m in pendingMarks where m.seq > start {
                w.mark(m.attribute, seq: m.seq)
                causes[m.attribute] = e.seq
            }
            pendingMarks.removeAll(keepingCapacity: true)
            lastSetValue.removeAll(keepingCapacity: true)
            boundarySeq = e.seq
            write = w
        default:
            break
        }
        if TraceEventTypes.beginsUpdate(e.type) {
            write?.marking = false
            pendingMarks.removeAll(keepingCapacity: true)
            boundarySeq = e.seq
        }
        if e.type == TraceEventTypes.beginValueUpdate {
            let a = e.p1 ?? 0
            if write != nil {
                write!.row.updates += 1
                if write!.marked.contains(a) { write!.row.reran += 1 }
            }
            guard stack.count < Self.maxOpenEvaluations else { throw TooDeep(offset: e.offset) }
            stack.append(Open(beginSeq: e.seq, attribute: a, beginTime: e.timestamp, timed: e.timestamp != nil && !e.wholeSeconds, causeSeq: causes.removeValue(forKey: a)))
        } else if e.type == TraceEventTypes.endValueUpdate {
            let a = e.p1 ?? 0
            guard let match = stack.lastIndex(where: { $0.attribute == a }) else {
                unmatchedEnds += 1
                return
            }
            // Evaluations opened inside this one and never ended: unknown ends.
            while stack.count > match + 1 { finishedUpdates.append(pop(endSeq: nil, endTime: nil, timed: false, changed: nil)) }
            finishedUpdates.append(pop(endSeq: e.seq, endTime: e.timestamp, timed: !e.wholeSeconds, changed: e.p2.map { $0 == 1 }))
        }
    }

    /// Evaluations whose duration cannot be: how many, and the first's begin seq and duration.
    struct ImpossibleDurations: Equatable {
        var count = 0
        var firstSeq = 0
        var firstDuration = 0.0
        var firstSelf = false

        /// The import note's words ("… seq 12 ends 0.08 s before it begins").
        var description: String {
            let what: String
            if firstDuration.isNaN {
                what = "has a timestamp that is not a number"
            } else if firstDuration.isInfinite {
                what = "has an infinite \(firstDuration > 0 ? "end" : "begin")"
            } else if firstSelf {
                what = "lasts \(Self.seconds(-firstDuration)) less than the evaluations nested in it"
            } else {
                what = "ends \(Self.seconds(-firstDuration)) before it begins"
            }
            return "\(count) evaluation\(count == 1 ? "" : "s") with an impossible duration (the first, at seq \(firstSeq), \(what))"
        }

        static func seconds(_ s: Double) -> String {
            s >= 1 ? String(format: "%.3g s", s) : s >= 1e-3 ? String(format: "%.3g ms", s * 1e3) : String(format: "%.3g µs", s * 1e6)
        }
    }
    /// A duration below this is no clock's rounding: it cannot be (1 ns).
    static let impossibleBelow = -1e-9
    private(set) var impossible = ImpossibleDurations()

    private mutating func impossible(_ seq: Int, _ value: Double, isSelf: Bool) {
        if impossible.count == 0 { impossible = ImpossibleDurations(count: 0, firstSeq: seq, firstDuration: value, firstSelf: isSelf) }
        impossible.count += 1
    }

    private mutating func pop(endSeq: Int?, endTime: Double?, timed: Bool, changed: Bool?) -> TraceUpdateRow {
        let open = stack.removeLast()
        var duration: Double?
        if open.timed, timed, let b = open.beginTime, let t = endTime { duration = t - b }
        // A duration that cannot be is unknown (NULL), never a smaller total; the trace is
        // doubtful (`impossible`: an import note, and `check` refuses it).
        if let d = duration, !d.isFinite || d < Self.impossibleBelow {
            impossible(open.beginSeq, d, isSelf: false)
            duration = nil
        }
        var selfDuration: Double?
        if let duration, !open.childUnknown { selfDuration = duration - open.childTime }
        if let s = selfDuration, s < Self.impossibleBelow {
            impossible(open.beginSeq, s, isSelf: true)
            selfDuration = nil
        }
        if !stack.isEmpty {
            if let duration { stack[stack.count - 1].childTime += duration } else { stack[stack.count - 1].childUnknown = true }
        }
        return TraceUpdateRow(beginSeq: open.beginSeq, endSeq: endSeq, attribute: open.attribute, beginTime: open.beginTime,
                              endTime: endTime, duration: duration, selfDuration: selfDuration, depth: stack.count,
                              parentAttribute: stack.last?.attribute, changed: changed, causeSeq: open.causeSeq)
    }

    private static func closed(_ w: OpenWrite) -> TraceWriteRow {
        var row = w.row
        row.marked = w.marked.count
        row.marks = w.marks
        return row
    }

    /// Evaluations still open at the end (innermost first), then the last write.
    mutating func finish() {
        while !stack.isEmpty { finishedUpdates.append(pop(endSeq: nil, endTime: nil, timed: false, changed: nil)) }
        if let w = write { finishedWrites.append(Self.closed(w)) }
        write = nil
    }
}
