import Foundation

/// Counts of a generated console log, printed to stderr and kept beside it.
struct ConsoleCounts: CountsFile {
    var reports = 0, frames = 0, labels = 0, cutReports = 0, bodyRuns = 0, warnings = 0, lines = 0, bytes = 0
    var seconds = 0.0

    var listed: [(key: String, value: Int)] {
        [("reports", reports), ("frames", frames), ("labels", labels), ("cut_reports", cutReports), ("body_runs", bodyRuns),
         ("warnings", warnings), ("lines", lines)]
    }
}

/// Writes the console log of a UI test stuck in a loop: AttributeGraph's cycle reports in the
/// shapes real logs show (ag-cycles.md; the real excerpts are described in
/// ../shared/real-console/README.md and never copied), again and again, between the app's own
/// output, `_printChanges` lines and SwiftUI's warnings. A round holds 14 reports:
/// - a stack of 22 whole frame lines after a blank line and `=== Evaluation stack ===`, its
///   23rd frame line cut mid-way and no closing `===` (an incomplete report: one import note);
/// - 10 headers alone alternating between two attributes (6 and 4), then the os_log line
///   `[SwiftUI] Modifying state during view update` (one console warning);
/// - a level-3 report: a digraph of 3 labelled nodes, 3 frames whose last is N, `===`;
/// - 2 headers alone.
/// Attributes repeat every 40 rounds (a loop reports the same cycles). With `frames`, one more
/// report comes first: a digraph labelling `frames` nodes, then `frames` frame lines, the last
/// of them N (issue 46's long report).
enum ConsoleGenerator {
    static func run(reports target: Int, frames longReport: Int?, seed: UInt64, output: String) throws -> ConsoleCounts {
        let started = Date()
        var counts = ConsoleCounts()
        var rng = SeededRandom(keys: seed, 0x43)
        let sink = try FileSink(path: output)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        func line(_ s: String) {
            out.append(contentsOf: s.utf8)
            out.append(0x0A)
            counts.lines += 1
        }
        func flush() throws {
            guard out.count >= 1 << 20 else { return }
            try out.withUnsafeBytes { try sink.write($0) }
            counts.bytes += out.count
            out.removeAll(keepingCapacity: true)
        }
        var clock = 36_000.0
        func stamp() -> String {
            clock += Double(rng.within(1...900)) / 1000
            let h = Int(clock) / 3600, m = Int(clock) / 60 % 60, s = clock.truncatingRemainder(dividingBy: 60)
            return String(format: "2026-12-05 %02d:%02d:%09.6f+0000 FeedApp[4242:77051]", h, m, s)
        }
        func header(_ n: Int) {
            line("=== AttributeGraph: cycle detected through attribute \(n) ===")
            counts.reports += 1
        }
        func frame(_ stack: Int, _ attribute: Int, inputs: Int, flags: String) {
            line("frame \(stack).0: attribute \(attribute); count=1, index=0/\(inputs) \(flags)")
            counts.frames += 1
        }
        // The app's own output between the reports: XCTest's activity lines and the app's log.
        func appOutput(_ round: Int) {
            for step in 0..<rng.within(26...36) {
                switch rng.below(4) {
                case 0: line("    t = \(String(format: "%8.2f", clock - 36_000))s Tap \"Row \(round % 97)\" Button (step \(step))")
                case 1: line("    t = \(String(format: "%8.2f", clock - 36_000))s     Wait for com.example.FeedApp to idle")
                case 2: line("\(stamp()) [Network] GET /feed?page=\(round % 50)&cursor=\(rng.below(1 << 30)) 200 (\(rng.within(12...480)) ms)")
                default: line("\(stamp()) FeedStore: applied \(rng.within(1...40)) item(s), \(rng.within(0...9)) removed, version \(round * 7 + step)")
                }
            }
        }

        if let longReport {
            // One report of `longReport` frames: frame S is attribute 8 + 4·(S-1), S from the top;
            // the bottom frame is N, so the loop is the whole stack.
            let n = 4
            header(n)
            line("digraph {")
            for i in 0..<longReport {
                line("  _\(8 + 4 * i)[label=\"\(8 + 4 * i): DynamicBody<ViewBodyAccessor<StackRow\(i)>>\" fillcolor=\"#ffffcc\"];")
                counts.labels += 1
                try flush()
            }
            line("}")
            line("=== Evaluation stack ===")
            for i in 0..<longReport - 1 {
                frame(longReport - 1 - i, 8 + 4 * i, inputs: 1, flags: "PD")
                try flush()
            }
            frame(0, n, inputs: 1, flags: "PDV")
            line("===")
        }

        var round = 0
        while counts.reports < target {
            let base = 100_000 + (round % 40) * 4_096
            appOutput(round)
            for (view, tokens) in [("FeedView", "@self, @identity, _items"), ("FeedRow", "_isExpanded"), ("FeedRow", "unchanged")] {
                line(tokens == "unchanged" ? "\(view): unchanged." : "\(view): \(tokens) changed.")
                counts.bodyRuns += 1
            }
            // A stack cut by whoever pasted or truncated the log.
            header(base)
            line("")
            line("=== Evaluation stack ===")
            for s in stride(from: 23, through: 2, by: -1) { frame(s, base + 48 + 40 * (23 - s), inputs: 1 + (s % 3), flags: "PD") }
            line("frame 1.0: attribute \(base + 2_000); count=1, index")
            counts.frames += 1
            counts.cutReports += 1
            appOutput(round)
            // Two attributes alternating, headers alone (AG_PRINT_CYCLES=1).
            for i in 0..<10 { header(base + ([0, 1, 1, 0, 0, 0, 1, 1, 0, 0][i] == 0 ? 3_000 : 3_464)) }
            line("\(stamp()) [SwiftUI] Modifying state during view update, this will cause undefined behavior.")
            counts.warnings += 1
            // A whole level-3 report: the digraph's labels name the frames.
            let n = base + 3_800
            header(n)
            line("digraph {")
            for (attribute, label) in [(n, "DynamicBody<ViewBodyAccessor<FeedRow>>"), (n + 40, "LayoutComputer"),
                                       (n + 80, "DynamicBody<ViewBodyAccessor<RowHeightReader>>")] {
                line("  _\(attribute)[label=\"\(attribute): \(label)\" fillcolor=\"#ffcccc\"];")
                counts.labels += 1
            }
            line("  _\(n) -> _\(n + 40)[color=red];")
            line("  _\(n + 40) -> _\(n + 80);")
            line("}")
            line("=== Evaluation stack ===")
            frame(2, n + 80, inputs: 2, flags: "PD")
            frame(1, n + 40, inputs: 1, flags: "PD")
            frame(0, n, inputs: 3, flags: "PDV")
            line("===")
            header(base + 4_200)
            header(base + 4_200)
            round += 1
            try flush()
        }
        try out.withUnsafeBytes { try sink.write($0) }
        counts.bytes += out.count
        counts.seconds = Date().timeIntervalSince(started)
        return counts
    }
}
