// The values `check`'s limits are given as (`--tolerance 18.4`, `--max-drop none`,
// `--max-cycles 0`), each read once from its text by its type: the command line's parser and
// the MCP server's `check` tool make them the same way, with the same messages.

/// `--tolerance`, `--time-tolerance`: growth allowed, a decimal percentage.
extension Tolerance: ArgumentValue {
    public init(argument text: String) throws(ArgumentRefusal) {
        guard let tolerance = Tolerance(text) else {
            throw ArgumentRefusal("is a percentage of growth allowed: a decimal from 0 to \(Tolerance.maxPercent) with at most \(Tolerance.maxScale) digits after the point (10, 10%, 18.4), not '\(text)'")
        }
        self = tolerance
    }

    public static var placeholder: String { "PCT" }
}

/// `--max-drop`: a drop of the total by more than this percentage fails as suspicious; `none`:
/// no limit.
public struct MaxDrop: ArgumentValue, Equatable {
    /// nil: no limit.
    public let limit: Tolerance?

    public init(argument text: String) throws(ArgumentRefusal) {
        if text == "none" {
            limit = nil
            return
        }
        guard let drop = Tolerance(text), drop.percent <= 100 else {
            throw ArgumentRefusal("is a percentage from 0 to 100 (50, 75%, 12.5) or none, not '\(text)'")
        }
        limit = drop
    }

    public static var placeholder: String { "PCT" }
}

/// `--min-count`: growth smaller than this many updates never regresses.
public typealias MinCount = WholeNumber<Updates>
public enum Updates: WholeNumberBound {
    public static let least = 0
    public static func refusal(below value: Int) -> ArgumentRefusal { ArgumentRefusal("is a number of updates, 0 or more, not \(value)") }
}

/// `--max-cycles`: more cycle reports than this fail the check.
public typealias MaxCycles = WholeNumber<AllowedCount<CycleReports>>
/// `--max-warnings`: more SwiftUI runtime warnings than this fail the check.
public typealias MaxWarnings = WholeNumber<AllowedCount<SwiftUIWarnings>>

/// A count the check allows, 0 (none allowed) or more, of `Counted`.
public enum AllowedCount<Counted: CountedThing>: WholeNumberBound {
    public static var least: Int { 0 }
    public static func refusal(below value: Int) -> ArgumentRefusal {
        ArgumentRefusal("is a whole number of \(Counted.plural) (0: none allowed), not '\(value)'")
    }
}

/// What an allowed count counts, as its refusal names it.
public protocol CountedThing: Sendable { static var plural: String { get } }
public enum CycleReports: CountedThing { public static let plural = "cycle reports" }
public enum SwiftUIWarnings: CountedThing { public static let plural = "SwiftUI warnings" }

extension CheckLimits {
    /// The limits the options give (nil: not given, the default).
    public init(tolerance: Tolerance?, minCount: MinCount?, maxDrop: MaxDrop?, maxCycles: MaxCycles?, maxWarnings: MaxWarnings?) {
        self.init()
        if let tolerance { self.tolerance = tolerance }
        if let minCount { self.minCount = Int64(minCount.value) }
        if let maxDrop { self.maxDrop = maxDrop.limit }
        self.maxCycles = maxCycles?.value
        self.maxWarnings = maxWarnings?.value
    }
}
