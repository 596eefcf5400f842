import AGTraceKit
import CommandLineOptions
import Foundation

enum McpCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "mcp"
    static let summary = "Serve the database to coding agents: a Model Context Protocol server on stdio"
    static let usage = [UsageForm([.optional(root)])]
    static let discussion = """
    Speaks MCP (JSON-RPC 2.0, one message a line) on standard input and output, for a coding
    agent (Xcode, Claude Code, Cursor) to call agtrace's questions as tools: import, list,
    query, report, why, walk, diff, compare, cycles and check, each with the options and
    meaning of the command of its name and a structured result equal to its --format json.
    Resources: the schema reference, the canned reports, each stored recording's summary;
    prompts: why a view re-renders, what regressed between A and B, explain a cycle.
    Both eras of the protocol are served: 2026-07-28 (stateless: each request carries its
    version; server/discover) and the initialize handshake (2025-11-25, 2025-06-18).
    The database is opened read-only but by the import tool; tools read files only under
    --root (default: the current directory), links resolved. Answers are capped (rows, bytes)
    with a note when cut; a query stops after its time cap or when the client cancels it.
    Diagnostics go to stderr. It ends when standard input does. docs/agents.md shows how to
    register it and three investigations.

    Examples:
      agtrace mcp --db agtrace.db --root .
      claude mcp add agtrace -- agtrace mcp --db "$PWD/agtrace.db" --root "$PWD"
    """
    static let root = OptionSpec(name: "root", valueName: "DIR", help: "the folder whose files the tools may read (default: the current directory)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let folder: RootFolder
        do {
            folder = try RootFolder(args.value(root) ?? FileManager.default.currentDirectoryPath)
        } catch let e as ToolError {
            throw UsageError(message: e.message)
        }
        signal(SIGPIPE, SIG_IGN)
        let err = LockedSink(context.err)
        var configuration = MCPServer.Configuration(databasePath: context.databasePath, root: folder, version: version)
        configuration.limits = ServerLimits(environment: ProcessInfo.processInfo.environment)
        let server = MCPServer(configuration: configuration, writer: MessageWriter(fd: 1)) { line in
            err.write(terminalSafe(line) + "\n")
        }
        err.write("agtrace mcp: serving \(terminalSafe(context.databasePath)) (files under \(terminalSafe(folder.path))) on stdio\n")
        server.serve(MessageReader(fd: 0, maxLine: configuration.limits.maxMessageBytes))
        return 0
    }
}

/// Standard error written from the server's threads, a line at a time.
final class LockedSink: @unchecked Sendable {
    private let sink: TextSink
    private let lock = NSLock()
    init(_ sink: TextSink) { self.sink = sink }
    func write(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        sink.write(text)
    }
}
