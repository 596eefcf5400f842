/// The node finder of the HTML report: the snapshot's nodes and edges as data for the page's
/// script (which walks them upstream and downstream as the user types), and Graphviz pictures
/// of the neighbourhoods of the nodes a developer most likely looks for.
extension HTMLSections {
    /// `loaded`: the snapshot's graph when it was read already (on a connection of its own).
    static func finder(_ page: HTMLPage, db: Database, snapshot: Int64, label: String, options: HTMLReport.Options,
                       loaded: SnapshotGraph? = nil) throws {
        let graph = try loaded ?? SnapshotGraph(in: db, snapshot: snapshot)
        let readers = graph.adjacency(byReader: false), inputs = graph.adjacency(byReader: true)
        let n = graph.attributes.count
        // Views: node_views whole (rules' views and debug-tree names) for ordinary dumps; past
        // `fullViewsNodes` only the rules' views (types.view, read with the types), which keeps a
        // million-node page well within the time of importing the snapshot (docs/performance.md).
        let fullViews = n <= options.fullViewsNodes ? NodeViews(in: db, snapshot: snapshot) : nil
        func view(_ i: Int) -> String? { fullViews.map { $0[graph.attributes[i]] } ?? graph.bodyView(i) }

        // Pictured nodes: views' body nodes first, then dirty nodes, then the most read.
        var scores = [Int](repeating: 0, count: n)
        for i in 0..<n {
            var s = readers.of(i).count
            if graph.bodyViews[i] >= 0 { s += 1_000_000 } else if view(i) != nil { s += 500_000 }
            if graph.flags[i] & 1 == 1 { s += 100_000 }
            scores[i] = s
        }
        // Small dumps get a picture of every node; bigger ones of the `pictureNodes` best.
        let wanted = n <= options.pictureAllNodes ? n : options.pictureNodes
        var pictured: [Int] = []
        for i in 0..<n {
            // Keep the best `pictureNodes` (higher score, then lower attribute) in one pass.
            guard pictured.count < wanted || scores[i] > scores[pictured[pictured.count - 1]] else { continue }
            let at = pictured.firstIndex { scores[$0] < scores[i] } ?? pictured.count
            pictured.insert(i, at: at)
            if pictured.count > wanted { pictured.removeLast() }
        }

        // What the finder holds: everything when small, else the pictured nodes' surroundings.
        var included: [Int]
        var left = ""
        if n <= options.finderNodes && graph.edgeSources.count <= options.finderEdges {
            included = Array(0..<n)
        } else {
            var seen = Set<Int>(), frontier = pictured
            seen.formUnion(pictured)
            while !frontier.isEmpty && seen.count < options.finderNodes {
                var next: [Int] = []
                for i in frontier {
                    for e in readers.of(i) where seen.count < options.finderNodes {
                        let m = Int(graph.edgeReaders[Int(e)]); if seen.insert(m).inserted { next.append(m) }
                    }
                    for e in inputs.of(i) where seen.count < options.finderNodes {
                        let m = Int(graph.edgeSources[Int(e)]); if seen.insert(m).inserted { next.append(m) }
                    }
                }
                frontier = next
            }
            included = seen.sorted()
            left = "This snapshot has \(n) nodes and \(graph.edgeSources.count) edges; to keep the page small the finder holds "
                + "\(included.count) of them: the surroundings of the \(pictured.count) pictured nodes. "
                + "agtrace walk / agtrace why answer for any node."
        }
        var position = [Int32](repeating: -1, count: n)
        for (k, i) in included.enumerated() { position[i] = Int32(k) }

        var viewNames: [String] = [], viewIndex: [String: Int] = [:]
        var nodes: [String] = []
        nodes.reserveCapacity(included.count)
        for i in included {
            var v = -1
            if let name = view(i) {
                if let known = viewIndex[name] { v = known } else { v = viewNames.count; viewIndex[name] = v; viewNames.append(name) }
            }
            nodes.append("[\(graph.attributes[i]),\(graph.rules[i]),\(v),\(graph.flags[i])]")
        }
        var edges: [String] = []
        var keptEdges = 0
        for e in graph.edgeSources.indices {
            let s = position[Int(graph.edgeSources[e])], d = position[Int(graph.edgeReaders[e])]
            guard s >= 0, d >= 0, keptEdges < options.finderEdges else { continue }
            edges.append("[\(s),\(d),\(graph.edgeFlags[e])]")
            keptEdges += 1
        }
        if left.isEmpty && keptEdges < graph.edgeSources.count {
            left = "The finder holds \(keptEdges) of the \(graph.edgeSources.count) edges."
        }

        page.html("<section id=\"finder-section\"><h2>Node finder</h2>\n<p class=\"note\">")
        page.text("Type an attribute (123 or 0x7b), a view or a rule of snapshot \(label): the page lists what the node reads "
                  + "(why, upstream: its inputs level by level, dirty ones and changed edges marked) and what a write to it "
                  + "would mark (walk, downstream).")
        page.html("</p>\n")
        if fullViews == nil {
            left += (left.isEmpty ? "" : " ") + "Nodes are named by the views their rules run the body of; on a snapshot of more than "
                + "\(options.fullViewsNodes) nodes the debug tree's names (node_views source 'tree') are left out of this page."
        }
        if !left.isEmpty { page.html("<p class=\"note left-out\">"); page.text(left); page.html("</p>\n") }
        page.html("<input type=\"search\" id=\"finder-query\" placeholder=\"attribute, view or rule\" autocomplete=\"off\">\n")
        page.html("<div id=\"finder\"></div>\n")
        for i in pictured {
            page.html("<div class=\"finder-picture hidden\" id=\"picture-\(graph.attributes[i])\">")
            page.picture(neighbourhoodDOT(graph, center: i, readers: readers, inputs: inputs, view: view))
            page.html("</div>\n")
        }
        page.html("</section>\n")

        let pictureNote = "No picture for this node: pictures were made for \(pictured.count) of the \(n) nodes (views' bodies, dirty nodes, the most read)"
            + (options.graphviz == nil ? " and only with Graphviz on the PATH" : "")
            + ". agtrace export dot --snapshot \(label) --focus ATTR draws any node's neighbourhood."
        let start: String = pictured.first.map { String(graph.attributes[$0]) } ?? "null"
        page.data("finder", json: "{\"nodes\": [" + nodes.joined(separator: ",") + "],\n\"edges\": [" + edges.joined(separator: ",")
                  + "],\n\"rules\": [" + graph.ruleNames.map(JSONText.quote).joined(separator: ",")
                  + "],\n\"views\": [" + viewNames.map(JSONText.quote).joined(separator: ",")
                  + "],\n\"start\": \(start), \"pictureNote\": \(JSONText.quote(pictureNote))}")
    }

