/// The limits of `check` from the words given for them (`--tolerance 18.4`, `--max-drop none`):
/// read once here for the command line and the MCP server's `check` tool, with the same
/// messages. A value that is not one is a usage problem.
extension CheckLimits {
    public static func parse(tolerance: String?, minCount: Int?, maxDrop: String?, maxCycles: String?,
                             maxWarnings: String?) throws -> CheckLimits {
        var limits = CheckLimits()
        if let text = tolerance {
            guard let tolerance = Tolerance(text) else {
                throw CheckProblem(.usage, "--tolerance is a percentage of growth allowed: a decimal from 0 to \(Tolerance.maxPercent) with at most \(Tolerance.maxScale) digits after the point (10, 10%, 18.4), not '\(text)'")
            }
            limits.tolerance = tolerance
        }
        if let minCount {
            guard minCount >= 0 else {
                throw CheckProblem(.usage, "--min-count is a number of updates, 0 or more, not \(minCount)")
            }
            limits.minCount = Int64(minCount)
        }
        if let text = maxDrop {
            if text == "none" {
                limits.maxDrop = nil
            } else {
                guard let drop = Tolerance(text), drop.percent <= 100 else {
                    throw CheckProblem(.usage, "--max-drop is a percentage from 0 to 100 (50, 75%, 12.5) or none, not '\(text)'")
                }
                limits.maxDrop = drop
            }
        }
        if let text = maxCycles {
            guard let n = Int(text), n >= 0 else {
                throw CheckProblem(.usage, "--max-cycles is a whole number of cycle reports (0: none allowed), not '\(text)'")
            }
            limits.maxCycles = n
        }
        if let text = maxWarnings {
            guard let n = Int(text), n >= 0 else {
                throw CheckProblem(.usage, "--max-warnings is a whole number of SwiftUI warnings (0: none allowed), not '\(text)'")
            }
            limits.maxWarnings = n
        }
        return limits
    }
}
