/// Where a comparison is in one side's rows, which come either from a statement as it steps
/// or from arrays read beforehand (`count` of them, row `at`): NodeRows and EdgeRows read
/// their columns from whichever it is.
struct RowCursor {
    let statement: Statement?
    /// Rows held in memory, when there is no statement.
    let count: Int
    private(set) var at = -1

    init(_ statement: Statement) {
        self.statement = statement
        count = 0
    }

    init(rowsInMemory count: Int) {
        statement = nil
        self.count = count
    }

    /// Moves to the next row; false after the last.
    @inline(__always)
    mutating func step() throws -> Bool {
        if let statement { return try statement.step() }
        at += 1
        return at < count
    }
}
