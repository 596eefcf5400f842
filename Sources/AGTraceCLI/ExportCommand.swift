import AGTraceKit
import CommandLineOptions
import Foundation

enum ExportCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)

    static let name = "export"
    static let summary = "Export a Graphviz DOT picture, a Perfetto timeline, or a self-contained HTML report"
    /// perfetto's and html's label options come from the kinds with a timeline or a page part
    /// (`KindHooks`), a kind's timeline with the option that names it (a run's `--snapshot`).
    static let usage = [
        UsageForm([.word("dot"), .option(snapshot), .optional([.option(focus), .optional(depth)]), .optional(Options.output)]),
        UsageForm([.word("perfetto"), .oneOf(ExportRunner.timelineKinds.map { kind in
            [.option(labelOption(kind.option))] + (kind.hooks.timeline?.namedBy.map { [.optional(labelOption($0))] } ?? [])
        }), .optional(Options.output)]),
        UsageForm([.word("html")] + ExportRunner.pageKinds.map { .optional(labelOption($0.option)) } + [.optional(compare), .optional(Options.output)]),
    ]
    static let discussion = """
    dot: Graphviz DOT (render it with dot -Tsvg). Arrows go from an input to the node that
    reads it. Dirty nodes (flags bit 0) are filled red; edges whose input changed since the
    reader last ran (edge flag 8) are red and bold; an offset shows as the edge's label.
    Graphs of a multi-graph snapshot are boxed clusters. Node tooltips hold the values.
    With --focus, only ATTR, its inputs up to N edges upstream and its readers up to N edges
    downstream (default 2), and the edges among them. Labels are escaped: quotes,
    backslashes, newlines, <, >, & and control characters never break the file.

    perfetto: Chrome trace-event JSON, which https://ui.perfetto.dev and chrome://tracing
    open directly. A run recorded by `agtrace record` in lldb has a clock: each hit is at its
    time, in µs from the first hit, drawn 1 µs long. The other transcripts have none: hit
    order is the time axis (the hit with seq N is at N µs and lasts 1 µs). Each update hit is a slice named by its view, else its rule
    (from --snapshot S, a dump of the same process), else "update ATTR"; each invalidation is
    a "write" slice with an instant; args carry attribute, rule, view, seq, line. A trace has
    the engine's timestamps (µs from its first; file order, 1 µs per event, when they are all
    equal) and nests its slices as the engine did: graph update > subgraph update > node
    update > the rule's run; writes are slices with an instant, value sets instants. Arrows
    go from each write to every update it caused. An Instruments recording (--xctrace R)
    has its own clock (µs from its start): each SwiftUI update is a slice on its thread,
    named by its view; hitches, hangs and update groups are slices on tracks of their own;
    each cause edge is a slice on a "causes" track with an arrow to the first update of its
    destination after it.

    html: one file with its style, script, data and pictures inline (no network request;
    opens from disk): what is in it, where the work went (sortable, filterable tables and bar
    charts; a trace's own timings), cause -> effect per write of --run or --trace (the
    written node, what it marked, what reran, a picture), a node finder over --snapshot
    (why upstream, walk downstream), an Instruments recording's updates per view and its
    hitches and hangs explained (--xctrace), and with
    --compare A B the nodes and edges added, removed and changed between two snapshots, or,
    for two recordings (traces, runs), what `agtrace compare A B` shows: bars of A and B side
    by side per view, and its rows. AttributeGraph's cycle reports of the page's own
    recordings (its run, its trace, the recordings it compares) are listed and drawn, named
    from --snapshot; another recording's never are. Pictures are laid out by
    Graphviz (dot) when it is on the PATH; without it the page lists the same nodes and says
    how to get them. Big inputs are cut to keep the page near 5 MB at most, and the page says
    what was left out. Every string from the inputs is shown as text, never run.

    --output - (or no --output) writes to standard output. --output FILE writes a regular file
    whole, through a temporary file in its folder (a symlink's target is replaced, its mode
    kept); a device, FIFO, socket, directory, the database or any SQLite file is refused
    (exit 2) before anything is read.

    Examples:
      agtrace export dot --snapshot trip-3-after-invalidate > trip.dot && dot -Tsvg trip.dot -o trip.svg
      agtrace export dot --snapshot trip-3-after-invalidate --focus 3152 --depth 1
      agtrace export perfetto --run trip-frame-info --snapshot trip-1-before -o trip.json
      agtrace export html --snapshot trip-3-after-invalidate --run trip-frame-info -o trip.html
      agtrace export html --compare trip-1-before trip-3-after-invalidate -o diff.html
      agtrace export perfetto --trace trip-taps -o taps.json
      agtrace export html --trace trip-taps -o taps.html
      agtrace export html --compare feed-select feed-select-cut -o feed.html
      agtrace export perfetto --xctrace feed-xcode27 -o feed.json
      agtrace export html --xctrace feed-xcode27 -o feed.html
    """
    /// The option that takes a label of a kind `export` reads (`--trace T`), with its kind's help.
    static func labelOption(_ name: String) -> OptionSpec {
        let kind = InputFormats.storedKinds.first { $0.option == name }
        return Options.label(named: name).explained(kind?.hooks.exportHelp ?? "")
    }
    static let snapshot = labelOption(Options.snapshot.name)
    /// The label options perfetto and html take, each once.
    static var labelOptions: [OptionSpec] {
        var names: [String] = []
        for kind in ExportRunner.pageKinds + ExportRunner.timelineKinds {
            for name in [kind.option] + [kind.hooks.timeline?.namedBy].compactMap({ $0 }) where !names.contains(name) { names.append(name) }
        }
        return names.map(labelOption)
    }
    static let compare = OptionSpec(name: "compare", valueName: "A B", help: "html: compare snapshot A with snapshot B, or recording A with recording B (agtrace compare)")
    static let focus = Option<AttributeID>(name: "focus", help: "dot: only this node's neighbourhood")
    static let depth = Option<FocusDepth>(name: Options.depth.name, help: "dot: neighbourhood radius in edges (default 2; needs --focus)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard let word = args.positionals.first else {
            throw UsageError(message: "say what to export: dot, perfetto or html")
        }
        let what = try ExportKind.named(word)
        // `--compare A B`: B stands after the option as a positional.
        var extra = Array(args.positionals.dropFirst())
        var compare: (from: String, to: String)?
        if let a = args.value(Self.compare) {
            guard what == .html else { throw UsageError(message: "--compare A B is for export html") }
            guard !extra.isEmpty else { throw UsageError(message: "--compare takes two snapshots: --compare A B") }
            compare = (a, extra.removeFirst())
        }
        guard extra.isEmpty else { throw UsageError(message: "unexpected '\(extra[0])'") }
        switch what {
        case .dot: return try dot(args, context)
        case .perfetto: return try perfetto(args, context)
        case .html: return try html(args, compare: compare, context)
        }
    }

    /// The labels given, by option.
    private static func labels(_ args: ParsedArguments) -> [String: String] {
        var labels: [String: String] = [:]
        for option in labelOptions { if let value = args.value(option) { labels[option.name] = value } }
        return labels
    }

    private static func refuse(_ options: [any OptionDeclaration], for what: String, _ args: ParsedArguments) throws {
        for o in options where args.isGiven(o) {
            throw UsageError(message: "--\(o.spec.name) is not an option of export \(what)")
        }
    }

    static func dot(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        try refuse(labelOptions.filter { $0.name != Self.snapshot.name } + [Self.compare], for: "dot", args)
        guard let label = args.value(Self.snapshot) else { throw UsageError(message: "--snapshot S is required") }
        let output = try outputFile(args, context, what: "the DOT file")
        var options = DotExport.Options()
        options.focus = args.value(Self.focus)?.id
        if let depth = args.value(Self.depth) {
            guard options.focus != nil else { throw UsageError(message: "--depth needs --focus") }
            options.depth = depth.value
        }
        let (db, snapshot) = try ExportRunner.dot(snapshot: label, openDatabase: { try context.openDatabase(.read) })
        try write(output, context) { try DotExport.write(in: db, snapshot: snapshot, label: label, options: options, to: $0) }
        return 0
    }

    static func perfetto(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        try refuse([Self.focus, Self.depth, Self.compare], for: "perfetto", args)
        let output = try outputFile(args, context, what: "the timeline")
        let timeline = try usageErrors {
            try ExportRunner.timeline(labels: labels(args), openDatabase: { try context.openDatabase(.read) }, log: context.log(name))
        }
        try write(output, context) { try PerfettoExport.write(timeline, to: $0) }
        return 0
    }

    static func html(_ args: ParsedArguments, compare: (from: String, to: String)?, _ context: Context) throws -> Int32 {
        try refuse([Self.focus, Self.depth], for: "html", args)
        let inputs = HTMLReport.Inputs(labels(args), compare: compare)
        guard !inputs.labels.isEmpty || inputs.compare != nil else {
            let options = ExportRunner.pageKinds.map { "--\($0.option) \($0.options[0].placeholder)" }
            throw UsageError(message: "say what the page shows: \(options.joined(separator: ", ")) and/or --compare A B")
        }
        let output = try outputFile(args, context, what: "the HTML file")
        let log = context.log(name)
        let (db, graphviz) = try ExportRunner.html(openDatabase: { try context.openDatabase(.read) }, log: log)
        let options = HTMLReport.Options(generator: "agtrace \(version)", madeAt: HTMLReport.Options.isoNow(), graphviz: graphviz)
        var warnings: [String] = []
        try write(output, context) { warnings = try HTMLReport.write(inputs, options: options, in: db, to: $0) }
        for w in warnings { log.say(.warning(w)) }
        return 0
    }

    /// `--output FILE` checked before any work (`OutputFile`: never a device, FIFO, directory
    /// or database); nil for standard output (`-`, or no --output).
    private static func outputFile(_ args: ParsedArguments, _ context: Context, what: String) throws -> OutputFile? {
        guard let path = args.value(Options.output), path != "-" else { return nil }
        return try OutputFile.open(path, what: what, database: context.databasePath)
    }

    /// Writes to `output` (whole, through a temporary file: a failed export leaves no half
    /// file) or standard output.
    private static func write(_ output: OutputFile?, _ context: Context, _ body: (TextSink) throws -> Void) throws {
        guard let output else {
            try body(context.out)
            return
        }
        // Streamed into a temporary file renamed into place (OutputFile.stream): a 2M-event
        // timeline is not held as one string.
        try output.stream(body)
    }
}
