import Foundation

/// Reads a console log: bytes -> lines -> records, into a `ConsoleSink` (no SQLite here).
///
/// Most of a console is other text (the app's output, lldb results): such lines are skipped
/// without a word. What is AttributeGraph's or SwiftUI's becomes a record; a cycle report cut
/// short (a frame line cut mid-way, no closing `===`) is kept, marked incomplete, with a note.
///
/// A trap line (`precondition failure: cyclic graph: N`, both spellings) or an os_log
/// `Cycle detected through attribute: N` reports the same cycle as a header of the same N
/// next to it (no other cycle's line between): that header's report absorbs it (one `cycles`
/// row; the line is kept as a `cycle-trap` warning), each spelling at most once per report. One
/// with no such header is a report of its own (form `trap` / `os_log`).
public struct ConsoleReader {
    public struct Summary: Equatable {
        public var lines = 0
        public var cycles = 0
        public var bodyChanges = 0
        public var warnings = 0
        /// Doubts for `import_notes`: cut reports, frame lines outside a report.
        public var notes: [ImportNote] = []
        /// How the process ended, as the log shows it: a crash's line (the rules transcripts
        /// follow, `RecordingEndTracker`), an exit, or `no end seen`.
        public var end = RecordingEnd.noEndSeen
    }

    let source: ByteSource

    public init(source: ByteSource) { self.source = source }

    public func read<Sink: ConsoleSink>(into sink: inout Sink) throws -> Summary {
        let lines = LineReader(source)
        var state = ConsoleParser()
        while let raw = try lines.next() {
            let text = String(decoding: raw, as: UTF8.self)
            try state.line(Substring(text), number: lines.lineNumber, into: &sink)
        }
        try state.finish(into: &sink)
        state.summary.lines = lines.lineNumber
        return state.summary
    }

    /// Whether `head` holds one line of AttributeGraph's or SwiftUI's (the sniffer's question).
    /// A last line that may be cut is not read.
    public static func looksLikeConsole(_ head: [UInt8], full: Bool) -> Bool {
        var end = head.count
        if full, let newline = head.lastIndex(of: 0x0A) { end = newline }
        for raw in head[..<end].split(separator: 0x0A, omittingEmptySubsequences: true) {
            let text = String(decoding: raw, as: UTF8.self)
            if ConsoleParser.isConsoleLine(ConsoleLine.message(Substring(text))) { return true }
        }
        return false
    }
}

/// The reader's state between lines: the report being read, a trap waiting for its header.
struct ConsoleParser {
    var summary = ConsoleReader.Summary()
    /// The report whose lines are coming (header seen, block not over).
    private var open: ConsoleCycle?
    private enum Block { case afterHeader, digraph, stack }
    private var block = Block.afterHeader
    /// Where a cut frame line was, in the open report.
    private var cutLine: Int?
    /// The last report, kept until the next cycle line: a trap after it may belong to it.
    private var last: ConsoleCycle?
    /// The trap and os_log spellings `last` has absorbed.
    private var absorbed: Set<String> = []
    /// Trap and os_log lines of one attribute with no header before them (each spelling once):
    /// the next cycle line may be their header.
    private var pending: [PendingTrap] = []
    /// The spellings the open report took before its header (they came first).
    private var openAbsorbed: Set<String> = []
    /// `attempting to create attribute with no subgraph:` whose type is on the next line.
    private var subgraphWarning: ConsoleWarning?
    /// Frame lines outside a report: how many, the first.
    private var strayFrames = (count: 0, first: 0)
    /// The attributes the open report's digraph has labelled (a label per node; linear however long the block).
    private var labelled: Set<Int64> = []
    /// How the process ended: crash lines, exits (the transcript's rules).
    private var endTracker = RecordingEndTracker()
    /// What the open report's labels hold (their bytes and `labelOverhead` each), up to
    /// `maxReportLabels`: a report's labels are held until it ends (15,000 lines of 60 KB
    /// labels took 937 MB).
    private var labelBytes = 0
    /// Labels longer than `CycleLine.maxLabelBytes` (cut), label lines past `maxReportLabels`
    /// (not kept), in the whole log; the first report each happened in.
    private var cutLabels = (count: 0, first: 0), droppedLabels = (count: 0, first: 0)

    /// The most label text one report keeps: a digraph names the nodes around a cycle, tens
    /// to hundreds of them. Past it, the report's further labels are counted, not kept.
    static let maxReportLabels = 4 << 20
    static let labelOverhead = 32

    static func isConsoleLine(_ m: Substring) -> Bool {
        if let line = CycleLine.parse(m) {
            switch line {
            case .header, .trap, .osLog, .frame: return true
            default: return false
            }
        }
        return ConsoleWarningLine.parse(m) != nil || BodyChangeLine.parse(m) != nil
    }

