/// Where `why` and `walk` start: `attribute` (decimal or 0x-hex) or `view`, as the CLI's
/// ATTR and --view.
enum StartArguments {
    static let arguments = [
        ToolArgument("attribute", .string, "the attribute (node id) to start from: decimal or 0x-hex (give this or view)"),
        ToolArgument("view", .string, "start from every node of this SwiftUI view instead (e.g. Trip)"),
    ]

    static func start(_ args: ToolArguments) throws -> WalkStart {
        let attribute = try args.string("attribute")
        if let view = try args.string("view") {
            guard attribute == nil else { throw ToolError("\(args.tool): give attribute or view, not both") }
            guard !view.isEmpty else { throw ToolError("\(args.tool): view needs a view name (e.g. Trip)") }
            return .view(view)
        }
        guard let attribute else { throw ToolError("\(args.tool): give the attribute to start from (e.g. 3032) or view") }
        guard let id = LabelLookup.attribute(attribute) else {
            throw ToolError("\(args.tool): attribute '\(attribute)' is not an attribute (a number, decimal or 0x-hex)")
        }
        return .attribute(id)
    }

    static func limit(_ args: ToolArguments, _ context: ToolContext) throws -> Int? {
        try args.int("limit", minimum: 1).map(Int.init)
    }
}
