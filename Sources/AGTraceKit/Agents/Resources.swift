import Foundation

/// What the server offers to read: the schema reference (docs/schema.md), the canned reports
/// with the options each variant takes and its SQL, and each stored recording's summary.
enum Resources {
    struct Entry {
        var uri: String
        var name: String
        var description: String
        var mimeType: String
        var json: JSONValue {
            .object([("uri", .string(uri)), ("name", .string(name)), ("description", .string(description)), ("mimeType", .string(mimeType))])
        }
    }

    static let schemaURI = "agtrace://schema"
    static let reportsURI = "agtrace://reports"
    static let reportPrefix = "agtrace://reports/"
    static let recordingPrefix = "agtrace://recordings/"

    /// Every resource: the fixed ones, then one per report and one per stored recording.
    static func all(_ context: ToolContext) -> [Entry] {
        var entries = [
            Entry(uri: schemaURI, name: "schema", description: "The database's tables and views, column by column (docs/schema.md): what the query tool reads.", mimeType: "text/markdown"),
            Entry(uri: reportsURI, name: "reports", description: "The canned reports: each variant's options (the report tool's arguments) and what it answers.", mimeType: "application/json"),
        ]
        entries += ReportRegistry.reports.map {
            Entry(uri: reportPrefix + $0.name, name: "report \($0.name)", description: $0.summary, mimeType: "text/plain")
        }
        if let list = try? recordings(context) {
            entries += list.map { Entry(uri: $0.uri, name: "\($0.kind) \($0.label)", description: "The stored \($0.kind) \($0.label): its counts, source and how it ended.", mimeType: "application/json") }
        }
        return entries
    }

    static func read(_ uri: String, _ context: ToolContext) throws -> (text: String, mimeType: String) {
        if uri == schemaURI { return (try schemaText(context), "text/markdown") }
        if uri == reportsURI { return (reportCatalog().text, "application/json") }
        if uri.hasPrefix(reportPrefix), let report = ReportRegistry.report(named: String(uri.dropFirst(reportPrefix.count))) {
            var text = "\(report.name): \(report.summary)\n"
            for variant in report.variants {
                text += "\n-- agtrace report \(report.name) \(variant.usage)\n-- Queries/\(variant.fileName)\n\(variant.sql)\n"
            }
            return (text, "text/plain")
        }
        if uri.hasPrefix(recordingPrefix), let found = try recordings(context).first(where: { $0.uri == uri }) {
            return (found.summary.text, "application/json")
        }
        throw JSONRPC.Failure(JSONRPC.invalidParams, "resources/read: no resource \(uri.prefix(200)) (resources/list names them)", data: ["uri": .string(String(uri.prefix(200)))])
    }

    /// docs/schema.md as `agtrace-docs` writes it: the current schema, built in memory (no file
    /// is made, none read), described.
    static func schemaText(_ context: ToolContext) throws -> String {
        let scratch = try Database(rawPath: ":memory:", readOnly: false, create: true)
        try scratch.execute(Schema.current)
        return SchemaDocument.render(try SchemaDocument.objects(in: scratch))
    }

    static func reportCatalog() -> JSONValue {
        .array(ReportRegistry.reports.map { report in
            .object([
                ("name", .string(report.name)), ("summary", .string(report.summary)),
                ("variants", .array(report.variants.map { v in
                    .object([("usage", .string("agtrace report \(report.name) \(v.usage)")),
                             ("required", .array(v.required.map { .string($0) })), ("optional", .array(v.optional.map { .string($0) })),
                             ("by", v.by.map { .string($0) } ?? .null), ("flags", .array(v.flags.map { .string($0) })),
                             ("details", .bool(v.details)), ("description", .string(v.description))])
                })),
            ])
        })
    }

    struct Recording {
        var kind: String
        var label: String
        var summary: JSONValue
        var uri: String { recordingPrefix + kind + "/" + (label.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? label) }
    }

    /// The rows of `list`, one resource each.
    static func recordings(_ context: ToolContext) throws -> [Recording] {
        let db = try context.openDatabase()
        let list = try Catalog.list(db)
        guard let kindColumn = list.columns.firstIndex(of: "kind"), let labelColumn = list.columns.firstIndex(of: "label") else { return [] }
        return list.rows.map { row in
            let summary = JSONValue.object(zip(list.columns, row).map { ($0, json($1)) })
            return Recording(kind: row[kindColumn].description, label: row[labelColumn].description, summary: summary)
        }
    }

    static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .integer(let i): return .int(i)
        case .real(let d): return .double(d)
        case .text(let s): return .string(s)
        }
    }
}
