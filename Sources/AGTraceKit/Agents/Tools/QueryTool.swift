import Foundation

/// `query`: read-only SQL, as `agtrace query`, with a row cap and a time cap; a cancelled
/// call interrupts the statement.
enum QueryTool {
    static let tool = MCPTool(
        name: "query", title: "Run read-only SQL",
        description: DomainPrimer.describe("""
        One read-only SQL statement over the database (SQLite): a statement that would write \
        is refused, as `agtrace query` refuses it. The tables and views are documented in the \
        resource agtrace://schema (node_views names nodes by SwiftUI view; snapshots, runs, \
        traces hold the labels). At most `limit` rows (and never more than the server's cap), \
        stopped after timeoutSeconds. Prefer the report, why and walk tools for their questions.
        """),
        arguments: [
            ToolArgument("sql", .string, "the statement to run", required: true),
            ToolArgument("limit", .integer(minimum: 1, maximum: nil), "return at most this many rows"),
            ToolArgument("timeoutSeconds", .number(minimum: 0.1, maximum: 60), "stop the statement after this many seconds (default 10)"),
        ],
        outputSchema: ToolOutput.rowsSchema
    ) { args, context in
        let sql = try args.requiredString("sql")
        if sql.allSatisfy({ $0.isWhitespace || $0 == ";" }) {
            throw ToolError("query: the SQL is empty (give a statement, e.g. SELECT label FROM snapshots)")
        }
        let limit = min(Int(try args.int("limit", minimum: 1) ?? Int64(context.limits.maxRows)), context.limits.maxRows)
        let seconds = min(try args.number("timeoutSeconds") ?? context.limits.querySeconds, context.limits.maxQuerySeconds)
        let db = try context.openDatabase()
        let timedOut = Flag()
        let timer = DispatchWorkItem { timedOut.set(); db.interrupt() }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: timer)
        defer { timer.cancel() }
        let sink = BudgetedRows(maxBytes: context.limits.maxResultBytes)
        let more: Bool
        do {
            more = try QueryRunner.run(QuerySource(sql: sql), in: db, limit: limit, writer: sink)
        } catch let e as DatabaseError where e.isInterrupt || db.wasInterrupted {
            if timedOut.isSet {
                throw ToolError("query: stopped after \(seconds) s (timeoutSeconds); nothing was changed. Narrow the query (a WHERE, a LIMIT) or give a larger timeoutSeconds (at most \(context.limits.maxQuerySeconds))")
            }
            throw e
        }
        var notes: [String] = []
        if sink.cut { notes.append("query: the rows passed \(context.limits.maxResultBytes) bytes; the first \(sink.rows.count) returned (the server's byte cap)") }
        return ToolOutput.rows(columns: sink.columns, rows: sink.rows, more: more || sink.cut, notes: notes,
                               limits: context.limits, command: "query")
    }
}

/// Rows kept up to a number of bytes; past it, the producer is told to stop (`isClosed`).
final class BudgetedRows: RowSink {
    private(set) var columns: [String] = []
    private(set) var rows: [[SQLValue]] = []
    private(set) var cut = false
    private var bytes = 0
    private let maxBytes: Int
    init(maxBytes: Int) { self.maxBytes = maxBytes }
    var isClosed: Bool { cut }
    func begin(columns: [String]) { self.columns = columns }
    func row(_ values: [SQLValue]) {
        let size = values.reduce(16) { $0 + $1.description.utf8.count + 8 }
        if bytes + size > maxBytes { cut = true; return }
        bytes += size
        rows.append(values)
    }
    func end() {}
}

/// A flag set from another thread (a timer), read after.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
