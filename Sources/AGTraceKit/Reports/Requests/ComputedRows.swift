/// Rows a command computed whole (`why`, `walk`), for the CLI to print in the format asked.
public struct ComputedRows: Equatable, Sendable {
    public var columns: [String]
    public var rows: [[SQLValue]]
    /// The columns' units, for table and markdown output.
    public var units: [String: ColumnUnit]

    public init(columns: [String], rows: [[SQLValue]], units: [String: ColumnUnit] = [:]) {
        self.columns = columns
        self.rows = rows
        self.units = units
    }
}
