import Foundation

/// `run [--quick] [--out FILE] …`: the side-by-side benchmark (see BenchmarkRun).
enum RunCommand {
    static func run(_ words: [String]) throws {
        let args = try Arguments(words, options: ["out", "agtrace", "python", "scripts", "work", "pairs", "timeout"],
                                 flags: ["quick", "regenerate", "help"])
        if args.flag("help") { print(Usage.text); return }
        var options = RunOptions()
        options.quick = args.flag("quick")
        options.regenerate = args.flag("regenerate")
        options.out = args.string("out") ?? options.out
        if let agtrace = args.string("agtrace") {
            options.agtrace = agtrace
            options.agtraceGiven = true
        }
        options.python = args.string("python") ?? options.python
        options.scripts = args.string("scripts") ?? options.scripts
        options.work = args.string("work") ?? options.work
        options.pairs = try args.int("pairs").map { max(1, $0) }
        if let timeout = args.string("timeout") {
            guard let seconds = Double(timeout), seconds > 0 else { throw UsageError("--timeout: not a number of seconds: \(timeout)") }
            options.timeout = seconds
        }
        try BenchmarkRun(options: options).run()
    }
}
