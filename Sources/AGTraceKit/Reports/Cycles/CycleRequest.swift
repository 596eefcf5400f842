import Foundation

/// What `agtrace cycles` asked for: every report, or one console's, trace's or run's; the
/// frames named from a dump when `snapshot` is given.
public struct CycleRequest: Equatable, Sendable {
    public var console, trace, run, snapshot: String?

    public init(console: String? = nil, trace: String? = nil, run: String? = nil, snapshot: String? = nil) {
        self.console = console
        self.trace = trace
        self.run = run
        self.snapshot = snapshot
    }
}

/// The chains a request found, with what the dump said about them.
public struct CycleOutcome: Sendable {
    public var chains: [CycleChain]
    /// The dump's label, when one was given.
    public var snapshot: String?
    /// With a dump: whether it holds the input edge into each frame from the attribute the
    /// frame was reading (`CycleChain.reads`), by chain number and frame ordinal.
    public var edges: [Int: [Int: Bool]] = [:]

    /// One row per frame (one per chain without frames): what `agtrace cycles` prints.
    public var rows: ComputedRows { CycleRows.rows(self) }

    public func edge(chain: Int, ordinal: Int) -> Bool? { edges[chain]?[ordinal] }
}

/// Runs a cycles request: the chains, and in `log` what qualifies them (how many frames the
/// dump names, names it disagrees on, loop steps it holds no edge for).
public enum CycleRunner {
    public static func run(_ request: CycleRequest, in db: Database, log: CommandLog) throws -> CycleOutcome {
        let scopes = [(CycleOwnerKind.console, request.console), (.trace, request.trace), (.run, request.run)]
            .compactMap { kind, label in label.map { (kind, $0) } }
        guard scopes.count <= 1 else {
            throw ReportUsageError("give at most one of --console, --trace and --run (without one: every cycle report stored)")
        }
        let scope = try scopes.first.map { kind, label in (kind, try CycleOwners.id(kind, label, in: db)) }
        let snapshot = try request.snapshot.map { try LabelLookup.snapshotId($0, in: db) }
        let owners = try CycleRecords.owners(in: db, kind: scope?.0, owner: scope?.1)
        let chains = try CycleChains.read(in: db, owners: owners, snapshot: snapshot)
        if chains.isEmpty {
            let scopeWords = scopes.first.map { "\($0.0.rawValue) '\($0.1)'" } ?? "the database"
            log.say(.line("\(scopeWords) holds no cycle report"))
        }
        return try outcome(chains, snapshot: snapshot, label: request.snapshot, in: db, log: log)
    }

    /// The chains of the reports of these owners only (a page's recordings: `export html`
    /// shows the cycles of what it was given, never the rest of the database's).
    static func run(owners: [(kind: CycleOwnerKind, id: Int64)], snapshot label: String?, in db: Database,
                    log: CommandLog) throws -> CycleOutcome {
        let snapshot = try label.map { try LabelLookup.snapshotId($0, in: db) }
        let chains = try CycleChains.read(in: db, owners: owners.map { ($0.kind, $0.id) }, snapshot: snapshot)
        return try outcome(chains, snapshot: snapshot, label: label, in: db, log: log)
    }

    private static func outcome(_ chains: [CycleChain], snapshot: Int64?, label request: String?, in db: Database,
                                log: CommandLog) throws -> CycleOutcome {
        var outcome = CycleOutcome(chains: chains, snapshot: request)
        if let snapshot, let label = request {
            for chain in chains where !chain.frames.isEmpty {
                outcome.edges[chain.number] = try CycleSnapshotCheck.edges(chain, in: db, snapshot: snapshot, label: label, log: log)
                CycleSnapshotCheck.say(chain, label: label, log: log)
            }
        }
        return outcome
    }
}

/// Labels of the stored kinds that own cycle reports, to ids.
enum CycleOwners {
    static func id(_ kind: CycleOwnerKind, _ label: String, in db: Database) throws -> Int64 {
        guard let stored = InputFormats.storedKind(noun: kind.rawValue) else {
            throw ReportError("no \(kind.rawValue) labelled '\(label)' (see agtrace list)")
        }
        return try LabelLookup.id(of: label, kind: stored, in: db)
    }
}
