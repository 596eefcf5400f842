import Foundation

/// `agtrace export html`: one self-contained page (style, script, data and pictures inline; no
/// network reference) over a snapshot, a run, and/or a comparison of two snapshots (or of two
/// recordings): what is in it, where the work went, cause -> effect per write, a node finder,
/// the comparison.
public enum HTMLReport {
    public struct Inputs: Sendable {
        public var snapshot: String?
        public var run: String?
        public var trace: String?
        /// An Instruments recording's label.
        public var xctrace: String?
        public var compare: (from: String, to: String)?
        public init(snapshot: String? = nil, run: String? = nil, trace: String? = nil, xctrace: String? = nil,
                    compare: (from: String, to: String)? = nil) {
            self.snapshot = snapshot
            self.run = run
            self.trace = trace
            self.xctrace = xctrace
            self.compare = compare
        }
    }

    public struct Options: Sendable {
        /// "agtrace 0.1.0": who made the page.
        public var generator: String
        /// When it was made (shown as is).
        public var madeAt: String
        /// nil: no pictures; the page says how to get them and keeps the lists.
        public var graphviz: Graphviz?
        /// Bounds that keep the page small (about 5 MB at most) whatever the input size.
        public var finderNodes = 20_000, finderEdges = 60_000, pictureNodes = 24
        /// Up to this many nodes, every node of the finder has a picture.
        public var pictureAllNodes = 300
        /// Up to this many nodes the finder names nodes through node_views whole.
        public var fullViewsNodes = 100_000
        public var tableRows = 2000
        /// Bytes of SVG the page holds; pictures past it are a note (`withinBudget`).
        public var pictureBytes = 3_000_000

        public init(generator: String, madeAt: String, graphviz: Graphviz? = Graphviz.find()) {
            self.generator = generator
            self.madeAt = madeAt
            self.graphviz = graphviz
        }

        public static func isoNow() -> String {
            let f = ISO8601DateFormatter()
            return f.string(from: Date())
        }
    }

