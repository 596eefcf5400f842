/// One row `findings` reads, as its kind's hook sees it (`KindHooks.findings`): its id and
/// label, the database, the thresholds, the request, and where to say what qualifies the answer.
struct FindingsContext {
    let id: Int64
    let label: String
    let db: Database
    let limits: FindingThresholds
    let request: FindingsRequest
    /// Says a note (a warning on stderr, and in the result's notes).
    let note: (String) -> Void
}
