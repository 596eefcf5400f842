import Foundation

/// The methods of the protocol the server answers, each as the revision it is served in
/// shapes its result: stateless results carry `resultType`, the server's identity in `_meta`
/// and, for lists and reads, caching hints; the handshake's do not.
struct Methods {
    let server: MCPServer
    let era: Era
    let cancellation: Cancellation
    var limits: ServerLimits { server.configuration.limits }

    static let serverName = "agtrace"
    static let instructions = """
    agtrace answers questions about SwiftUI performance from AttributeGraph's own evidence. \
    Start with the list tool (what is stored, by label), import files under the root when \
    nothing is, then report (updates by view), why, walk, compare and cycles. \
    Resources: agtrace://schema (tables for query), agtrace://reports (canned reports).
    """

    func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
        switch method {
        case "initialize": return initialize(params)
        case "server/discover": return complete(discover(), cache: (3_600_000, "public"))
        case "ping": return complete(.object([]))
        case "tools/list":
            let page = try Pagination.page(ToolCatalog.tools, cursor: params["cursor"], size: limits.pageSize, list: "tools")
            return complete(listing("tools", page.items.map(\.listing), next: page.next), cache: (3_600_000, "public"))
        case "tools/call": return complete(try callTool(params))
        case "resources/list":
            let page = try Pagination.page(Resources.all(server.context(cancellation)), cursor: params["cursor"], size: limits.pageSize, list: "resources")
            return complete(listing("resources", page.items.map(\.json), next: page.next), cache: (0, "private"))
        case "resources/templates/list":
            let templates: [JSONValue] = [
                .object([("uriTemplate", .string(Resources.recordingPrefix + "{kind}/{label}")), ("name", "recording"),
                         ("description", "A stored recording's summary by kind (snapshot, run, trace, console, ...) and label"), ("mimeType", "application/json")]),
                .object([("uriTemplate", .string(Resources.reportPrefix + "{name}")), ("name", "report"),
                         ("description", "A canned report's variants and their SQL"), ("mimeType", "text/plain")]),
            ]
            return complete(listing("resourceTemplates", templates, next: nil), cache: (3_600_000, "public"))
        case "resources/read":
            guard let uri = params["uri"]?.string else { throw JSONRPC.Failure(JSONRPC.invalidParams, "resources/read: give uri (a string)") }
            let context = server.context(cancellation)
            defer { context.finish() }
            let found = try Resources.read(uri, context)
            let contents: JSONValue = [.object([("uri", .string(uri)), ("mimeType", .string(found.mimeType)), ("text", .string(found.text))])]
            return complete(.object([("contents", contents)]), cache: (0, "private"))
        case "prompts/list":
            let page = try Pagination.page(Prompts.all, cursor: params["cursor"], size: limits.pageSize, list: "prompts")
            return complete(listing("prompts", page.items.map(\.json), next: page.next), cache: (3_600_000, "public"))
        case "prompts/get": return complete(try getPrompt(params))
        default:
            throw JSONRPC.Failure(JSONRPC.methodNotFound, "no method '\(method.prefix(100))' (agtrace mcp serves tools, resources and prompts)")
        }
    }

    var capabilities: JSONValue {
        ["tools": ["listChanged": false], "resources": ["listChanged": false, "subscribe": false], "prompts": ["listChanged": false]]
    }

    var serverInfo: JSONValue {
        .object([("name", .string(Self.serverName)), ("title", "agtrace: SwiftUI AttributeGraph evidence"), ("version", .string(server.configuration.version))])
    }

    func initialize(_ params: JSONValue) -> JSONValue {
        let version = ProtocolVersions.negotiate(params["protocolVersion"]?.string)
        server.openSession(version)
        return .object([("protocolVersion", .string(version)), ("capabilities", capabilities), ("serverInfo", serverInfo),
                        ("instructions", .string(Self.instructions))])
    }

    func discover() -> JSONValue {
        .object([("supportedVersions", .array(ProtocolVersions.modern.map { .string($0) })), ("capabilities", capabilities),
                 ("instructions", .string(Self.instructions))])
    }

    /// A result as the era shapes it.
    func complete(_ result: JSONValue, cache: (ttl: Int64, scope: String)? = nil) -> JSONValue {
        guard era.isModern, var members = result.members else { return result }
        members.insert(("resultType", "complete"), at: 0)
        if let cache { members += [("ttlMs", .int(cache.ttl)), ("cacheScope", .string(cache.scope))] }
        members.append(("_meta", .object([(ProtocolVersions.serverInfoKey, serverInfo)])))
        return .object(members)
    }

    func listing(_ key: String, _ items: [JSONValue], next: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [(key, .array(items))]
        if let next { members.append(("nextCursor", .string(next))) }
        return .object(members)
    }

    func callTool(_ params: JSONValue) throws -> JSONValue {
        guard let name = params["name"]?.string else { throw JSONRPC.Failure(JSONRPC.invalidParams, "tools/call: give name (a string)") }
        guard let tool = ToolCatalog.tool(named: name) else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "tools/call: no tool '\(name.prefix(100))' (tools: \(ToolCatalog.tools.map(\.name).joined(separator: ", ")))")
        }
        var progress: ((Double, Double?, String) -> Void)?
        if let token = params["_meta"]?["progressToken"], JSONRPC.ID(token) != nil {
            let writer = server.writer
            progress = { done, total, message in
                var members: [(String, JSONValue)] = [("progressToken", token), ("progress", .double(done))]
                if let total { members.append(("total", .double(total))) }
                members.append(("message", .string(message)))
                writer.send(JSONRPC.notification("notifications/progress", .object(members)))
            }
        }
        let context = server.context(cancellation, progress: progress)
        defer { context.finish() }
        let result: ToolResult
        do {
            let arguments = try ToolArguments(params["arguments"], tool: name)
            result = try tool.run(arguments, context)
        } catch {
            result = .error(Self.explain(error, tool: name))
        }
        return result.json
    }

    /// An error as the agent reads it: what, and where (the tool; the argument, label, file
    /// or SQL the library's error names).
    static func explain(_ error: Error, tool: String) -> String {
        let text: String
        switch error {
        case let e as ToolError: text = e.message
        case let e as CheckProblem: text = e.message
        case let e as ReportUsageError: text = e.message
        default: text = "\(error)"
        }
        return text.hasPrefix(tool) ? text : "\(tool): \(text)"
    }

    func getPrompt(_ params: JSONValue) throws -> JSONValue {
        guard let name = params["name"]?.string else { throw JSONRPC.Failure(JSONRPC.invalidParams, "prompts/get: give name (a string)") }
        guard let prompt = Prompts.prompt(named: name) else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "prompts/get: no prompt '\(name.prefix(100))' (prompts: \(Prompts.all.map(\.name).joined(separator: ", ")))")
        }
        var arguments: [String: String] = [:]
        for (key, value) in params["arguments"]?.members ?? [] {
            guard let s = value.string else { throw JSONRPC.Failure(JSONRPC.invalidParams, "prompts/get: argument '\(key.prefix(100))' must be a string") }
            arguments[key] = s
        }
        for argument in prompt.arguments where argument.required && (arguments[argument.name] ?? "").isEmpty {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "prompts/get \(name): argument '\(argument.name)' is required (\(argument.description))")
        }
        let message: JSONValue = .object([("role", "user"), ("content", .object([("type", "text"), ("text", .string(prompt.text(arguments)))]))])
        return .object([("description", .string(prompt.description)), ("messages", [message])])
    }
}
