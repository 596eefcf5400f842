/// `export html`'s first section, "What to fix": `agtrace findings` over the recordings the
/// page shows, costliest first, each with its evidence, its fix and the name of its entry in
/// docs/findings.md (named, not linked: the page makes no network reference).
enum HTMLFindings {
    /// Over the page's labels (stored kind's noun, label), else the two it compares.
    static func findings(_ labels: [(noun: String, label: String)], compare: (from: String, to: String)?, in db: Database) throws -> FindingsResult {
        var request = FindingsRequest()
        for (noun, label) in labels { request.add(label, noun: noun) }
        // Only a comparison: its two recordings (or dumps).
        if request.labelsByKind.allSatisfy({ $0.labels.isEmpty }), let compare {
            return try FindingsRunner.run(FindingsRequest(inputs: [compare.from, compare.to]), in: db)
        }
        return try FindingsRunner.run(request, in: db)
    }

    static func section(_ page: HTMLPage, _ result: FindingsResult) {
        page.html("<section id=\"fix\"><h2>What to fix</h2>\n")
        for note in result.notes { page.warning(note) }
        guard !result.findings.isEmpty else {
            page.html("<p class=\"note\">")
            page.text("No findings: none of the kinds in docs/findings.md reaches its threshold in these recordings.")
            page.html("</p></section>\n")
            return
        }
        page.html("<ol class=\"findings\">\n")
        for f in result.findings {
            page.html("<li class=\"finding \(f.severity.rawValue)\"><strong>")
            page.text("\(f.severity.rawValue): \(f.kind.title)")
            page.html("</strong>")
            if let view = f.view { page.html(" — <code>"); page.text(view); page.html("</code>") }
            page.html("<br>")
            page.text(f.message + " (" + f.evidence.input + " " + f.evidence.label)
            if let first = f.evidence.positions.first { page.text(", \(f.evidence.positionKind) \(first)") }
            page.text(")")
            page.html("<br><em>Fix:</em> ")
            // The page makes no network reference: the entry is named, not linked.
            page.text(f.fix + " (docs/findings.md, " + f.kind.rawValue + ")")
            page.html("</li>\n")
        }
        page.html("</ol></section>\n")
    }
}
