/// How `export perfetto` lays one kind out in time (`KindHooks.timeline`).
public struct TimelineHook: Sendable {
    /// The option of another kind it takes beside its own, whose rows name its nodes (a run:
    /// `snapshot`, a dump of the same process); nil when it names its own.
    public var namedBy: String?
    /// Why nothing else may be given with it ("an Instruments recording names its own views
    /// and threads"); nil when only `namedBy` is refused company.
    public var alone: String?
    /// The timeline of the labelled row.
    public var make: @Sendable (TimelineInput) throws -> TimelineSpool

    public init(namedBy: String? = nil, alone: String? = nil, make: @escaping @Sendable (TimelineInput) throws -> TimelineSpool) {
        self.namedBy = namedBy
        self.alone = alone
        self.make = make
    }
}

/// What a timeline is made from: the row (its label and id), the naming row when given, the
/// database, and where to say what qualifies it.
public struct TimelineInput {
    public let label: String
    public let id: Int64
    public let naming: (label: String, id: Int64)?
    public let db: Database
    public let log: CommandLog
}
