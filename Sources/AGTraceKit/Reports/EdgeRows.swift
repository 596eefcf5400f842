import Foundation

/// One snapshot's edges as compare-edges gives them, in the table's (source, reader) order:
/// streamed from the statement, or read into memory beforehand (24 bytes an edge) on a thread
/// and read-only connection of their own, so that reading them overlaps the comparison's node
/// phase on the other core.
struct EdgeRows {
    private let stmt: Statement?
    private var rows: [(src: Int64, dst: Int64, offset: Int64)] = []
    private var at = -1

    static func streamed(_ db: Database, snapshot: Int64) throws -> EdgeRows {
        EdgeRows(stmt: try ReportRegistry.query("compare-edges").prepare(in: db, ["snapshot": .integer(snapshot)]))
    }

    /// The edges read on another thread; the function returned waits for them. Nil where no
    /// second connection can be had (an in-memory database); the function gives nil when the
    /// read failed, and the caller streams them itself (its error then says what is wrong).
    static func inBackground(path: String, snapshot: Int64) -> (() -> EdgeRows?)? {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return nil }
        final class Result: @unchecked Sendable {
            var rows: EdgeRows?
            let done = DispatchSemaphore(value: 0)
        }
        let result = Result()
        let thread = Thread {
            defer { result.done.signal() }
            guard let db = try? DatabaseOpener.open(path, mode: .read),
                  var streamed = try? EdgeRows.streamed(db, snapshot: snapshot) else { return }
            var read = EdgeRows(stmt: nil)
            do {
                while try streamed.step() { read.rows.append((streamed.src, streamed.dst, streamed.offset)) }
            } catch {
                return
            }
            result.rows = read
        }
        thread.start()
        return {
            result.done.wait()
            return result.rows
        }
    }

    private init(stmt: Statement?) { self.stmt = stmt }

    /// Moves to the next edge; false after the last.
    mutating func step() throws -> Bool {
        if let stmt { return try stmt.step() }
        at += 1
        return at < rows.count
    }

    var src: Int64 { stmt?.int64(0) ?? rows[at].src }
    var dst: Int64 { stmt?.int64(1) ?? rows[at].dst }
    var offset: Int64 { stmt?.int64(2) ?? rows[at].offset }
}
