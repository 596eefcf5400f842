/// An Instruments recording as a timeline: each SwiftUI update a slice on its thread (named by
/// its view, else its description), hitches, hangs and update groups slices on tracks of their
/// own, each cause edge a 1 ns slice on a "causes" track with an arrow to the update it led to.
/// Time: the recording's own nanoseconds, in µs from its start.
public enum XctraceSlices {
    /// The tracks that are no thread of the app, above its threads.
    static let tracks: [(id: Int, name: String)] = [(1, "hitches"), (2, "hangs"), (3, "update groups"), (4, "causes")]
    static let firstThread = 10

    public static func make(in db: Database, recording: Int64, label: String) throws -> TimelineSpool {
        let ids: [String: SQLValue] = ["xctrace": .integer(recording)]
        let timeline = try TimelineSpool(process: "Instruments recording \(label) (time: the recording's own clock)", clock: .instruments)
        for track in tracks { timeline.threads[track.id] = track.name }
        var threads: [String: Int] = [:]
        func thread(_ text: String?) -> Int {
            let name = text ?? "(thread not recorded)"
            if let id = threads[name] { return id }
            let id = firstThread + threads.count
            threads[name] = id
            timeline.threads[id] = name
            return id
        }
        func value(_ s: Statement, _ i: Int) -> SQLValue { s.value(i) }
        func microseconds(_ ns: Int64) -> Double { Double(ns) / 1000 }
        // A slice of unknown or zero duration is drawn 1 ns long, so that arrows can bind to it.
        func length(_ s: Statement, _ i: Int) -> Double { s.isNull(i) ? 0.001 : max(microseconds(s.int64(i)), 0.001) }

        let updates = try ReportRegistry.query("xctrace-timeline-updates").prepare(in: db, ids)
        try updates.forEachRow { u in
            let view = u.string(4), description = u.string(3)
            try timeline.addSlice(Timeline.Slice(
                name: view ?? description ?? "update", category: "update", thread: thread(u.string(8)),
                start: microseconds(u.int64(1)), duration: length(u, 2),
                args: [("position", value(u, 0)), ("description", value(u, 3)), ("view", value(u, 4)), ("update_type", value(u, 5)),
                       ("module", value(u, 6)), ("severity", value(u, 7)), ("duration_ns", value(u, 2)),
                       ("downstream_cost_ns", value(u, 10)), ("thread_id", value(u, 9))]), seq: u.int64(0))
        }
        let marks = try ReportRegistry.query("xctrace-timeline-marks").prepare(in: db, ids)
        try marks.forEachRow { m in
            let kind = m.string(0) ?? ""
            let track = kind == "hitch" ? 1 : kind == "hang" ? 2 : 3
            try timeline.addSlice(Timeline.Slice(
                name: (kind == "update group" ? "" : kind + ": ") + (m.string(4) ?? kind), category: kind, thread: track,
                start: microseconds(m.int64(2)), duration: length(m, 3),
                args: [("position", value(m, 1)), ("duration_ns", value(m, 3)), ("process", value(m, 5)), ("thread", value(m, 6))]),
                seq: nil)
        }
        var arrows: [(cause: Int64, update: Int64)] = []
        let causes = try ReportRegistry.query("xctrace-timeline-causes").prepare(in: db, ids)
        try causes.forEachRow { c in
            // Negative seqs: a cause's slice never shares one with an update's position.
            let seq = -1 - c.int64(0)
            try timeline.addSlice(Timeline.Slice(
                name: (c.string(2) ?? "?") + " → " + (c.string(3) ?? "?"), category: "cause", thread: 4,
                start: microseconds(c.int64(1)), duration: 0.001,
                args: [("position", value(c, 0)), ("source", value(c, 2)), ("destination", value(c, 3)), ("label", value(c, 4)),
                       ("value_type", value(c, 5)), ("changed_properties", value(c, 6)), ("update_position", value(c, 7))]),
                seq: seq)
            if !c.isNull(7) { arrows.append((seq, c.int64(7))) }
        }
        for arrow in arrows { try timeline.addFlow(fromSeq: arrow.cause, toSeq: arrow.update) }
        return timeline
    }
}
