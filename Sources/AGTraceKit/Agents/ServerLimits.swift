/// What keeps the server bounded whatever it is asked: the size of a message read, the rows
/// and bytes of a tool's answer, a query's time, the requests worked on at once.
public struct ServerLimits: Sendable {
    /// A line (one message) longer than this is read past and answered with an error. A
    /// client's messages are small (a tool's arguments; SQL, which `query` takes up to 1 MB
    /// from a file too), and a message read is held as values several times its size.
    public var maxMessageBytes = 1 << 20
    /// Rows a tool returns at most (a `limit` argument can ask for fewer, never more).
    public var maxRows = 500
    /// Bytes of a tool's structured rows at most; rows beyond are cut, with a note.
    public var maxResultBytes = 1 << 20
    /// Seconds a `query` runs before it is interrupted (a `timeoutSeconds` argument can ask
    /// for less, or up to `maxQuerySeconds`).
    public var querySeconds = 10.0
    public var maxQuerySeconds = 60.0
    /// Requests worked on at once; the next waits for one to finish.
    public var concurrentRequests = 8
    /// Tools, resources and prompts per page of a list.
    public var pageSize = 50

    public init() {}

    /// The defaults, with what the environment sets: `AGTRACE_MCP_PAGE_SIZE` (a page of a
    /// list, 1 or more; the tests make it small to see the cursors at work). A value that is no
    /// such number leaves the default.
    public init(environment: [String: String]) {
        self.init()
        if let text = environment["AGTRACE_MCP_PAGE_SIZE"], let size = Int(text), size >= 1 { pageSize = size }
    }
}
