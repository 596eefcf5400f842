/// The traces of SampleArchives/traces (written by Scripts/make-sample-traces.py), named once
/// for the tests that import them.
enum SampleTraces {
    static let folder = CLI.samples + "/traces"
    /// Whole timestamps (fixed64): 65 events, 9 evaluations, 2 writes.
    static let trip = folder + "/trip-taps.ag-trace"
    /// Gzip'd, whole-second timestamps (its evaluations cannot be timed).
    static let planner = folder + "/planner-edit.ag-trace.gz"
    static let feed = folder + "/feed-select.ag-trace"
    /// The feed trace cut (no EndTrace).
    static let feedCut = folder + "/feed-select-cut.ag-trace"
    /// Two cycle reports through one body.
    static let sheet = folder + "/sheet-cycle.ag-trace"
}
