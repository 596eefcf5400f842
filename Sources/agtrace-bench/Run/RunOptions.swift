/// Settings of `run`.
struct RunOptions {
    var quick = false
    var out = "Benchmarks/results.md"
    var agtrace = ".build/release/agtrace"
    var agtraceGiven = false
    var python = "python3"
    var scripts = "Benchmarks"
    var work = "Benchmarks/out"
    /// Rounds per comparison (`--pairs`); nil: 5, or 1 with --quick.
    var pairs: Int?
    var timeout = 600.0
    var regenerate = false
}
