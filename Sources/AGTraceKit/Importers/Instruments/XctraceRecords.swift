/// What the xctrace reader finds, in document order: a toc's runs and tables, each table's
/// head (schema and columns), its values (each element once, by its id), the children of
/// compound values, and its rows as value ids in slots. The writer (`XctraceStore`) turns them
/// into rows; the reader never touches SQLite.
protocol XctraceSink: AnyObject {
    func run(_ run: XctraceRun) throws
    func tocTable(run: Int, position: Int, schema: String, attributes: String?) throws
    /// A table whose rows follow; returns its id for the rows.
    func table(_ head: XctraceTableHead) throws -> Int64
    /// A value: `tag` its element's name, `raw` its text when `number` does not hold it, `fmt`
    /// its display text when that differs from the text, `attributes` its others as a JSON
    /// object (buffers valid during the call only).
    func value(id: Int64, tag: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>?, number: Int64?,
               fmt: UnsafeBufferPointer<UInt8>?, attributes: UnsafeBufferPointer<UInt8>?) throws
    func child(parent: Int64, position: Int, child: Int64) throws
    /// A row: `cells[slot]` the value id, 0 for none (a sentinel, a missing cell).
    func row(table: Int64, position: Int, cells: UnsafeBufferPointer<Int64>, more: String?) throws
    func tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool) throws
}

/// A toc's `<run>`: its target and summary, as written (NULL when not given).
struct XctraceRun {
    var number: Int
    /// The target's `<device>`: `name`, `model`, `uuid`, `platform`, `os-version`.
    var device, deviceModel, deviceUUID, platform, osVersion: String?
    /// The target's `<process>`: `name`, `pid`.
    var process: String?
    var pid: Int64?
    /// The `<summary>`'s fields; the duration (seconds there) in ns.
    var template, instrumentsVersion, startDate, endDate, endReason: String?
    var durationNs: Int64?
}

/// A `<node>`'s `<schema>`: what a table is, before its rows.
struct XctraceTableHead {
    struct Column {
        var mnemonic, name, engineeringType: String?
        /// Where its cells go in `xctrace_rows` (`XctraceSchemas.slots`).
        var slot: Int
    }

    var position: Int
    var schema: String
    var xpath, documentation: String?
    /// Which document of the recording (a folder's file) it is in.
    var document: Int
    var columns: [Column]
}

/// An export read wrong: the file (a folder's member), the byte offset and the line.
public struct XctraceFormatError: InputProblem, CustomStringConvertible, Equatable {
    public var path: String
    public var offset: Int
    public var line: Int
    public var message: String
    public var notAnInput: Bool { false }
    public var description: String { "\(path): byte \(offset) (line \(line)): \(message)" }
}
