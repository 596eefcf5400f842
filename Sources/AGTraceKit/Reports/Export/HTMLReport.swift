import Foundation

/// `agtrace export html`: one self-contained page (style, script, data and pictures inline; no
/// network reference) over a snapshot, a run, and/or a comparison of two snapshots (or of two
/// recordings): what is in it, where the work went, cause -> effect per write, a node finder,
/// the comparison.
public enum HTMLReport {
    public struct Inputs: Sendable {
        /// The labels the page shows, by the option of their kind (`snapshot`, `run`, ...: each
        /// kind with an HTML part, `ExportRunner.pageKinds`).
        public var labels: [String: String]
        public var compare: (from: String, to: String)?
        public init(_ labels: [String: String] = [:], compare: (from: String, to: String)? = nil) {
            self.labels = labels
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
        /// Cycle chains drawn, a picture each.
        public var cyclePictures = 100
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

    /// Writes the page; returns warnings for stderr (the page shows them too). Each kind
    /// given adds its part (`HTMLHooks`), in the registry's order.
    @discardableResult
    public static func write(_ inputs: Inputs, options: Options, in db: Database, to out: TextSink) throws -> [String] {
        let kinds = ExportRunner.pageKinds
        guard kinds.contains(where: { inputs.labels[$0.option] != nil }) || inputs.compare != nil else {
            throw ReportError("say what the page shows: "
                              + kinds.map { "--\($0.option) \($0.options[0].placeholder)" }.joined(separator: ", ") + " and/or --compare A B")
        }
        let page = HTMLPage()
        var rows: [(kind: StoredKind, row: HTMLGiven.Row)] = []
        for kind in kinds {
            if let label = inputs.labels[kind.option] { rows.append((kind, .init(label: label, id: try LabelLookup.id(of: label, kind: kind, in: db)))) }
        }
        // `--compare A B` of two of a kind that compares itself (two snapshots: diff's
        // section); else of two recordings (traces, runs): compare's.
        var compared: (kind: StoredKind, from: HTMLGiven.Row, to: HTMLGiven.Row)?
        var recordings: (from: String, to: String)?
        if let c = inputs.compare {
            if let kind = try kinds.first(where: { try $0.hooks.html?.comparesItself == true && LabelLookup.resolve(c.from, kind: $0, in: db) != nil }) {
                compared = (kind, .init(label: c.from, id: try LabelLookup.id(of: c.from, kind: kind, in: db)),
                            .init(label: c.to, id: try LabelLookup.id(of: c.to, kind: kind, in: db)))
            } else {
                recordings = c
            }
        }
        // The findings are worked out on a second connection and core while the sections are
        // (on this connection at the end when there is none, or it failed).
        let findingLabels = rows.map { ($0.kind.noun, $0.row.label) }, compare = inputs.compare
        let findings = BackgroundRead.start(path: db.path) { try HTMLFindings.findings(findingLabels, compare: compare, in: $0) }
        let given = HTMLGiven(db: db, options: options, rows: rows, compare: inputs.compare)
        var parts: [HTMLPart] = []
        for kind in kinds {
            guard let hooks = kind.hooks.html else { continue }
            let own = given.row(kind), pair = compared.flatMap { $0.kind == kind ? (from: $0.from, to: $0.to) : nil }
            if own != nil || pair != nil { parts.append(try hooks.part(own, pair, given)) }
        }
        // Warnings on what was given (a run named through a snapshot of another process would get wrong names silently).
        var warnings = parts.flatMap(\.warnings)
        let title = "agtrace: " + (rows.map(\.row.label) + (inputs.compare.map { ["\($0.from) → \($0.to)"] } ?? [])).joined(separator: ", ")

        page.html("<header><h1>"); page.text(title); page.html("</h1>\n<nav>")
        // A kind whose work is in a section of its own (an Instruments recording) has no block there.
        let work = rows.isEmpty || rows.contains { $0.kind.hooks.html?.showsWork == true }
        var sections = [("fix", "What to fix"), ("inputs", "What is in it")] + (work ? [("work", "Where the work went")] : [])
        let own = parts.flatMap(\.sections).enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        for section in own where !sections.contains(where: { $0.0 == section.id }) { sections.append((section.id, section.title)) }
        if recordings != nil { sections.append(("compare", "Compare")) }
        let cycleOwners = try HTMLCycles.owners(rows.map { ($0.kind, $0.row.id) }, compared: recordings, in: db)
        let cycles = try HTMLCycles.present(cycleOwners, in: db)
        if cycles { sections.append(("cycles", "Cycles")) }
        for (id, name) in sections { page.html("<a href=\"#\(id)\">"); page.text(name); page.html("</a>") }
        page.html("</nav></header>\n")

        let fix = page.slot()
        try HTMLSections.inputs(page, facts: parts.compactMap(\.facts), options: options, warnings: warnings)
        if work {
            let blocks = parts.compactMap(\.work).enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            let showing = kinds.filter { $0.hooks.html?.showsWork == true }.map { "--" + $0.option }
            try HTMLSections.work(page, blocks: blocks.map(\.element.write), none: "Give \(showing.listed("or")) to see update counts.")
        }
        // What makes a comparison doubtful is shown in its section, beside the counts, and on stderr.
        for section in own { warnings += try section.write(page) }
        if let recordings {
            warnings += try HTMLSections.compareRecordings(page, db: db, a: recordings.from, b: recordings.to, options: options)
        }
        if cycles {
            try HTMLCycles.section(page, db: db, owners: cycleOwners, snapshot: parts.lazy.compactMap(\.namesCycles).first, options: options)
        }

        let toFix = try findings?() ?? HTMLFindings.findings(findingLabels, compare: compare, in: db)
        let fixSection = HTMLPage()
        HTMLFindings.section(fixSection, toFix)
        page.fill(slot: fix, with: fixSection.body)

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
