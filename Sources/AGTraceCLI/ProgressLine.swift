import AGTraceKit
import Foundation

/// A one-line progress display on a terminal, rewritten in place.
final class ProgressLine {
    private let err: TextSink
    private var lastDraw = Date.distantPast
    private var shown = false
    init(err: TextSink) { self.err = err }

    func update(_ text: String) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        err.write("\r\u{1B}[K" + text)
        (err as? StreamSink)?.flush()
        shown = true
    }

    func clear() {
        if shown { err.write("\r\u{1B}[K"); (err as? StreamSink)?.flush() }
        shown = false
    }
}

/// `import --progress`: a line per step the import reports (each percent read), written and
/// flushed at once whatever stderr is, so a log or a script sees how far the import got.
final class ProgressLog {
    private let err: TextSink
    private var shown: Int?
    init(err: TextSink) { self.err = err }

    func update(_ progress: ImportProgress) {
        guard shown.map({ progress.step > $0 }) ?? true else { return }
        shown = progress.step
        err.write(terminalSafe(progress.line) + "\n")
        (err as? StreamSink)?.flush()
    }
}
