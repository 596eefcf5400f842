/// The cause -> effect section of the HTML report: per write, the written node, the nodes its
/// push walk marked, the updates it caused and the other updates that ran before the next
/// write, with a picture of that neighbourhood (written node -> marked nodes, reran ones
/// highlighted). From a run (`RunCauses`) or a trace (`trace_writes`, `trace_updates`).
extension HTMLSections {
    /// One write and its effects, whichever input it came from.
    struct WriteEffect {
        var root: Int64?
        var seq: Int64
        var line: Int64?
        /// nil when unknown; `markedCount` may still be known (traces store the count).
        var marked: [Int64]?
        var markedCount: Int?
        var reran: [Int64] = []
        var alsoRan: [Int64] = []
        /// Of `reran`, those whose value did not change (traces: EndValueUpdate without changed);
        /// nil when unknown (runs).
        var unchanged: Set<Int64>? = nil
        /// The marked nodes per view ("(no view)" for the others), most first; nil when unknown.
        var markedByView: [(view: String, count: Int)]? = nil
    }

    /// How many writes the section shows (pictures for the first 30).
    static let shownWrites = 200

    /// A run's writes as the section shows them: the first `shownWrites` with their effects,
    /// how many there are, and whether any edge is known.
    struct RunEffects {
        var effects: [WriteEffect]
        var total: Int
        var edgesKnown: Bool
    }

    /// Replays the run keeping only what the shown writes need: their marked nodes, the updates
    /// they caused and the updates that ran after them.
    static func runEffects(in db: Database, run: Int64, snapshot: Int64?) throws -> RunEffects {
        var replay = try RunCauses.Replay(in: db, run: run, snapshot: snapshot)
        var effects: [WriteEffect] = []
        var total = 0
        var reran: [[Int64]] = [], alsoRan: [[Int64]] = []
        try replay.run(keepMarked: shownWrites, causesBefore: shownWrites, onInvalidation: { write in
            total += 1
            guard effects.count < shownWrites else { return }
            effects.append(WriteEffect(root: write.root, seq: write.seq, line: write.line, marked: write.marked, markedCount: write.markedCount))
        }, onUpdate: (nil, { update in
            // Each update belongs to the last write before it ("also ran" unless it caused it).
            for c in update.causes ?? [] where c < shownWrites {
                if reran.count <= c { reran += repeatElement([], count: c + 1 - reran.count) }
                reran[c].append(update.attribute ?? -1)
            }
            if let w = update.after, w < shownWrites, !(update.causes ?? []).contains(w) {
                if alsoRan.count <= w { alsoRan += repeatElement([], count: w + 1 - alsoRan.count) }
                alsoRan[w].append(update.attribute ?? -1)
            }
        }))
        for i in effects.indices {
            if i < reran.count { effects[i].reran = reran[i] }
            if i < alsoRan.count { effects[i].alsoRan = alsoRan[i] }
        }
        return RunEffects(effects: effects, total: total, edgesKnown: replay.edgesKnown)
    }

    /// `replayed`: `runEffects` of the run, worked out meanwhile elsewhere (nil: here).
    static func writes(_ page: HTMLPage, db: Database, run: Int64, snapshot: Int64?, replayed: RunEffects?,
                       options: HTMLReport.Options) throws {
        let replay = try replayed ?? runEffects(in: db, run: run, snapshot: snapshot)
        let effects = replay.effects, total = replay.total, edgesKnown = replay.edgesKnown
        var names = try NodeNames(db: db, snapshot: snapshot)
        var runEdges: [Int64: [Int64]] = [:]
        let edgeRows = try ReportRegistry.query("html-run-edges").prepare(in: db, ["run": .integer(run)])
        try edgeRows.forEachRow { edgeRows in runEdges[edgeRows.int64(0), default: []].append(edgeRows.int64(1)) }
        let readersQuery = ReportRegistry.query("walk-readers")
        var readersStmt: Statement?
        let explanation = "Each write (an AGGraphInvalidateValue hit) marks the nodes downstream of the written node over the edges "
            + "known at that moment (the run's add_input hits before it" + (snapshot == nil ? "" : ", plus the snapshot's edges")
            + "). It caused an update when the updated node is the written one or one it marked, and had not run since. "
            + "'Also ran': updates before the next write that this write does not explain."
        let unknown = edgesKnown ? nil
            : "This run has no add_input hits and no snapshot was given: no edges are known, so marked sets and causes are "
            + "unknown. Export again with --snapshot S (a dump of the same process), or record add_input."
        try render(page, effects: effects, total: total, explanation: explanation, unknown: unknown, writeName: "an AGGraphInvalidateValue hit",
                   name: { try names.name($0).map { ($0.rule, $0.view) } },
                   readers: { a in
                       var out = runEdges[a] ?? []
                       guard let snapshot else { return out }
                       let values: [String: SQLValue] = ["snapshot": .integer(snapshot), "attribute": .integer(a)]
                       if let s = readersStmt { try readersQuery.bind(s, values) } else { readersStmt = try readersQuery.prepare(in: db, values) }
                       try readersStmt!.forEachRow { readersStmt in out.append(readersStmt.int64(0)) }
                       return out
                   })
    }

