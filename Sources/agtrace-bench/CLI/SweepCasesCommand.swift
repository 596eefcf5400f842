import CommandLineOptions
import Foundation

/// `sweep-cases [--raw]`: the command lines the scaling sweep makes from agtrace's
/// declarations, one a line, then what it cannot feed (exit 1 when anything): what `run --only
/// sweep` would time. `--raw` writes each line's words with what the sweep fills in per size
/// (`{db}`, `{label:L}`, `{file:L}`, `{value:SQL}`, `{out}`, `{scratch:NAME}`, `{sources}`),
/// tab-separated, after `setup` lines and a `fresh` line naming what its database holds: for
/// running the same lines with two builds of agtrace and comparing their outputs.
enum SweepCasesCommand {
    static let raw = OptionSpec(name: "raw", valueName: nil, help: "each line's words with the sweep's placeholders, tab-separated")
    static let usage = UsageForm([.optional(raw)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "sweep-cases") else { return }
        let (cases, gaps) = SweepFeeders().cases()
        var text = ""
        for c in cases {
            guard args.has(raw) else {
                text += c.title + "\n"
                continue
            }
            for step in c.setup { text += "setup\t" + step.map(\.raw).joined(separator: "\t") + "\n" }
            if let fresh = c.freshDatabase { text += "fresh\t" + fresh.joined(separator: "\t") + "\n" }
            text += "case\t\(c.exits.sorted().map(String.init).joined(separator: ","))\t" + c.words.map(\.raw).joined(separator: "\t") + "\n"
        }
        for gap in gaps { text += "cannot feed: agtrace \(gap.command) \(gap.piece): \(gap.why)\n" }
        FileHandle.standardOutput.write(text.data(using: .utf8)!)
        if !gaps.isEmpty { exit(1) }
    }
}

extension SweepWord {
    /// The word with its placeholder spelled out (`sweep-cases --raw`).
    var raw: String {
        switch self {
        case .text(let t): return t
        case .database: return "{db}"
        case .label(let l): return "{label:\(l)}"
        case .file(let input): return "{file:\(input)}"
        case .value(let v): return "{value:\(v.sql)}"
        case .output: return "{out}"
        case .scratch(let name): return "{scratch:\(name)}"
        case .sources: return "{sources}"
        }
    }
}
