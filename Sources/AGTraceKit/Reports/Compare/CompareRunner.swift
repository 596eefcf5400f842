import Foundation

/// `compare`: request -> outcome. Reads each recording through its kind's hooks
/// (`MeasuredKind.compare`), compares per key or per write, and says what makes the
/// comparison doubtful: other apps or builds, untimed recordings, one recording a side.
public enum CompareRunner {
    public static func run(_ request: CompareRequest, openDatabase: () throws -> Database, log: CommandLog) throws -> CompareOutcome {
        let sides = try CompareSides.open(a: request.a, b: request.b, naming: request.namingSnapshots, database: request.database,
                                          openDatabase: openDatabase, log: log)
        defer { sides.close() }
        let kinds = Set((sides.a + sides.b).map(\.kind))
        guard kinds.count == 1, let kind = kinds.first else {
            throw CompareProblem("A and B hold \(kinds.map(\.rawValue).sorted().listed("and")) recordings: compare recordings of one kind (traces with traces, runs with runs)")
        }
        if !request.namingSnapshots.isEmpty, kind.namedBy == nil {
            throw ReportUsageError("--snapshot names the attributes of recordings that name none (runs); \(kind.rawValue)s name their own")
        }
        var by = request.by ?? (kind.namedBy == nil || !request.namingSnapshots.isEmpty ? .view : kind.defaultKey)
        var warnings: [String] = []
        var notes: [String] = []
        func warn(_ text: String) { warnings.append(text); log.say(.warning(text)) }
        func note(_ text: String) { notes.append(text); log.say(.note(text)) }
        if by == .attribute {
            note("attribute ids are the same only within one build of the app: by attribute, compare recordings of one build (--by rule or view survive a rebuild)")
        }
        for recording in sides.a + sides.b {
            if let doubt = try CompareTrust.incomplete(recording, in: sides.db) { warn(doubt) }
        }
        if request.writes {
            var outcome = try writes(request, sides: sides, kind: kind, by: by, log: log)
            outcome.warnings = warnings
            outcome.notes = notes
            return outcome
        }
        let hooks = kind.compareHooks
        func measures(by: BaselineKey) throws -> KeyTable {
            var table = KeyTable()
            for recording in sides.a { table.add(recording, keys: try hooks.keys(recording, by, sides.db), to: .a) }
            for recording in sides.b { table.add(recording, keys: try hooks.keys(recording, by, sides.db), to: .b) }
            table.doneReading()
            return table
        }
        var table = try measures(by: by)
        if request.by == nil, by == .view, table.keys.allSatisfy({ $0 == UpdateCounts.noViewKey }) {
            // No rule is a view's body (an engine that names its rules otherwise): by view
            // would lump everything under one key.
            by = .rule
            note("no evaluation belongs to a named view: compared by rule")
            table = try measures(by: by)
        }
        if let doubt = CompareTrust.differentApps(table, by: by) { warn(doubt) }
        for r in table.recordings where r.unfinished > 0 {
            let all = r.evaluationsTotal
            note("\(kind.rawValue) '\(r.recording.given)' was cut: \(r.unfinished) of its \(all) evaluations are unfinished (counted; their times are unknown), the \(all - r.unfinished) that ended are timed")
        }
        // Seconds are compared only when every recording has them: one untimed recording
        // leaves them all out, rather than a side's times beside nothing.
        let recordings = table.recordings
        let timed = recordings.allSatisfy(\.timesSelf), timedTotal = recordings.allSatisfy(\.timesTotal)
        if let untimed = recordings.first(where: { !$0.timesSelf && !$0.timesTotal }) {
            note("\(kind.rawValue) '\(untimed.recording.given)' does not time its evaluations (\(kind.time == nil ? kind.untimed : "whole-second or missing timestamps")): times are not compared, only counts")
        } else if !timed && timedTotal {
            note("\(kind.rawValue)s record no self time (their seconds include the nested evaluations): only total seconds are compared, without a verdict")
        }
        table.keepSeconds(self: timed, total: timedTotal)
        let repeated = table.a.count >= 2 && table.b.count >= 2
        if timed && !repeated {
            note("one recording \(table.a.count < 2 && table.b.count < 2 ? "each" : "on a side"): times are shown without a verdict (nothing says how much they vary); take 5 or more recordings of each (--a A1 A2 … --b B1 B2 …) to know whether a difference is larger than the noise")
        }
        var keys = KeyDifferences.compare(table, minEffect: request.minEffect, seed: request.seed, sort: request.sort)
        let leftOut = max(0, keys.count - 1 - (request.limit ?? Int.max))
        if leftOut > 0 { keys.removeSubrange(request.limit!..<(keys.count - 1)) }
        var outcome = CompareOutcome(keys: keys, writes: [], matchedWrites: false, by: by,
                                     a: sides.a, b: sides.b, timed: timed, repeated: repeated, minEffect: request.minEffect,
                                     warnings: warnings, notes: notes)
        outcome.leftOut = leftOut
        return outcome
    }

