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
    /// The row groups to run (`--only 1,5`: rows 1-2 with 7-8, row 5; `10`: the Instruments export; `11`: the cycles row); nil: all.
    var only: Set<String>?

    /// Whether row group `group` ("1", "3", "4", "5", "6", "9") is to run.
    func runs(_ group: String) -> Bool { only?.contains(group) ?? true }
}