    /// A node, its inputs, and its readers two levels down (at most ~40 nodes), as DOT.
    static func neighbourhoodDOT(_ graph: SnapshotGraph, center: Int, readers: SnapshotGraph.Adjacency,
                                 inputs: SnapshotGraph.Adjacency, view: (Int) -> String?) -> String {
        var nodes: [Int] = [center], seen: Set<Int> = [center]
        for e in inputs.of(center).prefix(12) {
            let m = Int(graph.edgeSources[Int(e)]); if seen.insert(m).inserted { nodes.append(m) }
        }
        var frontier = [center]
        for _ in 0..<2 {
            var next: [Int] = []
            for i in frontier {
                for e in readers.of(i) where nodes.count < 40 {
                    let m = Int(graph.edgeReaders[Int(e)]); if seen.insert(m).inserted { nodes.append(m); next.append(m) }
                }
            }
            frontier = next
        }
        var edges: [(Int, Int, Int64)] = []
        for i in nodes {
            for e in readers.of(i) {
                let m = Int(graph.edgeReaders[Int(e)])
                if seen.contains(m) { edges.append((i, m, graph.edgeFlags[Int(e)])) }
            }
        }
        return PictureDOT.make(
            nodes: nodes.map { i in
                PictureDOT.Node(id: graph.attributes[i], label: label(graph.attributes[i], view: view(i), rule: graph.rule(i)),
                                dirty: graph.flags[i] & 1 == 1, emphasis: i == center ? .focus : .none)
            },
            edges: edges.map { PictureDOT.Edge(src: graph.attributes[$0.0], dst: graph.attributes[$0.1], changed: $0.2 & 8 == 8) })
    }

    static func label(_ attribute: Int64, view: String?, rule: String?) -> String {
        var text = "\(attribute)"
        if let view { text += "\n\(view)" }
        if let rule, rule != view { text += "\n\(rule.count > 60 ? String(rule.prefix(28)) + "…" + String(rule.suffix(28)) : rule)" }
        return text
    }
}