    static func writes(_ page: HTMLPage, db: Database, trace: Int64, options: HTMLReport.Options) throws {
        let ids: [String: SQLValue] = ["trace": .integer(trace)]
        let rules = try traceRules(db: db, trace: trace)
        var effects: [WriteEffect] = []
        var bySeq: [Int64: Int] = [:]
        let rows = try ReportRegistry.query("html-trace-writes").prepare(in: db, ids)
        try rows.forEachRow { rows in
            let seq = rows.int64(1), attribute = rows.int64(2)
            if rows.string(0) == "write" {
                bySeq[seq] = effects.count
                effects.append(WriteEffect(root: attribute, seq: seq, marked: nil, markedCount: Int(rows.int64(3)), unchanged: []))
                return
            }
            let cause: Int? = rows.isNull(4) ? nil : bySeq[rows.int64(4)]
            if let cause {
                effects[cause].reran.append(attribute)
                if !rows.isNull(5), rows.int64(5) == 0 { effects[cause].unchanged!.insert(attribute) }
            }
            if let last = effects.indices.last, cause != last { effects[last].alsoRan.append(attribute) }
        }
        // The nodes each write marked, as its NodeSetDirty events name them (none for a trace
        // imported before agtrace kept them: the count alone is shown then).
        var marks: [Int64: (nodes: [Int64], views: [String: Int])] = [:]
        let markRows = try ReportRegistry.query("html-trace-marks").prepare(in: db, ids)
        try markRows.forEachRow { markRows in
            let seq = markRows.int64(0)
            marks[seq, default: ([], [:])].nodes.append(markRows.int64(1))
            marks[seq]!.views[markRows.string(2) ?? "(no view)", default: 0] += 1
        }
        for i in effects.indices {
            guard let m = marks[effects[i].seq], m.nodes.count == effects[i].markedCount else { continue }
            effects[i].marked = m.nodes
            effects[i].markedByView = m.views.map { ($0.key, $0.value) }
                .sorted { ($0.view == "(no view)" ? 1 : 0, -$0.count, $0.view) < ($1.view == "(no view)" ? 1 : 0, -$1.count, $1.view) }
        }
        let readBy = try TraceReadBy(in: db, query: "html-trace-edges", ids)
        let explanation = "Each write (a GraphInvalidation) marks nodes dirty; the trace names them (its NodeSetDirty "
            + "events), and which evaluation each write caused (the write that marked the node since it last ran), and whether "
            + "that rerun changed the node's value. The picture shows the written node and the nodes it marked over the "
            + "trace's edges (through indirect nodes, which are not marked), the caused evaluations highlighted. "
            + "'Also ran': evaluations before the next write that this write did not cause."
        try render(page, effects: effects, total: effects.count, explanation: explanation, unknown: nil, writeName: "a GraphInvalidation",
                   name: { a in a.flatMap { rules[$0] }.map { ($0, ViewName.fromRule($0)) } },
                   readers: { readBy.readers($0) })
    }

    static func traceRules(db: Database, trace: Int64) throws -> [Int64: String] {
        var rules: [Int64: String] = [:]
        let stmt = try ReportRegistry.query("timeline-trace-rules").prepare(in: db, ["trace": .integer(trace)])
        try stmt.forEachRow { stmt in if let r = stmt.string(1) { rules[stmt.int64(0)] = r } }
        return rules
    }

