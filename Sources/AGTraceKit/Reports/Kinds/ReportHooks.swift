/// What `report` does with a kind's labels beyond binding them (`KindHooks.report`): each hook
/// is called when one of the kind's options is given, kinds in `ReportRunner.parameterKinds`'
/// order.
public struct ReportHooks: Sendable {
    /// Before the rows: warnings on the labels given together (a run named through a dump of
    /// another process), or a refusal (throws: a snapshot without the profile a variant needs).
    public var before: (@Sendable (ReportContext) throws -> [String])?
    /// Compute steps (`-- compute: NAME` in a query file's header) it declares: the step writes
    /// the rows itself (at most `request.limit`), and adds to the outcome.
    public var computes: [String: @Sendable (ReportContext, RowSink, inout ReportOutcome) throws -> Void]
    /// After the rows: notes on what they leave empty or out, and why.
    public var notes: (@Sendable (ReportContext) throws -> [String])?
    /// A failure of the statement said in the input's terms (a time beyond any clock: the file
    /// and the row), or nil to let it through as it is.
    public var failure: (@Sendable (DatabaseError, ReportContext) throws -> Error?)?

    public init(before: (@Sendable (ReportContext) throws -> [String])? = nil,
                computes: [String: @Sendable (ReportContext, RowSink, inout ReportOutcome) throws -> Void] = [:],
                notes: (@Sendable (ReportContext) throws -> [String])? = nil,
                failure: (@Sendable (DatabaseError, ReportContext) throws -> Error?)? = nil) {
        self.before = before
        self.computes = computes
        self.notes = notes
        self.failure = failure
    }
}

/// One report run as the hooks see it: the request, the variant chosen, the labels bound
/// (option -> id), the database, and after the rows how many were written.
public struct ReportContext {
    public let request: ReportRequest
    public let variant: QueryFile
    public let values: [String: SQLValue]
    public let db: Database
    /// Rows written (known after them).
    public var rows = 0

    /// The id bound for `option` (`trace`), if it was given.
    public func id(_ option: String) -> Int64? { values[option]?.intValue }
    /// The label given with `option`, or "" when none was.
    public func label(_ option: String) -> String { request.options[option] ?? "" }
}
