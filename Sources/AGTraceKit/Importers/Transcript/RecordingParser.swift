/// The transcript shape the lldb recorder writes (`agtrace record`, `lldb/agtrace_lldb.py`):
/// a header line, one line per hit, and a `stop` line when the recording was stopped normally.
///
/// ```
/// agtrace-lldb-record 1 prefix=IAG arch=x86_64 clock=monotonic_ns kinds=invalidate,update
/// 354373026969 1 invalidate IAGGraphInvalidateValue 3032 -
/// 354388176657 1 update IAG::Graph::update_attribute 3152 -
/// exit 354440001234 status=0 hits=2
/// stop 354442588634 hits=2
/// ```
/// Hit fields: time in ns (the debugger's monotonic clock), lldb's thread index, the kind, the
/// symbol, the attribute and the input (decimal, `-` when the kind has none or it was unreadable).
///
/// Counting follows `TranscriptReader`: a line that is not a well-formed hit is a skipped line
/// (a recording cut mid-write ends with one); a hit whose kind has an attribute argument (or an
/// input) but that reads `-` is an incomplete hit. How it ended (`end`): `stopped` with the
/// `stop` line, when its `hits=N` is the number of hits read (complete). `exited S` with an
/// `exit` line (the recorder's breakpoint on exit(): the app quit while recording, status S;
/// complete when 0), whether a `stop` line follows or not; hits after it still count (atexit
/// work). With neither the recording was cut short (lldb quit, or the debugger or the app died
/// before `agtrace record --stop`; a crash calls no exit()): `cut: no stop line`, whatever its
/// last line. An `exit` or `stop` line counting other than the hits read before it (lines lost
/// or garbled): `cut: the stop line counts N hits, M read` (or `the exit line`). A `crash`
/// line (`agtrace record --stop` after the app crashed) makes it `crashed: REASON`, whatever else.
///
/// Version 2 (`agtrace record --cycles`) adds the recorder's stops at the engine's
/// `print_cycle`, which are not hits: `cycle <ns> <thread> <K> <attribute|-> <dump path|->`,
/// then its `cycle-stack <K> <stack/text line>` lines (`CycleStackText`), delivered as one
/// `CycleRecord` (form `recorder`, position K) when the next line is not one of them.
struct RecordingParser {
    static let headerWord: StaticString = "agtrace-lldb-record"
    /// The newest version of the file this reader knows (2: cycle lines).
    static let version: UInt64 = 2
    typealias EmitCycle = (CycleRecord) throws -> Void

    private(set) var summary = TranscriptSummary()
    private var names = NameTable()
    /// The `hits=N` of the `stop` line, once read.
    private var stoppedHits: Int?
    /// The `exit` line: the status, and its `hits=N` with the hits read before it.
    private var exited: (status: Int64, hits: Int, read: Int)?
    /// The `crash` line's reason (as `RecordingEnd.crashed` stores it).
    private var crash: String?
    private var stopped: Bool { stoppedHits != nil }
    /// The last `cycle` line, gathering its `cycle-stack` lines.
    private var cycle: CycleRecord?
    private(set) var cycles = 0

    /// Whether `line` (a file's first line) is the recorder's header: the word, a space, a
    /// version number. (Anything else is left to the transcript parser.)
    static func isHeader(_ line: Bytes) -> Bool {
        let n = headerWord.utf8CodeUnitCount
        return line.count > n + 1 && line.matches(headerWord, at: 0) && line[n] == ASCII.space && ASCII.isDigit(line[n + 1])
    }

    /// Reads the header; refuses a version newer than this reader (the one content a
    /// transcript is refused for: its lines may mean something else).
    init(header line: Bytes, path: String) throws {
        let start = Self.headerWord.utf8CodeUnitCount + 1
        let parsed = line.parseUnsigned(at: start)  // isHeader saw a digit there
        guard let version = parsed?.value, version <= Self.version else {
            let shown = line.string(start..<(parsed?.end ?? start))
            throw TranscriptError(path: path, line: 1, message:
                Self.newerVersionMessage + "\(shown) is newer than this agtrace reads (\(Self.version)): update agtrace")
        }
    }

    /// The start of the refusal `init(header:path:)` gives a newer version.
    static let newerVersionMessage = "agtrace-lldb-record version "