    /// Writes the page; returns warnings for stderr (the page shows them too).
    @discardableResult
    public static func write(_ inputs: Inputs, options: Options, in db: Database, to out: TextSink) throws -> [String] {
        guard inputs.snapshot != nil || inputs.run != nil || inputs.trace != nil || inputs.xctrace != nil || inputs.compare != nil else {
            throw ReportError("say what the page shows: --snapshot S, --run R, --trace T, --xctrace R and/or --compare A B")
        }
        let page = HTMLPage()
        let snapshotId = try inputs.snapshot.map { try LabelLookup.snapshotId($0, in: db) }
        let runId = try inputs.run.map { try LabelLookup.runId($0, in: db) }
        let traceId = try inputs.trace.map { try LabelLookup.traceId($0, in: db) }
        // `--compare A B` of two snapshots is `diff`'s section; of two recordings (traces,
        // runs), `compare`'s.
        let recordings = try inputs.compare.flatMap { try LabelLookup.resolve($0.from, kind: .snapshot, in: db) == nil ? $0 : nil }
        let compareIds = try inputs.compare.flatMap { c in
            recordings != nil ? nil : (try LabelLookup.snapshotId(c.from, in: db), try LabelLookup.snapshotId(c.to, in: db))
        }
        // A run named through a snapshot of another process would get wrong names silently.
        var warnings: [String] = []
        if let runId, let snapshotId, let run = inputs.run, let snapshot = inputs.snapshot,
           let warning = try RunSnapshotMatch.check(in: db, run: runId, runLabel: run, snapshot: snapshotId, snapshotLabel: snapshot).warning {
            warnings.append(warning)
        }
        // The node finder's graph is read meanwhile on another core, on a connection of its
        // own: the sections before it read other tables.
        let finderGraph = snapshotId.flatMap { id in BackgroundRead.start(path: db.path) { try SnapshotGraph(in: $0, snapshot: id) } }
        if let xctrace = inputs.xctrace { _ = try LabelLookup.id(of: xctrace, kind: .recording, in: db) }
        let title = "agtrace: " + ([inputs.snapshot, inputs.run, inputs.trace, inputs.xctrace].compactMap { $0 }
            + (inputs.compare.map { ["\($0.from) → \($0.to)"] } ?? [])).joined(separator: ", ")

        page.html("<header><h1>"); page.text(title); page.html("</h1>\n<nav>")
        // An Instruments recording's work is in its own section.
        let work = snapshotId != nil || runId != nil || traceId != nil || inputs.xctrace == nil
        let toFix = try HTMLFindings.findings(inputs, in: db)
        var sections = [("fix", "What to fix"), ("inputs", "What is in it")] + (work ? [("work", "Where the work went")] : [])
        if runId != nil || traceId != nil { sections.append(("writes", "Cause → effect")) }
        if snapshotId != nil { sections.append(("finder-section", "Node finder")) }
        if inputs.xctrace != nil { sections.append(("xctrace", "Instruments recording")) }
        if compareIds != nil || recordings != nil { sections.append(("compare", "Compare")) }
        let cycleOwners = try HTMLCycles.owners(run: runId, trace: traceId, compared: recordings, in: db)
        let cycles = try HTMLCycles.present(cycleOwners, in: db)
        if cycles { sections.append(("cycles", "Cycles")) }
        for (id, name) in sections { page.html("<a href=\"#\(id)\">"); page.text(name); page.html("</a>") }
        page.html("</nav></header>\n")

        HTMLFindings.section(page, toFix)
        try HTMLSections.inputs(page, db: db, snapshot: snapshotId, run: runId, trace: traceId, compare: compareIds, options: options,
                                warnings: warnings)
        if work {
            try HTMLSections.work(page, db: db, snapshot: snapshotId, snapshotLabel: inputs.snapshot, run: runId, trace: traceId, options: options)
        }
        if let runId { try HTMLSections.writes(page, db: db, run: runId, snapshot: snapshotId, options: options) }
        if let traceId { try HTMLSections.writes(page, db: db, trace: traceId, options: options) }
        if let snapshotId, let label = inputs.snapshot {
            try HTMLSections.finder(page, db: db, snapshot: snapshotId, label: label, options: options, loaded: finderGraph?())
        }
        if let xctrace = inputs.xctrace { try HTMLXctrace.section(page, db: db, label: xctrace, options: options) }
        if let compare = inputs.compare, let ids = compareIds {
            // What makes the comparison doubtful is shown in its section, beside the counts, and on stderr.
            warnings += try HTMLSections.compare(page, db: db, from: compare.from, to: compare.to, ids: ids, options: options)
        }
        if let recordings {
            warnings += try HTMLSections.compareRecordings(page, db: db, a: recordings.from, b: recordings.to, options: options)
        }
        if cycles { try HTMLCycles.section(page, db: db, owners: cycleOwners, snapshot: inputs.snapshot, options: options) }

        var svg: [String]?
        var missing = "No picture: Graphviz (dot) was not on the PATH when this page was made. Install it "
            + "(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz) and export again; "
            + "the lists beside show the same nodes."
        if let graphviz = options.graphviz, !page.pictures.isEmpty {
            do {
                svg = Self.withinBudget(try graphviz.svg(page.pictures), bytes: options.pictureBytes)
            } catch let e as Graphviz.TimedOut {
                warnings.append(e.description)
                missing = "No picture: " + e.description + "."
            }
        }
        out.write(page.document(title: title, svg: options.graphviz == nil || svg == nil && !page.pictures.isEmpty ? nil : (svg ?? []),
                                missing: missing))
        return warnings
    }

    /// The pictures in page order until they take `bytes`; each one after that is a note
    /// instead, so that the page keeps the size the other cuts give it (a 27 KB archive whose
    /// every node has a picture made a 10 MB page).
    static func withinBudget(_ svg: [String], bytes: Int) -> [String] {
        var used = 0
        return svg.map { picture in
            let size = picture.utf8.count
            guard used + size > bytes else { used += size; return picture }
            used = bytes  // every later picture is left out too: the cut is one place
            return "<p class=\"note\">" + HTMLText.escape("Picture left out: the page's pictures reached \(bytes / 1_000_000) MB, "
                + "its bound. agtrace export dot --focus N draws one node's surroundings.") + "</p>"
        }
    }
}
