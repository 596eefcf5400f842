/// How a recording ended, the one answer every kind of recording gives: `complete` and
/// `end_reason` in its `imports` row (read through its kind's view: `runs`, `traces`, …). Each importer says it in its own words (`ImportedItem.ending`); common code
/// writes it, notes it and reads it back, so `check`, `baseline`, `compare`, `list` and the
/// reports take one answer from one place and never decide it again per kind.
///
/// - `complete` true: the recording ran to its end (a process that exited 0, a recorder
///   stopped normally, a trace with its EndTrace, a dump read whole).
/// - false: it did not, or cannot be trusted: a crash, a kill, a cut, a duration that cannot
///   be (negative, infinite). Its counts miss what the app did not get to, or its times are
///   wrong, and either would pass a gate as an improvement: `check` refuses it (exit 3).
/// - nil: unknown (a transcript or console that shows no end; an import by an older agtrace).
public struct RecordingEnding: Equatable, Sendable {
    public var complete: Bool?
    /// In words (`exited 0`, `crashed: Fatal error: …`, `no EndTrace`, `impossible durations: …`);
    /// nil when nothing was said.
    public var reason: String?

    public init(complete: Bool?, reason: String?) {
        self.complete = complete
        self.reason = reason
    }

    /// A recording that ended normally.
    public static func ended(_ reason: String?) -> RecordingEnding { RecordingEnding(complete: true, reason: reason) }
    /// One that did not (`reason` says how).
    public static func failed(_ reason: String) -> RecordingEnding { RecordingEnding(complete: false, reason: reason) }
    /// One whose end is not shown.
    public static func unknown(_ reason: String?) -> RecordingEnding { RecordingEnding(complete: nil, reason: reason) }

    /// A transcript's or console's end (`RecordingEnd`): complete for `exited 0` or `stopped`,
    /// unknown for `no end seen`, failed for anything else.
    public init(_ end: RecordingEnd) {
        if end.isComplete {
            self = .ended(end.reason)
        } else if end == .noEndSeen {
            self = .unknown(end.reason)
        } else {
            self = .failed(end.reason)
        }
    }

    /// What makes a recording doubtful besides its end (impossible durations): kept after a
    /// failed end (the first cause names the problem), else replaces it.
    public func doubted(_ doubt: String?) -> RecordingEnding {
        guard let doubt, complete != false else { return self }
        return .failed(doubt)
    }

    /// `complete` as stored: 1, 0 or NULL.
    var stored: SQLValue { complete.map { .integer($0 ? 1 : 0) } ?? .null }

    /// Reads `complete, end_reason` of `kind`'s row `id`; unknown for a kind whose table has no
    /// such columns (a format from outside the library that did not declare them).
    public static func read(_ kind: StoredKind, id: Int64, in db: Database) throws -> RecordingEnding {
        guard try kind.recordsEnding(in: db),
              let row = try db.rows("SELECT complete, end_reason FROM \(kind.table) WHERE id = ?1", [.integer(id)]).first else {
            return .unknown(nil)
        }
        return RecordingEnding(complete: row[0].intValue.map { $0 != 0 }, reason: row[1].stringValue)
    }

    /// The import note that says it, when the recording did not end normally (an end not
    /// shown is the format's to note: a transcript's is, a console's is the usual case).
    var note: ImportNote? {
        guard complete == false else { return nil }
        return ImportNote(.recordingEnd,
                          message: "the recording did not end normally (\(reason ?? "unknown")); 'check' refuses it unless --allow-incomplete")
    }
}

extension StoredKind {
    /// Whether its table has `complete` and `end_reason` (every kind the migrations create).
    func recordsEnding(in db: Database) throws -> Bool {
        guard !schema.isEmpty else { return true }
        let columns = try db.rows("SELECT name FROM pragma_table_info(?1)", [.text(table)]).compactMap { $0[0].stringValue }
        return columns.contains("complete") && columns.contains("end_reason")
    }
}
