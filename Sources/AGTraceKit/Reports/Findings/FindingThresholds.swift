/// The numbers a finding must reach, each explained in docs/findings.md. Where published
/// guidance exists they are its numbers (Instruments' SwiftUI template marks a view body
/// update over 500 µs orange and over 1 ms red); the others are agtrace's own, chosen so that
/// the "lean" twin of every sample stays silent.
public struct FindingThresholds: Codable, Equatable, Sendable {
    /// Wasted body runs: at least this many runs that changed nothing…
    public var wastedRuns = 3
    /// … and at least this share of the view's runs (one in three).
    public var wastedShare = 1.0 / 3.0
    /// Broad invalidation: one write re-ran at least this many bodies…
    public var broadBodies = 3
    /// … more than this share of them unchanged (most).
    public var broadUnchangedShare = 0.5
    /// A `_printChanges` token re-running at least this many distinct views is a broad write.
    public var broadViews = 3
    /// Whole-object dependency: re-runs of one view by one object token.
    public var objectReruns = 3
    /// Identity churn: storage created anew this many times after the view had run.
    public var identityRecreations = 2
    /// Slow body: Instruments' "long view body update" (orange) …
    public var slowBodySeconds = 0.000_5
    /// … and its red mark, which makes the finding an error.
    public var verySlowBodySeconds = 0.001
    /// Update inside a hitch: a view's updates take at least this share of the hitch.
    public var hitchShare = 0.25
    /// Repeated body: evaluations of one body in one update of the graph.
    public var evaluationsPerPass = 2
    /// Repeating write: writes of one node…
    public var repeatingWrites = 10
    /// … whose intervals stay within this share of their median (a steady tick).
    public var tickSpread = 0.25

    public init() {}
}
