import Foundation

/// The HTML report's cycles section: the chains of AttributeGraph cycle reports of the page's
/// own recordings (its run, its trace, the two recordings it compares), as `agtrace cycles`
/// lists them (named from the page's snapshot when it has one), with the loops drawn. Absent
/// when they hold none: another recording's cycles are not the page's, and a dump of this
/// page says nothing of them.
enum HTMLCycles {
    /// The page's recordings that own cycle reports (console, trace, run), in page order: the
    /// given ones of a kind that owns some, then the two compared.
    static func owners(_ given: [(kind: StoredKind, id: Int64)], compared: (from: String, to: String)?,
                       in db: Database) throws -> [(kind: CycleOwnerKind, id: Int64)] {
        var owners: [(kind: CycleOwnerKind, id: Int64)] = []
        func add(_ kind: CycleOwnerKind, _ id: Int64) {
            if !owners.contains(where: { $0.kind == kind && $0.id == id }) { owners.append((kind, id)) }
        }
        for row in given { if let kind = CycleOwnerKind(rawValue: row.kind.noun) { add(kind, row.id) } }
        for label in [compared?.from, compared?.to].compactMap({ $0 }) {
            for kind in CycleOwnerKind.allCases {
                if let id = try LabelLookup.resolve(label, kind: kind.rawValue, in: db) { add(kind, id); break }
            }
        }
        return owners
    }

    /// Whether the section is shown at all: whether those recordings hold a cycle report.
    static func present(_ owners: [(kind: CycleOwnerKind, id: Int64)], in db: Database) throws -> Bool {
        guard try db.scalar("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'cycles')")?.intValue == 1 else { return false }
        for owner in owners {
            if try db.scalar("SELECT EXISTS (SELECT 1 FROM cycles WHERE kind = ?1 AND owner_id = ?2)",
                             [.text(owner.kind.rawValue), .integer(owner.id)])?.intValue == 1 { return true }
        }
        return false
    }

    static func section(_ page: HTMLPage, db: Database, owners: [(kind: CycleOwnerKind, id: Int64)], snapshot: String?,
                        options: HTMLReport.Options) throws {
        let log = CommandLog()
        let outcome = try CycleRunner.run(owners: owners, snapshot: snapshot, in: db, log: log)
        page.html("<section id=\"cycles\"><h2>Cycles</h2>\n<p class=\"note\">")
        page.text("AttributeGraph's cycle reports of this page's recordings, grouped by their stacks: the loop runs from the outermost frame whose attribute is "
                  + "the reported one up to the top frame. Names come from the page's snapshot (a dump taken at the cycle), a trace's "
                  + "types, the recorder's names or the console's digraph labels, in that order; an empty name is unknown. "
                  + "docs/cycles.md says more.")
        page.html("</p>\n")
        for message in log.messages {
            switch message {
            case .warning(let text): page.warning(text)
            case .line(let text), .note(let text), .imported(let text), .importWarning(let text):
                page.html("<p class=\"note\">"); page.text(text); page.html("</p>\n")
            }
        }
        let rows = outcome.rows
        page.table(title: "Chains, frame by frame (top first)", columns: rows.columns, rows: rows.rows, limit: options.tableRows)
        if options.graphviz != nil {
            let chains = outcome.chains.count
            if chains > options.cyclePictures {
                page.html("<p class=\"note\">")
                page.text("Pictures of the first \(options.cyclePictures) of the \(chains) chains: agtrace cycles --format dot draws every one.")
                page.html("</p>\n")
            }
            for dot in CycleDot.graphs(outcome, limit: options.cyclePictures) { page.picture(dot) }
        }
        page.html("</section>\n")
    }
}
