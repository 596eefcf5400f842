import CSQLite

/// A value a statement parameter takes: integers, reals, text, booleans, and nil as NULL.
public protocol SQLBindable {
    func bind(to statement: Statement, at index: Int32)
    /// The value as SQLite stores it (for an error's arguments).
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable {
    public var sqlValue: SQLValue { .integer(self) }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, self) }
}
extension Int: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, Int64(self)) }
}
extension Int32: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, Int64(self)) }
}
extension UInt32: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, Int64(self)) }
}
extension Double: SQLBindable {
    public var sqlValue: SQLValue { .real(self) }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, self) }
}
extension Bool: SQLBindable {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, self) }
}
extension String: SQLBindable {
    public var sqlValue: SQLValue { .text(self) }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, self) }
}
extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
    @inline(__always) public func bind(to s: Statement, at i: Int32) { s.bind(i, self) }
}
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
    @inline(__always) public func bind(to s: Statement, at i: Int32) {
        if let self { self.bind(to: s, at: i) } else { s.bindNull(i) }
    }
}

extension Statement {
    @inline(__always) public func bindNull(_ i: Int32) { checkBind(sqlite3_bind_null(handle, i), i) }

    /// Binds one row's values to the parameters from `column` on, in order; returns the
    /// column after them. For statements run once per file or per rare record: the optimizer
    /// does not turn the pack into plain calls, and in the per-row writers (ArchiveStore,
    /// TraceStore, RunStore) it cost a fifth of a trace import, so those bind through
    /// `columns(from:)` or by hand.
    @inline(__always) @discardableResult
    public func bindRow<each V: SQLBindable>(at column: Int32, _ values: repeat each V) -> Int32 {
        var c = column
        for value in repeat each values {
            value.bind(to: self, at: c)
            c += 1
        }
        return c
    }

    /// Binds `values` to parameters ?1, ?2, … and runs the statement: one value for each
    /// parameter (else SQLITE_MISUSE "wrong number of statement arguments", as GRDB says). A
    /// failure carries the values as its `arguments`.
    @inline(__always)
    public func runRow<each V: SQLBindable>(_ values: repeat each V) throws {
        let next = bindRow(at: 1, repeat each values)
        do {
            guard Int(next) - 1 == parameterCount else {
                throw DatabaseError.wrongArgumentCount(Int(next) - 1, path: database.path, sql: sql)
            }
            try run()
        } catch var error as DatabaseError {
            var arguments: [SQLValue] = []
            for value in repeat each values { arguments.append(value.sqlValue) }
            error.arguments = arguments
            throw error
        }
    }
}

extension Statement {
    /// The parameters from `column` on, bound one after another: `s.columns(from: c).bind(a).bind(b)`.
    /// For the per-row writers: each step is a plain generic call, inlined as binding by hand
    /// is (the pack of `bindRow` is not), and no parameter is numbered by hand.
    @inline(__always) public func columns(from column: Int32) -> ColumnBinder { ColumnBinder(statement: Unmanaged.passUnretained(self), column: column) }
}

/// The next parameter of a row being bound (`Statement.columns(from:)`).
public struct ColumnBinder {
    // Unmanaged, used as a guaranteed reference: a binder lives inside one expression of its
    // statement's caller, who holds the statement. A strong reference cost a retain and a
    // release per bound value once a bind could note a refusal (8% of a trace's import).
    let statement: Unmanaged<Statement>
    let column: Int32

    @inline(__always) init(statement: Unmanaged<Statement>, column: Int32) {
        self.statement = statement
        self.column = column
    }

    @inline(__always) @discardableResult
    public func bind<V: SQLBindable>(_ value: V) -> ColumnBinder {
        let column = self.column
        statement._withUnsafeGuaranteedRef { value.bind(to: $0, at: column) }
        return ColumnBinder(statement: statement, column: column + 1)
    }
}