    static func writes(_ request: CompareRequest, sides: CompareSides, kind: MeasuredKind, by: BaselineKey,
                       log: CommandLog) throws -> CompareOutcome {
        guard sides.a.count == 1, sides.b.count == 1 else {
            throw ReportUsageError("--writes matches the writes of one recording with another's: give one recording a side")
        }
        guard let writes = kind.compareHooks.writes else {
            throw CompareProblem("a \(kind.rawValue) records no writes compare can match (traces do): compare it per key")
        }
        var matched = WriteComparison.match(a: try writes(sides.a[0], by, sides.db), b: try writes(sides.b[0], by, sides.db))
        let leftOut = max(0, matched.count - (request.limit ?? Int.max))
        matched = Array(matched.prefix(request.limit ?? Int.max))
        var outcome = CompareOutcome(keys: [], writes: matched, matchedWrites: true, by: by, a: sides.a, b: sides.b,
                                     timed: false, repeated: false, minEffect: request.minEffect, warnings: [], notes: [])
        outcome.leftOut = leftOut
        return outcome
    }
}

/// What makes a comparison doubtful before any number is read.
enum CompareTrust {
    /// A and B share few names: recordings of other apps or builds, whose differences are not
    /// the change's. Keys standing for no name ("(no view)") are left out, and attribute ids,
    /// which are no names (a change that adds nodes gives new ids in the same app).
    static func differentApps(_ table: KeyTable, by: BaselineKey) -> String? {
        guard by != .attribute else { return nil }
        var x = 0, y = 0, shared = 0
        for (row, key) in table.keys.enumerated() where !key.hasPrefix("(") {
            let held = table.held[row]
            let inA = held & KeyTable.Side.a.bit != 0, inB = held & KeyTable.Side.b.bit != 0
            if inA { x += 1 }
            if inB { y += 1 }
            if inA && inB { shared += 1 }
        }
        let all = x + y - shared
        guard all >= 2, shared * 2 < all else { return nil }
        return "A and B share \(shared) of their \(all) \(by.rawValue) names: recordings of different apps or builds? Their differences are not one change's (compare recordings of the same interaction of one build)"
    }

    /// A recording cut before its end (a crash, a kill): its counts are short, and a shortfall
    /// would read as an improvement. Said, not refused: compare is for looking.
    static func incomplete(_ recording: ComparedRecording, in db: Database) throws -> String? {
        let kind = recording.kind
        let ending = try UpdateCounts.lookUp(kind, recording.label, in: db).ending
        guard ending.complete == false else { return nil }
        return "\(kind.rawValue) '\(recording.given)' did not end normally (\(ending.reason ?? "unknown")): its counts miss whatever the app did not get to, or its times cannot be right, which would read as fewer evaluations"
    }
}