    mutating func line<Sink: ConsoleSink>(_ raw: Substring, number: Int, into sink: inout Sink) throws {
        let m = ConsoleLine.message(raw)
        observeEnd(m)
        if var warning = subgraphWarning {
            subgraphWarning = nil
            let type = m.trimmingCharacters(in: .whitespaces)
            if !type.isEmpty, BodyChangeLine.isTypeName(Substring(type)) {
                warning.subject = type
                warning.message += " " + type
                try emit(warning, into: &sink)
                return
            }
            try emit(warning, into: &sink)
        }
        let cycleLine = CycleLine.parse(m)
        if open != nil, continueReport(cycleLine, m, number: number) { return }
        switch cycleLine {
        case .header(let n)?:
            try resolvePending(header: n, into: &sink)
            try closeLast(into: &sink)
            open = ConsoleCycle(position: number, attribute: n, level: 1, form: "header")
            block = .afterHeader
            cutLine = nil
            labelled = []
            labelBytes = 0
            return
        case let .trap(n, spelling)?:
            try trap(n, form: "trap", spelling: spelling == .log ? "trap-log" : "trap-stdio", line: number, message: m, into: &sink)
            return
        case .osLog(let n)?:
            try trap(n, form: "os_log", spelling: "os_log", line: number, message: m, into: &sink)
            return
        case .frame?:
            if strayFrames.count == 0 { strayFrames.first = number }
            strayFrames.count += 1
            return
        default:
            break
        }
        if let (code, subject) = ConsoleWarningLine.parse(m) {
            let warning = ConsoleWarning(position: number, code: code, subject: subject, message: String(trailingTrimmed(m)))
            if code == "attribute-without-subgraph" && subject == nil {
                subgraphWarning = warning
            } else {
                try emit(warning, into: &sink)
            }
            return
        }
        if let change = BodyChangeLine.parse(m) {
            summary.bodyChanges += 1
            try sink.bodyChange(BodyChange(position: number, view: change.view, unchanged: change.unchanged, tokens: change.tokens))
        }
    }

    /// A line while a report is open; false when the line is no part of it (the report is
    /// then over, and the line is read as any other).
    private mutating func continueReport(_ cycleLine: CycleLine?, _ m: Substring, number: Int) -> Bool {
        // The open report is changed in place (`open!.…`), never copied out and back: a copy
        // would share its frames with `open`, and each append would copy them all (a report of
        // N frame lines or N labels would cost N²).
        guard open != nil else { return false }
        if block == .digraph {
            if cycleLine == .digraphEnd {
                block = .afterHeader
            } else if let (label, cut) = CycleLine.label(m), !labelled.contains(label.attribute) {
                let size = label.label.utf8.count + Self.labelOverhead
                if labelBytes + size > Self.maxReportLabels {
                    if droppedLabels.count == 0 { droppedLabels.first = open!.position }
                    droppedLabels.count += 1
                } else {
                    labelled.insert(label.attribute)
                    labelBytes += size
                    if cut {
                        if cutLabels.count == 0 { cutLabels.first = number }
                        cutLabels.count += 1
                    }
                    open!.labels.append(label)
                }
            }
            return true  // edges and the graph's attributes are not kept
        }
        if m.allSatisfy({ $0 == " " || $0 == "\t" }) { return true }  // blank lines inside a report
        switch cycleLine {
        case .digraphStart? where open!.frames.isEmpty:
            open!.level = max(open!.level, 3)
            block = .digraph
            return true
        case .stackHeader? where open!.frames.isEmpty:
            block = .stack
            return true
        case .frame(let frame)? where cutLine == nil:
            open!.level = max(open!.level, 2)
            open!.frames.append(frame)
            if frame.cut { cutLine = number }
            block = .stack
            return true
        case .close? where block == .stack:
            finishReport(closed: true)
            return true
        default:
            // Another line: a level-1 report (header alone) is whole; one with frames was cut.
            finishReport(closed: block != .stack)
            return false
        }
    }

    /// The open report is over: it becomes `last` (a trap may still join it).
    private mutating func finishReport(closed: Bool) {
        guard var report = open else { return }
        open = nil
        var why: [String] = []
        if let cut = cutLine { why.append("frame line \(cut) is cut mid-way (what it holds is kept; the rest is unknown)") }
        if !closed { why.append("its closing `===` never came") }
        if !why.isEmpty {
            report.complete = false
            let n = report.attribute.map(String.init) ?? "?"
            summary.notes.append(ImportNote(.cycleReportCut,
                                            message: "the cycle report at line \(report.position) (attribute \(n)) is incomplete: \(why.joined(separator: "; "))",
                                            position: cutLine ?? report.position))
        }
        cutLine = nil
        last = report
        absorbed = openAbsorbed
        openAbsorbed = []
    }