    /// How the recording ended: only the recorder's `stop` line says it was stopped normally.
    func end() -> RecordingEnd {
        if let crash { return .crashed(reason: crash) }
        if let exited {
            if exited.hits != exited.read { return .cut("the exit line counts \(exited.hits) hits, \(exited.read) read") }
            if let stoppedHits, stoppedHits != summary.events {
                return .cut("the stop line counts \(stoppedHits) hits, \(summary.events) read")
            }
            return .exited(status: exited.status)
        }
        guard let stoppedHits else { return .cutNoStopLine }
        // The recorder counts the hits it wrote: fewer read means lines were lost or garbled.
        if stoppedHits != summary.events {
            return .cut("the stop line counts \(stoppedHits) hits, \(summary.events) read")
        }
        return .stopped
    }

    mutating func consume(_ line: Bytes, lineNumber: Int, emit: TranscriptParser.Emit, emitCycle: EmitCycle) throws {
        let fields = Self.fields(line)
        if fields.isEmpty { return }
        // Nothing counts after the stop line: the file was closed there.
        if stopped { summary.skippedLines += 1; return }
        if cycle != nil {
            if consumeCycleStack(line, fields) { return }
            try finish(emitCycle: emitCycle)
        }
        if try consumeHit(line, fields, lineNumber: lineNumber, emit: emit) { return }
        if !consumeStop(line, fields) && !consumeExit(line, fields) && !consumeCrash(line, fields)
            && !consumeCycle(line, fields) {
            summary.skippedLines += 1
        }
    }

    /// Delivers the cycle still gathering its stack (at the end of the file).
    mutating func finish(emitCycle: EmitCycle) throws {
        guard let c = cycle else { return }
        cycle = nil
        cycles += 1
        try emitCycle(c)
    }

    /// `cycle <ns> <thread> <K> <attribute|-> <dump path|->` (the path may hold blanks: the
    /// rest of the line).
    private mutating func consumeCycle(_ line: Bytes, _ fields: [Range<Int>]) -> Bool {
        guard fields.count >= 6, line.string(fields[0]) == "cycle", Self.number(line, fields[1]) != nil,
              Self.number(line, fields[2]) != nil, let k = Self.number(line, fields[3]), k <= UInt64(Int32.max),
              let attribute = Self.attribute(line, fields[4]) else { return false }
        var end = line.count
        while end > fields[5].lowerBound, line[end - 1] == 0x0D { end -= 1 }  // CRLF
        let dump = line.string(line.trimmed(fields[5].lowerBound..<end))
        cycle = CycleRecord(position: Int(k), attribute: attribute.map(Int64.init), form: "recorder",
                            dump: dump == "-" ? nil : dump)
        return true
    }

    /// `cycle-stack <K> <line>` of the cycle gathering (K its own): one frame. A line that does
    /// not read as a frame is kept as a frame of unknown attribute, and the cycle is incomplete.
    private mutating func consumeCycleStack(_ line: Bytes, _ fields: [Range<Int>]) -> Bool {
        guard fields.count >= 3, line.string(fields[0]) == "cycle-stack", let k = Self.number(line, fields[1]),
              let c = cycle, Int(k) == c.position else { return false }
        var end = line.count
        while end > fields[2].lowerBound, line[end - 1] == 0x0D { end -= 1 }
        let text = line.string(fields[2].lowerBound..<end)
        if let frame = CycleStackText.frame(Substring(text)) {
            cycle!.frames.append(frame)
        } else {
            cycle!.frames.append(CycleRecord.Frame(attribute: nil))
            cycle!.complete = false
        }
        return true
    }

    /// `stop <ns> hits=N`.
    private mutating func consumeStop(_ line: Bytes, _ fields: [Range<Int>]) -> Bool {
        guard fields.count == 3, line.string(fields[0]) == "stop", Self.number(line, fields[1]) != nil else { return false }
        let hits = line.string(fields[2])
        guard hits.hasPrefix("hits="), let count = Int(hits.dropFirst(5)) else { return false }
        stoppedHits = count
        return true
    }

