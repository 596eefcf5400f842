extension ImportNoteCode {
    static let wholeSecondTimestamps = ImportNoteCode(
        "whole-second-timestamps", position: .none,
        meaning: "events carry whole-second (varint) timestamps: the durations of evaluations they begin or end are unknown (NULL)")
    static let traceCut = ImportNoteCode(
        "trace-cut", position: .none,
        meaning: "no EndTrace event: the trace was cut (a crash, a kill, a full disk); evaluations it never ends are unfinished",
        saysTheEnd: true)
    static let tracesConcatenated = ImportNoteCode(
        "traces-concatenated", position: .eventSeq,
        meaning: "several BeginTrace events (the second's seq): traces concatenated into one file, whose ids may name different nodes in each")
    static let typeDefinedTwice = ImportNoteCode(
        "type-defined-twice", position: .none,
        meaning: "a type id defined twice with different rules: the last is kept (five notes at most, then one counting the rest)")
    static let cycleWithoutStack = ImportNoteCode(
        "cycle-without-stack", position: .eventSeq,
        meaning: "a cycle LogMessage with no update stack record after it (the first's seq): stored without frames")
    static let noTimestamps = ImportNoteCode(
        "no-timestamps", position: .none,
        meaning: "no event carries a timestamp: every duration is unknown")
}

extension TraceFormat {
    static let noteCodes: [ImportNoteCode] = [
        .wholeSecondTimestamps, .traceCut, .tracesConcatenated, .typeDefinedTwice, .cycleWithoutStack, .noTimestamps,
    ]
}
