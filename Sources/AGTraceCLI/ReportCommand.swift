import AGTraceKit
import CommandLineOptions
import Foundation

enum ReportCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "report"
    static let summary = "Run a canned report (agtrace report --list shows them)"
    static let usage = [
        UsageForm([.positional(report)] + labelTerms + [.optional(by), .optional(details)] + flags.map { UsageTerm.optional($0) } + Options.rows.map { UsageTerm.optional($0) }),
        UsageForm([.option(list)]),
    ]
    static let report = Positional("NAME", help: "the report (agtrace report --list)")
    static var discussion: String {
        var text = """
        Each report is one SQL file compiled into agtrace (Queries/ in the source); the options
        choose which of its variants runs. Labels (see agtrace list) are bound as parameters,
        never pasted into SQL. An unknown label is an error (exit 1) naming it.

        A number that cannot be known is empty (null in json), never 0, and stderr says why.
        A run named with --snapshot S is checked against S: when some of its attributes are
        not in S, stderr warns "M of N attributes ... are not in snapshot S"; when none are,
        the report is refused (exit 1): S is a dump of another process. --limit N prints at
        most N rows (stderr says when more exist); tables cut long cells in the middle unless
        --wide.

        Reports and the options they take:

        """
        for report in ReportRegistry.reports {
            text += "  \(report.name)\n"
            for line in wrap(report.summary, width: 84) { text += "      \(line)\n" }
            for v in report.variants {
                text += "      agtrace report \(report.name) \(v.usage)\n"
            }
        }
        text += """

        Examples (labels of SampleArchives; trip-frame-info is a transcript of the Trip window):
          agtrace report --list
          agtrace report updates --run trip-frame-info --snapshot trip-1-before
          agtrace report updates --snapshot planner-profiled --by rule --format markdown
          agtrace report updates --snapshot planner-profiled --by view
          agtrace report dirty-walks --run trip-frame-info --snapshot trip-1-before
          agtrace report dirty-walks --from trip-2-after-write --to trip-3-after-invalidate
          agtrace report edge-churn --from trip-1-before --to planner-profiled --format csv
          agtrace report rule-cost --snapshot planner-profiled --limit 3 --format json
          agtrace report updates --trace trip-taps --by view
          agtrace report rule-cost --trace trip-taps
          agtrace report dirty-walks --trace trip-taps
          agtrace report dirty-walks --trace trip-taps --details
          agtrace report edge-churn --trace trip-taps
          agtrace report updates --console ci-changes
          agtrace report updates --console ci-changes --by token
          agtrace report updates --xctrace feed-after --by view --app-only
          agtrace report rule-cost --xctrace feed-after
          agtrace report hitches --xctrace feed-after --format markdown
        """
        return text
    }
    static let list = OptionSpec(name: "list", valueName: nil, help: "list the reports, one line each")
    /// The labels a report's variant is chosen by and bound to: every stored kind's options
    /// (ReportRunner.parameterOptions), so a new format's kind is taken with no edit here.
    static let labels = ReportRunner.parameterOptions.map(Options.label(named:))
    /// In usage: a kind's own option, and its others together (`[--from S1 --to S2]`).
    static let labelTerms: [UsageTerm] = ReportRunner.parameterKinds.flatMap { kind -> [UsageTerm] in
        let specs = kind.options.map { Options.label(named: $0.name) }
        return [.optional(specs[0])] + (specs.count > 1 ? [.optional(specs.dropFirst().map { UsageTerm.option($0) })] : [])
    }
    /// Its values are the SQL headers' (`-- by:`), each report's the registry's to check.
    static let by = Option<ReportGrouping>(name: "by", help: "sum the rows per rule name (a recording's: per update description), per SwiftUI view, or per token of a console's body-change lines")
    /// The valueless options some report's variants take (`-- flags:` in Queries/), declared
    /// from the registry: `--app-only` is in usage because an xctrace variant takes it.
    static let flags = ReportRunner.flags.map(flag(named:))
    static let appOnly = OptionSpec(name: "app-only", valueName: nil,
                                    help: "an Instruments recording (--xctrace): only the app's own updates (module not SwiftUI, SwiftUICore, <unknown> or another Apple framework)")
    static func flag(named name: String) -> OptionSpec {
        [appOnly].first { $0.name == name } ?? OptionSpec(name: name, valueName: nil, help: "the variants that take it (-- flags: \(name))")
    }
    static let details = OptionSpec(name: "details", valueName: nil, help: "one row per item where the report gives one per group (dirty-walks --trace: per node each write marked)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        let format = args.format
        if args.has(list) {
            guard args.positionals.isEmpty else { throw UsageError(message: "--list takes no report name") }
            let width = ReportRegistry.reports.map(\.name.count).max() ?? 0
            for report in ReportRegistry.reports {
                context.out.write("\(report.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(report.summary)\n")
            }
            return 0
        }
        guard let reportName = args.positionals.first else {
            throw UsageError(message: "name a report (agtrace report --list shows them)")
        }
        guard args.positionals.count == 1 else {
            throw UsageError(message: "one report at a time; unexpected '\(args.positionals[1])'")
        }
        let limit = args.rowLimit
        var labels: [String: String] = [:]
        assert(Self.labels.map(\.name) == ReportRunner.parameterOptions, "report's label options and ReportRunner's differ")
        for option in Self.labels {
            if let value = args.value(option) { labels[option.name] = value }
        }
        let request = ReportRequest(name: reportName, options: labels, by: args.value(by)?.name, limit: limit, details: args.has(details),
                                    flags: Set(flags.filter { args.has($0) }.map(\.name)))
        do {
            _ = try ReportRunner.variant(for: request)
        } catch let e as ReportUsageError {
            throw UsageError(message: e.message)
        }
        let db = try context.openDatabase(.read)
        let stop = InterruptOnSignal(db)
        defer { stop.cancel() }
        let outcome = try ReportRunner.run(request, in: db, writer: RowWriter(format: format, out: context.out, wide: args.has(Options.wide)))
        for warning in outcome.warnings { context.note("agtrace report: warning: \(terminalSafe(warning))") }
        context.noteMoreRows(outcome.moreRows, command: name, limit: limit)
        for note in outcome.notes { context.err.write("agtrace report: note: " + terminalSafe(note) + "\n") }
        return 0
    }
}

/// Words of `text` in lines of at most `width` characters.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = ""
        }
        line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}