    /// `crash <ns> hits=N REASON…`: lldb's stop reason, read as a transcript's stop reason is
    /// (`EXC_BAD_ACCESS (code=1, …)` is `EXC_BAD_ACCESS`); one that is no crash is still one
    /// (the recorder only writes the line for a crash).
    private mutating func consumeCrash(_ line: Bytes, _ fields: [Range<Int>]) -> Bool {
        guard crash == nil, fields.count >= 4, line.string(fields[0]) == "crash", Self.number(line, fields[1]) != nil,
              line.string(fields[2]).hasPrefix("hits=") else { return false }
        var end = line.count
        while end > fields[3].lowerBound, line[end - 1] == 0x0D { end -= 1 }  // CRLF
        let reason = fields[3].lowerBound..<end
        crash = RecordingEndTracker.crashReason(line, reason)?.0 ?? line.string(line.trimmed(reason))
        return true
    }

    /// `exit <ns> status=S hits=N` (the first one; another is a skipped line).
    private mutating func consumeExit(_ line: Bytes, _ fields: [Range<Int>]) -> Bool {
        guard exited == nil, fields.count == 4, line.string(fields[0]) == "exit", Self.number(line, fields[1]) != nil else {
            return false
        }
        let status = line.string(fields[2]), hits = line.string(fields[3])
        guard status.hasPrefix("status="), let value = Int64(status.dropFirst(7)),
              hits.hasPrefix("hits="), let count = Int(hits.dropFirst(5)) else { return false }
        exited = (value, count, summary.events)
        return true
    }

    private mutating func consumeHit(_ line: Bytes, _ fields: [Range<Int>], lineNumber: Int,
                                     emit: TranscriptParser.Emit) throws -> Bool {
        guard fields.count == 6,
              let time = Self.number(line, fields[0]), time <= UInt64(Int64.max),
              let thread = Self.number(line, fields[1]), thread <= UInt64(Int.max),
              let kind = EventKind(rawValue: line.string(fields[2])),
              let attribute = Self.attribute(line, fields[4]),
              let input = Self.attribute(line, fields[5]) else { return false }
        let symbol = names.id(line, fields[3])
        var hit = Hit(seq: summary.events + 1, line: lineNumber, kind: kind, symbol: symbol)
        hit.thread = Int(thread)
        hit.attribute = attribute
        hit.inputAttribute = input
        hit.timeNs = Int64(time)
        summary.events += 1
        let (wantsAttribute, wantsInput) = Self.arguments(kind)
        if (wantsAttribute && hit.attribute == nil) || (wantsInput && hit.inputAttribute == nil) {
            summary.incompleteHits += 1
        }
        try [FrameRef]().withUnsafeBufferPointer { try emit(hit, $0, names.strings) }
        return true
    }

    /// Whether a kind has an attribute argument and an input argument (the symbol table's rule:
    /// `current` and `create` return theirs, SwiftUI's kinds and `call` have none).
    private static func arguments(_ kind: EventKind) -> (Bool, Bool) {
        switch kind {
        case .invalidate, .propagateDirty, .update, .read: return (true, false)
        case .addInput, .addOutput: return (true, true)
        case .current, .create, .stateWrite, .transaction, .call: return (false, false)
        }
    }

    /// Decimal digits only, the whole field.
    private static func number(_ line: Bytes, _ field: Range<Int>) -> UInt64? {
        guard field.allSatisfy({ ASCII.isDigit(line[$0]) }) else { return nil }
        return line.parseUnsigned(at: field.lowerBound, to: field.upperBound)?.value
    }

    /// `-` (none: `.some(nil)`) or a 32-bit id; nil when the field is neither.
    private static func attribute(_ line: Bytes, _ field: Range<Int>) -> UInt32?? {
        if field.count == 1 && line[field.lowerBound] == UInt8(ascii: "-") { return .some(nil) }
        guard let value = number(line, field), let id = attributeValue(value) else { return nil }
        return .some(id)
    }

    /// The line's space-separated fields (at most 7: a hit has 6, more is malformed anyway).
    private static func fields(_ line: Bytes) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < line.count && out.count < 7 {
            i = line.skipSpaces(from: i)
            guard i < line.count else { break }
            var j = i
            while j < line.count && !ASCII.isSpace(line[j]) && line[j] != 0x0D { j += 1 }
            if j > i { out.append(i..<j) }
            i = j
            if i < line.count && line[i] == 0x0D { break }
        }
        return out
    }
}
