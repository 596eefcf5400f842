/// Every tool the server offers, in the order `tools/list` gives them (deterministic, as the
/// specification asks). A new tool is one entry here.
public enum ToolCatalog {
    public static let tools: [MCPTool] = [
        ImportTool.tool, ListTool.tool, QueryTool.tool, ReportTool.tool, WhyTool.tool, WalkTool.tool,
        DiffTool.tool, CompareTool.tool, CyclesTool.tool, FindingsTool.tool, CheckTool.tool,
    ]

    public static func tool(named name: String) -> MCPTool? { tools.first { $0.name == name } }
}