    /// `effects`: the first writes (at least the `shownWrites` first) of `total`.
    private static func render(_ page: HTMLPage, effects: [WriteEffect], total: Int, explanation: String, unknown: String?, writeName: String,
                               name: (Int64?) throws -> (rule: String?, view: String?)?,
                               readers: (Int64) throws -> [Int64]) throws {
        page.html("<section id=\"writes\"><h2>Cause → effect</h2>\n<p class=\"note\">")
        page.text(explanation)
        page.html("</p>\n")
        if let unknown { page.html("<p class=\"note left-out\">"); page.text(unknown); page.html("</p>\n") }
        if total == 0 { page.html("<p class=\"note\">"); page.text("No write (\(writeName)) was recorded."); page.html("</p>\n") }
        let shown = min(total, shownWrites)
        if shown < total {
            page.html("<p class=\"note left-out\">")
            page.text("The first \(shown) of \(total) writes are shown (pictures for the first 30); agtrace report dirty-walks lists them all.")
            page.html("</p>\n")
        }
        func title(_ a: Int64?) throws -> String {
            guard let a, a >= 0 else { return "(attribute not read)" }
            let n = try name(a)
            return "\(a)" + (n.map { " " + ($0.view ?? $0.rule ?? "") } ?? "")
        }
        for (i, effect) in effects.prefix(shown).enumerated() {
            page.html("<div class=\"write\"><h3>")
            page.text("write \(i + 1): \(try title(effect.root)) — " + (effect.line == nil ? "event" : "hit") + " \(effect.seq)"
                      + (effect.line.map { ", line \($0)" } ?? ""))
            page.html("</h3>\n")
            let reran = Set(effect.reran)
            func chips(_ label: String, _ attributes: [Int64], count: Int? = nil, highlight: Set<Int64> = []) throws {
                page.html("<p><b>"); page.text("\(label) (\(count ?? attributes.count)): "); page.html("</b>")
                for a in attributes.prefix(300) {
                    page.html(highlight.contains(a) ? "<span class=\"chip reran\">" : "<span class=\"chip\">")
                    page.text(try title(a))
                    page.html("</span>")
                }
                if attributes.count > 300 { page.html("<span class=\"note\">"); page.text(" … \(attributes.count - 300) more"); page.html("</span>") }
                page.html("</p>\n")
            }
            if let marked = effect.marked {
                try chips("marked", marked, highlight: reran)
                if let byView = effect.markedByView {
                    page.html("<p class=\"note\">")
                    page.text("marked by view: " + byView.map { "\($0.view) \($0.count)" }.joined(separator: ", "))
                    page.html("</p>\n")
                }
            } else if let count = effect.markedCount {
                page.html("<p><b>"); page.text("marked: \(count) nodes"); page.html("</b></p>\n")
            } else {
                page.html("<p class=\"note\">marked: unknown (no edges known)</p>\n")
            }
            if let unchanged = effect.unchanged {
                try chips("reran and changed (caused by this write)", effect.reran.filter { !unchanged.contains($0) })
                try chips("reran, unchanged", effect.reran.filter { unchanged.contains($0) })
            } else {
                try chips("reran (caused by this write)", effect.reran)
            }
            try chips("also ran", effect.alsoRan)
            guard let root = effect.root, i < 30 else { page.html("</div>\n"); continue }
            // The written node and its marked set (or, unknown, what lies downstream of it), at most 40 nodes.
            var members = [root]
            var inPicture: Set<Int64> = [root]
            if let marked = effect.marked {
                for a in marked.prefix(39) where inPicture.insert(a).inserted { members.append(a) }
            } else if effect.markedCount != nil {
                var frontier = [root]
                while !frontier.isEmpty && members.count < 40 {
                    var next: [Int64] = []
                    for a in frontier {
                        for r in try readers(a) where members.count < 40 && inPicture.insert(r).inserted { members.append(r); next.append(r) }
                    }
                    frontier = next
                }
            }
            guard members.count > 1 else { page.html("</div>\n"); continue }
            var nodes: [PictureDOT.Node] = []
            for a in members {
                let n = try name(a)
                nodes.append(PictureDOT.Node(id: a, label: label(a, view: n?.view, rule: n?.rule), dirty: false,
                                             emphasis: a == root ? .written : (reran.contains(a) ? .reran : .none)))
            }
            var edges: [PictureDOT.Edge] = []
            var seen = Set<[Int64]>()
            for a in members {
                for r in try readers(a) where inPicture.contains(r) && seen.insert([a, r]).inserted {
                    edges.append(PictureDOT.Edge(src: a, dst: r, changed: false))
                }
            }
            page.picture(PictureDOT.make(nodes: nodes, edges: edges))
            page.html("</div>\n")
        }
        page.html("</section>\n")
    }
}
