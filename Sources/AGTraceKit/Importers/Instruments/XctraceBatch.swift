/// What the reader hands the writer thread at a time: values, children and rows in flat arrays,
/// their texts in one byte buffer, so that a record costs no allocation or reference count of
/// its own (a 1 GB export holds ~5M values and ~2.4M rows); and the few other records (a toc's
/// runs and tables, a table's head and end) in order, each with how many values, children and
/// rows came before it, which is all the order the writer needs: every row it writes has its
/// key. A struct, filled in place where the pipeline holds it (a class's method called per
/// value cost a reference count each); it crosses in a `Box`, and an emptied one keeps its
/// storage and is filled again.
struct XctraceBatch {
    /// What the queue hands over: one thread has it at a time (the reader fills its batch, the
    /// writer empties it).
    final class Box {
        @exclusivity(unchecked) var batch = XctraceBatch()
    }

    /// A range of `bytes`; `count < 0`: no text (NULL).
    struct Text {
        var start: Int32
        var count: Int32
        static let none = Text(start: 0, count: -1)
    }

    struct Value {
        var id: Int64
        var number: Int64
        var hasNumber: Bool
        var tag: Text, raw: Text, fmt: Text, attributes: Text
    }

    enum Other {
        case run(XctraceRun)
        case toc(run: Int, position: Int, schema: String, attributes: String?)
        case table(XctraceTableHead, id: Int64)
        case tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool)
    }

    /// An `Other` after the first `values` values, `children` children and `rows` rows.
    struct Mark {
        var values, children, rows: Int
        var record: Other
    }

    /// A row's part of `rows`: its table's id, its position, then a value id per fixed slot.
    static let rowWidth = XctraceSchemas.fixedSlots + 2

    /// Sent when one of these is reached: what waits in the queue stays bounded (a batch is
    /// at most these plus one value's texts, each at most the tokenizer's longest token).
    static let maxValues = 4096, maxRows = 2048, maxChildren = 4096, maxBytes = 256 << 10, maxMarks = 1024

    private(set) var values: [Value] = []
    private(set) var bytes: [UInt8] = []
    /// (parent, position, child) in turn.
    private(set) var children: [Int64] = []
    private(set) var rows: [Int64] = []
    /// The `more` JSON of the rows that have one, by row index in this batch.
    private(set) var more: [Int: String] = [:]
    private(set) var marks: [Mark] = []

    var rowCount: Int { rows.count / Self.rowWidth }
    var childCount: Int { children.count / 3 }
    var isEmpty: Bool { values.isEmpty && children.isEmpty && rows.isEmpty && marks.isEmpty }
    var isFull: Bool {
        values.count >= Self.maxValues || rows.count >= Self.maxRows * Self.rowWidth
            || children.count >= Self.maxChildren * 3 || bytes.count >= Self.maxBytes || marks.count >= Self.maxMarks
    }

    init() {
        values.reserveCapacity(Self.maxValues)
        rows.reserveCapacity(Self.maxRows * Self.rowWidth)
        bytes.reserveCapacity(Self.maxBytes)
    }

    mutating func add(_ other: Other) {
        marks.append(Mark(values: values.count, children: childCount, rows: rowCount, record: other))
    }

    @inline(__always)
    mutating func addValue(id: Int64, tag: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>?, number: Int64?,
                  fmt: UnsafeBufferPointer<UInt8>?, attributes: UnsafeBufferPointer<UInt8>?) {
        let t = text(tag)
        let r = raw.map { text($0) } ?? .none
        let f = fmt.map { text($0) } ?? .none
        let a = attributes.map { text($0) } ?? .none
        values.append(Value(id: id, number: number ?? 0, hasNumber: number != nil, tag: t, raw: r, fmt: f, attributes: a))
    }

    @inline(__always)
    mutating func addChild(parent: Int64, position: Int, child: Int64) {
        children.append(parent)
        children.append(Int64(position))
        children.append(child)
    }

    @inline(__always)
    mutating func addRow(table: Int64, position: Int, cells: UnsafeBufferPointer<Int64>, more: String?) {
        if let more { self.more[rowCount] = more }
        rows.append(table)
        rows.append(Int64(position))
        let n = min(cells.count, XctraceSchemas.fixedSlots)
        rows.append(contentsOf: UnsafeBufferPointer(rebasing: cells[0..<n]))
        if n < XctraceSchemas.fixedSlots { rows.append(contentsOf: repeatElement(0, count: XctraceSchemas.fixedSlots - n)) }
    }

    @inline(__always)
    private mutating func text(_ b: UnsafeBufferPointer<UInt8>) -> Text {
        let start = bytes.count
        bytes.append(contentsOf: b)
        return Text(start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: b.count))
    }

    mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        more.removeAll()
        marks.removeAll()
    }
}
