/// One tool of the server: its name, what it teaches the agent, the JSON Schemas of its
/// arguments and of its structured result, and how it runs (on the library, never the CLI).
public struct MCPTool: Sendable {
    public var name: String
    public var title: String
    public var description: String
    public var inputSchema: JSONValue
    public var outputSchema: JSONValue
    /// Reads only (every tool but `import`): said to the client as `readOnlyHint`.
    public var readOnly = true
    public var run: @Sendable (ToolArguments, ToolContext) throws -> ToolResult

    public init(name: String, title: String, description: String, arguments: [ToolArgument], outputSchema: JSONValue,
                readOnly: Bool = true, run: @escaping @Sendable (ToolArguments, ToolContext) throws -> ToolResult) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = ToolArgument.schema(arguments)
        self.outputSchema = outputSchema
        self.readOnly = readOnly
        self.run = { args, context in
            try args.refuseUnknown(allowed: arguments)
            return try run(args, context)
        }
    }

    /// As `tools/list` lists it.
    public var listing: JSONValue {
        .object([
            ("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
            ("inputSchema", inputSchema), ("outputSchema", outputSchema),
            ("annotations", .object([("title", .string(title)), ("readOnlyHint", .bool(readOnly)),
                                     ("destructiveHint", .bool(false)), ("openWorldHint", .bool(false))])),
        ])
    }
}

/// What a tool returns: the structured result (its output schema's), a short text rendering
/// of it, and whether it is an error (the agent reads the text and tries again).
public struct ToolResult: Sendable {
    public var structured: JSONValue?
    public var text: String
    public var isError = false

    public init(structured: JSONValue?, text: String, isError: Bool = false) {
        self.structured = structured
        self.text = text
        self.isError = isError
    }

    public static func error(_ message: String) -> ToolResult { ToolResult(structured: nil, text: message, isError: true) }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("content", [.object([("type", "text"), ("text", .string(text))])])]
        if let structured { members.append(("structuredContent", structured)) }
        members.append(("isError", .bool(isError)))
        return .object(members)
    }
}
