/// What each parameter of a statement reused for many steps was last bound to. SQLite keeps a
/// statement's bindings across `sqlite3_reset`, so a value equal to the one already bound is
/// not bound again: in a multi-row insert, row k of one step often repeats row k of the last
/// (the same function, breakpoint, thread, module, a NULL column), and each bind is a call
/// into SQLite that takes the connection's mutex and releases the old value.
///
/// Text is compared by address and length: it must be bound without copying (`bindStatic`)
/// from storage whose bytes at that address stay the same, or be rewritten in place before
/// each step (SQLite reads static text when it steps, so the new bytes are what it stores).
struct BoundValues {
    private enum Kind: UInt8 { case unknown, null, integer, text }
    private var kinds: [Kind]
    /// The integer, or the text's address.
    private var values: [Int64]
    private var lengths: [Int]

    /// For a statement of `parameters` parameters whose bindings are not known (all are bound).
    init(parameters: Int) {
        kinds = Array(repeating: .unknown, count: parameters + 1)
        values = Array(repeating: 0, count: parameters + 1)
        lengths = Array(repeating: 0, count: parameters + 1)
    }

    @inline(__always)
    mutating func bind(_ s: Statement, _ i: Int32, _ v: Int64?) {
        let k = Int(i)
        if let v {
            if kinds[k] == .integer && values[k] == v { return }
            kinds[k] = .integer
            values[k] = v
        } else {
            if kinds[k] == .null { return }
            kinds[k] = .null
        }
        s.bind(i, v)
    }

    @inline(__always) mutating func bind(_ s: Statement, _ i: Int32, _ v: Int?) { bind(s, i, v.map(Int64.init)) }
    @inline(__always) mutating func bind(_ s: Statement, _ i: Int32, _ v: UInt32?) { bind(s, i, v.map(Int64.init)) }

    @inline(__always)
    mutating func bindNull(_ s: Statement, _ i: Int32) { bind(s, i, nil as Int64?) }

    @inline(__always)
    mutating func bindStatic(_ s: Statement, _ i: Int32, _ text: UnsafeBufferPointer<UInt8>) {
        let k = Int(i)
        let address = Int64(Int(bitPattern: text.baseAddress))
        if kinds[k] == .text && values[k] == address && lengths[k] == text.count { return }
        kinds[k] = .text
        values[k] = address
        lengths[k] = text.count
        s.bindStatic(i, text)
    }
}
