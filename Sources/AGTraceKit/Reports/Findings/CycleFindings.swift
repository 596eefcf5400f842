/// AttributeGraph's cycle reports of one recording (a console, a trace, a recorder's run),
/// one finding per attribute the cycle was detected through. A trace names the views of the
/// report's frames; a console's text names none (its attribute ids only).
struct CycleFindings {
    let kind: String
    let owner: Int64
    let label: String
    let positionKind: String
    let db: Database

    func findings() throws -> [Finding] {
        try FindingRows.query("findings-cycles", in: db, ["kind": .text(kind), "owner": .integer(owner)]).map { row in
            let attribute = row.int("attribute")
            let reports = row.int("reports") ?? 0
            let frames = row.integers("frame_attributes")
            let views = try kind == "trace" ? traceViews(Array(Set(frames + [attribute].compactMap { $0 }))) : []
            let through = attribute.map { "attribute \($0)" } ?? "an attribute the report does not name"
            let named = views.isEmpty ? "" : " (views: \(views.joined(separator: ", ")))"
            // Without a view, the attribute is the subject: ids change between runs, so such a
            // finding is new in each recording unless the app's ids repeat.
            return Finding(kind: .dependencyCycle, view: views.first,
                           attributes: ([attribute].compactMap { $0 } + frames.filter { $0 != attribute }),
                           message: "AttributeGraph reported a cycle through \(through) \(plural(reports, "time"))\(named)",
                           evidence: FindingEvidence(input: kind, label: label, counts: .of(["reports": reports, "frames": Int64(frames.count)]),
                                                     cause: attribute.map { "cycle through attribute \($0)" }, positionKind: positionKind,
                                                     positions: row.integers("positions")),
                           cost: FindingCost(seconds: nil, evaluations: reports),
                           subject: views.isEmpty ? attribute.map(String.init) : views.joined(separator: ","))
        }
    }

    private func traceViews(_ attributes: [Int64]) throws -> [String] {
        var views = Set<String>()
        for a in attributes {
            if let v = try FindingRows.query("findings-trace-names", in: db, ["trace": .integer(owner), "attribute": .integer(a)]).first?.text("view") {
                views.insert(v)
            }
        }
        return views.sorted()
    }
}
