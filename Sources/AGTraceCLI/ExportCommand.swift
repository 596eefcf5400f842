import AGTraceKit
import Foundation

enum ExportCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion,
                                 options: options, run: run)

    static let name = "export"
    static let summary = "Export a snapshot, or one node's neighbourhood, as Graphviz DOT"
    static let usage = "agtrace export dot --snapshot S [--focus ATTR [--depth N]] [--output FILE|-]"
    static let discussion = """
    Writes DOT (render it with Graphviz: dot -Tsvg). Arrows go from an input to the node that
    reads it. Dirty nodes (flags bit 0) are filled red; edges whose input changed since the
    reader last ran (edge flag 8) are red and bold; an offset shows as the edge's label.
    Graphs of a multi-graph snapshot are boxed clusters. Node tooltips hold the values.
    With --focus, only ATTR, its inputs up to N edges upstream and its readers up to N edges
    downstream (default 2), and the edges among them. Labels are escaped: quotes,
    backslashes, newlines, <, >, & and control characters never break the file.

    Examples:
      agtrace export dot --snapshot trip-3-after-invalidate > trip.dot && dot -Tsvg trip.dot -o trip.svg
      agtrace export dot --snapshot trip-3-after-invalidate --focus 3152 --depth 1
      agtrace export dot --snapshot planner-profiled --output planner.dot
    """
    static let options = [
        OptionSpec(name: "snapshot", valueName: "S", help: "the snapshot to export"),
        OptionSpec(name: "focus", valueName: "ATTR", help: "only this node's neighbourhood"),
        OptionSpec(name: "depth", valueName: "N", help: "neighbourhood radius in edges (default 2; needs --focus)"),
        OptionSpec(name: "output", valueName: "FILE", help: "write to FILE instead of standard output (- is standard output)", short: "o"),
    ]

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard let what = args.positionals.first else {
            throw UsageError(message: "say what to export: dot")
        }
        guard what == "dot" else { throw UsageError(message: "agtrace exports 'dot' (Graphviz), not '\(what)'") }
        guard args.positionals.count == 1 else {
            throw UsageError(message: "unexpected '\(args.positionals[1])'")
        }
        guard let label = args.value("snapshot") else { throw UsageError(message: "--snapshot S is required") }
        var options = DotExport.Options()
        if let text = args.value("focus") {
            guard let a = LabelLookup.attribute(text) else {
                throw UsageError(message: "--focus takes an attribute (a number, decimal or 0x-hex), not '\(text)'")
            }
            options.focus = a
        }
        if let depth = try args.int("depth") {
            guard options.focus != nil else { throw UsageError(message: "--depth needs --focus") }
            guard depth >= 0 else { throw UsageError(message: "--depth takes 0 or more") }
            options.depth = depth
        }
        let db = try context.openDatabase(.read)
        let snapshot = try LabelLookup.snapshotId(label, in: db)
        if let path = args.value("output"), path != "-" {
            let sink = StringSink()
            try DotExport.write(in: db, snapshot: snapshot, label: label, options: options, to: sink)
            do {
                try sink.text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw InputError(path: path, message: "cannot write the DOT file (\(error.localizedDescription))")
            }
        } else {
            try DotExport.write(in: db, snapshot: snapshot, label: label, options: options, to: context.out)
        }
        return 0
    }
}
