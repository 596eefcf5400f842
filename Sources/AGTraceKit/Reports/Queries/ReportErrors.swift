/// The command line asked for something no report does: an unknown report, a missing or
/// superfluous option. The CLI prints it with the usage and exits 2.
public struct ReportUsageError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The database cannot answer: an unknown label, a snapshot without profile data, an attribute
/// no node has. Exit 1.
public struct ReportError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
