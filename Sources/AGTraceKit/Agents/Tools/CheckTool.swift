/// `check`: the CI gate, as `agtrace check --format json`, with its exit status.
enum CheckTool {
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "exitStatus": ["type": "integer", "description": "what `agtrace check` exits with: 0 passed, 1 regressed (or too many cycles or warnings), 2 usage or baseline problem, 3 could not count"],
            "report": ["type": "object", "description": "the report `agtrace check --format json` prints"],
        ],
        "required": ["exitStatus", "report"],
    ]

    /// The inputs the gate counts (`--transcript`, `--trace`, `--run`…), named as the CLI's options.
    static var sourceArguments: [ToolArgument] {
        GateSources.options.map { ToolArgument($0, .string, "as check --\($0): a file under the root or (for label options) a label") }
    }

    static let tool = MCPTool(
        name: "check", title: "Gate a recording against a baseline",
        description: DomainPrimer.describe("""
        The CI gate, as `agtrace check`: counts the updates of a recording (a file under the \
        root, imported privately, or a label) the way the baseline (written by agtrace \
        baseline) was taken, and compares every key: a key regresses when it grows by at \
        least minCount and by more than tolerance percent. maxCycles and maxWarnings gate on \
        cycle reports and SwiftUI warnings, with or without a baseline. exitStatus has the \
        command's meaning (0 pass, 1 regressed, 2 usage or baseline problem, 3 could not count).
        """),
        arguments: [ToolArgument("baseline", .string, "the baseline file (under the root)")] + sourceArguments + [
            ToolArgument("more", .strings, "more recordings of the same kind (repeated recordings: medians)"),
            ToolArgument("tolerance", .string, "growth allowed, in percent (10, 18.4)"),
            ToolArgument("minCount", .integer(minimum: 0, maximum: nil), "growth smaller than this many updates never regresses (default 1)"),
            ToolArgument("maxDrop", .string, "a drop of the total by more than this percent fails as suspicious (default 50; none)"),
            ToolArgument("maxCycles", .integer(minimum: 0, maximum: nil), "fail when the recording holds more cycle reports than this"),
            ToolArgument("maxWarnings", .integer(minimum: 0, maximum: nil), "fail when the console log holds more SwiftUI warnings than this"),
            ToolArgument("allowIncomplete", .boolean, "check a recording that crashed, failed or was cut"),
            ToolArgument("time", .boolean, "compare each key's seconds too"),
            ToolArgument("timeTolerance", .string, "with time: growth of a key's seconds allowed, in percent (default 20)"),
        ],
        outputSchema: outputSchema
    ) { args, context in
        let outcome: CheckOutcome
        let baseline = try args.string("baseline").map { try context.root.file($0, argument: "baseline") }
        do {
            outcome = CheckGate.run(try request(args, baseline: baseline, context), openDatabase: { try context.openDatabase() }, log: context.log)
        } catch let p as CheckProblem {
            outcome = CheckOutcome(problem: p)
        }
        let report: String
        let text: String
        if let problem = outcome.problem {
            report = CheckReportFormatter.renderProblem(problem, format: .json, baselinePath: baseline)
            text = "check: \(problem.message)\n"
        } else if let limits = outcome.limitsOnly {
            report = CheckReportFormatter.renderLimits(limits, format: .json, notes: outcome.notes)
            text = CheckReportFormatter.renderLimits(limits, format: .table, notes: outcome.notes)
        } else if let comparison = outcome.comparison, let baseline {
            report = CheckReportFormatter.render(comparison, format: .json, baselinePath: baseline, notes: outcome.notes)
            text = CheckReportFormatter.render(comparison, format: .table, baselinePath: baseline, notes: outcome.notes)
        } else {
            throw ToolError("check: no verdict (internal)")
        }
        return ToolResult(structured: .object([("exitStatus", .int(Int64(outcome.status))), ("report", .raw(report.oneLine))]),
                          text: "exit status \(outcome.status)\n" + text, isError: outcome.problem != nil)
    }

    static func request(_ args: ToolArguments, baseline: String?, _ context: ToolContext) throws -> CheckRequest {
        let limits = CheckLimits(tolerance: try value("tolerance", args), minCount: try count("minCount", args),
                                 maxDrop: try value("maxDrop", args), maxCycles: try count("maxCycles", args),
                                 maxWarnings: try count("maxWarnings", args))
        if baseline == nil && !limits.limitsRecording {
            throw CheckProblem(.usage, "give baseline (a file written by 'agtrace baseline'), or maxCycles / maxWarnings to gate on cycle reports and SwiftUI warnings alone")
        }
        var values: [String: String] = [:]
        let fileOptions = Set(MeasuredKind.gateOrder.map(\.fileOption))
        for option in GateSources.options {
            guard let value = try args.string(option) else { continue }
            values[option] = fileOptions.contains(option) ? try context.root.fileOrLabel(value, argument: option) : value
        }
        let more = try args.strings("more").map { try context.root.fileOrLabel($0, argument: "more") }
        return CheckRequest(baselinePath: baseline, sources: try GateSources(values: values, more: more), limits: limits,
                            allowIncomplete: try args.bool("allowIncomplete"), time: try args.bool("time"),
                            timeTolerance: try value("timeTolerance", args), database: context.databasePath)
    }

    /// A string argument read by its type, as the command line reads the option (a refusal is
    /// the option's usage message: `--tolerance is a percentage…`).
    static func value<V: ArgumentValue>(_ name: String, _ args: ToolArguments) throws -> V? {
        guard let text = try args.string(name) else { return nil }
        do throws(ArgumentRefusal) { return try V(argument: text) } catch { throw CheckProblem(.usage, error.message(option: optionName(name))) }
    }

    /// An integer argument with a least value.
    static func count<V: BoundedWholeNumber>(_ name: String, _ args: ToolArguments) throws -> V? {
        guard let n = try args.int(name) else { return nil }
        do throws(ArgumentRefusal) { return try V(checking: Int(n)) } catch { throw CheckProblem(.usage, error.message(option: optionName(name))) }
    }

    /// The command line's option of an argument: maxCycles is --max-cycles.
    static func optionName(_ argument: String) -> String {
        argument.reduce(into: "") { name, c in name += c.isUppercase ? "-" + c.lowercased() : String(c) }
    }
}
