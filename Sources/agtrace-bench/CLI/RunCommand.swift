import CommandLineOptions
import Foundation

/// `run [--quick] [--out FILE] …`: the side-by-side benchmark (see BenchmarkRun).
enum RunCommand {
    static let quick = OptionSpec(name: "quick", valueName: nil, help: "smaller inputs, 1 round unless --pairs (a smoke test)")
    static let out = OptionSpec(name: "out", valueName: "FILE", help: "the Markdown table to write (default Benchmarks/results.md)")
    static let agtrace = OptionSpec(name: "agtrace", valueName: "PATH", help: "the agtrace to time (default .build/release/agtrace)")
    static let python = OptionSpec(name: "python", valueName: "PATH", help: "the Python of the baselines (default python3)")
    static let scripts = OptionSpec(name: "scripts", valueName: "DIR", help: "where the Python baselines are (default Benchmarks)")
    static let work = OptionSpec(name: "work", valueName: "DIR", help: "where the inputs are generated (default Benchmarks/out)")
    static let pairs = OptionSpec(name: "pairs", valueName: "N", help: "rounds per comparison (default 5)", kind: .count)
    static let timeout = OptionSpec(name: "timeout", valueName: "SECONDS", help: "a contender's time limit (default 600)", kind: .seconds)
    static let regenerate = OptionSpec(name: "regenerate", valueName: nil, help: "generate the inputs again even when they exist")
    static let only = OptionSpec(name: "only", valueName: "GROUPS",
                                 help: "run only these row groups, comma-separated: 1 (rows 1-2, with 7 and 8), 3, 4, 5, 6, 9, 10, 11, 12, sweep (default all)",
                                 kind: .text)
    static let usage = UsageForm([.optional(quick), .optional(out), .optional(agtrace), .optional(python), .optional(scripts), .optional(work),
                                  .optional(pairs), .optional(timeout), .optional(regenerate), .optional(only)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "run") else { return }
        var options = RunOptions()
        options.quick = args.has(quick)
        options.regenerate = args.has(regenerate)
        options.out = args.value(out) ?? options.out
        if let agtrace = args.value(Self.agtrace) {
            options.agtrace = agtrace
            options.agtraceGiven = true
        }
        options.python = args.value(python) ?? options.python
        options.scripts = args.value(scripts) ?? options.scripts
        options.work = args.value(work) ?? options.work
        options.pairs = args.count(pairs).map { max(1, $0) }
        if let timeout = args.value(Self.timeout) { options.timeout = Double(timeout)! }
        if let groups = args.value(only) {
            let known: Set<String> = ["1", "3", "4", "5", "6", "9", "10", "11", "12", "sweep"]
            let chosen = Set(groups.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
            guard !chosen.isEmpty, chosen.isSubset(of: known) else {
                throw UsageError("--only takes row groups among 1, 3, 4, 5, 6, 9, 10, 11, 12, sweep (got '\(groups)')")
            }
            options.only = chosen
        }
        try BenchmarkRun(options: options).run()
    }
}