    /// A trap or os_log line of `n`: joins the last report when it is of `n` and has not had
    /// this spelling yet; else it waits for the next cycle line (a header of `n` takes it).
    private mutating func trap<Sink: ConsoleSink>(_ n: Int64, form: String, spelling: String, line: Int, message: Substring,
                                                into sink: inout Sink) throws {
        let trap = PendingTrap(line: line, attribute: n, form: form, spelling: spelling, message: String(trailingTrimmed(message)))
        if pending.isEmpty, let report = last, report.attribute == n, !absorbed.contains(spelling) {
            absorbed.insert(spelling)
            try emit(trap.warning, into: &sink)
            return
        }
        if let first = pending.first, first.attribute == n, !pending.contains(where: { $0.spelling == spelling }) {
            pending.append(trap)
            return
        }
        try flushPending(into: &sink)
        try closeLast(into: &sink)
        pending = [trap]
    }

    /// A header of `n` came: waiting traps of `n` are its; others are a report of their own.
    private mutating func resolvePending<Sink: ConsoleSink>(header n: Int64, into sink: inout Sink) throws {
        guard let first = pending.first else { return }
        guard first.attribute == n else { return try flushPending(into: &sink) }
        for trap in pending { try emit(trap.warning, into: &sink) }
        openAbsorbed = Set(pending.map(\.spelling))
        pending = []
    }

    /// Waiting traps with no header: the first is a report, the others its warnings.
    private mutating func flushPending<Sink: ConsoleSink>(into sink: inout Sink) throws {
        guard let first = pending.first else { return }
        try closeLast(into: &sink)
        last = ConsoleCycle(position: first.line, attribute: first.attribute, level: 1, form: first.form)
        absorbed = Set(pending.map(\.spelling))
        for trap in pending.dropFirst() { try emit(trap.warning, into: &sink) }
        pending = []
    }

    /// Hands `last` to the sink: no trap can join it any more.
    private mutating func closeLast<Sink: ConsoleSink>(into sink: inout Sink) throws {
        guard let report = last else { return }
        last = nil
        summary.cycles += 1
        try sink.cycle(report)
    }

    private mutating func emit<Sink: ConsoleSink>(_ warning: ConsoleWarning, into sink: inout Sink) throws {
        summary.warnings += 1
        try sink.warning(warning)
    }

    /// A line that says how the process ended: an lldb exit or Xcode's, a stop for a crash
    /// (`* thread #1, …, stop reason = EXC_BAD_ACCESS`), a crash's own line.
    private mutating func observeEnd(_ m: Substring) {
        var m = m
        m.withUTF8 { buffer in
            let bytes = buffer
            guard !bytes.isEmpty else { return }
            if bytes.matches("Program ended with exit code: ", at: 0) || bytes.matches("Message from debugger: ", at: 0) {
                endTracker.xcodeLine(bytes, from: 0)
            } else if bytes.matches("Process ", at: 0) {
                endTracker.processLine(bytes, from: 0)
            } else if bytes.matches("* thread #", at: 0) || bytes.matches("thread #", at: 0) {
                _ = endTracker.stopLine(bytes)
            } else {
                _ = endTracker.consoleLine(bytes, from: 0)
            }
        }
    }

    mutating func finish<Sink: ConsoleSink>(into sink: inout Sink) throws {
        summary.end = endTracker.end(cutInHit: false)
        if let warning = subgraphWarning {
            subgraphWarning = nil
            try emit(warning, into: &sink)
        }
        finishReport(closed: block != .stack)
        try flushPending(into: &sink)
        try closeLast(into: &sink)
        if cutLabels.count > 0 {
            summary.notes.append(ImportNote(.cycleLabelCut,
                                            message: "\(cutLabels.count) digraph label\(cutLabels.count == 1 ? "" : "s") longer than \(CycleLine.maxLabelBytes) bytes (the first at line \(cutLabels.first)): only the first \(CycleLine.maxLabelBytes) bytes of each are kept",
                                            position: cutLabels.first))
        }
        if droppedLabels.count > 0 {
            summary.notes.append(ImportNote(.cycleLabelsDropped,
                                            message: "\(droppedLabels.count) digraph label line\(droppedLabels.count == 1 ? "" : "s") not kept (the first in the cycle report at line \(droppedLabels.first)): a report keeps at most \(Self.maxReportLabels >> 20) MB of labels",
                                            position: droppedLabels.first))
        }
        if strayFrames.count > 0 {
            let (count, first) = strayFrames
            summary.notes.append(ImportNote(.strayFrameLines,
                                            message: "\(count) frame line\(count == 1 ? "" : "s") outside a cycle report (the first at line \(first)): not stored",
                                            position: first))
        }
    }

    private func trailingTrimmed(_ s: Substring) -> Substring {
        var s = s
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return s
    }
}

/// A trap or os_log line not yet known to belong to a header.
struct PendingTrap {
    var line: Int
    var attribute: Int64
    var form: String
    /// `trap-log`, `trap-stdio` or `os_log`: a report takes each at most once.
    var spelling: String
    var message: String
    var warning: ConsoleWarning {
        ConsoleWarning(position: line, code: "cycle-trap", subject: String(attribute), message: message)
    }
}
