import Foundation

/// How `agtrace findings` writes its answer.
public enum FindingsFormat: String, CaseIterable, Sendable, ArgumentChoice {
    /// For people and CI logs: one row per finding, costliest first.
    case table
    /// The whole result (`FindingsResult`), as the MCP tool returns it.
    case json
    /// A pull-request comment, costliest first.
    case markdown
    /// SARIF 2.1.0 for GitHub code scanning (`upload-sarif`).
    case sarif
    /// GitHub Actions workflow commands (`::warning file=…::…`) that annotate the job.
    case github

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }

    public func render(_ result: FindingsResult, wide: Bool = false) -> String {
        switch self {
        case .table: FindingsText.table(result, wide: wide)
        case .json: FindingsJSON.encode(result)
        case .markdown: FindingsText.markdown(result)
        case .sarif: FindingsSARIF.encode(result)
        case .github: FindingsGitHub.commands(result)
        }
    }
}

public enum FindingsJSON {
    /// The result as JSON: keys sorted, so the same findings are the same bytes.
    public static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value here encodes (no infinities: costs are finite or nil).
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return "{}\n" }
        return text + "\n"
    }
}

/// Table and Markdown.
enum FindingsText {
    static let columns = ["severity", "finding", "view", "seconds", "evaluations", "evidence", "where", "fingerprint"]

    static func row(_ f: Finding) -> [SQLValue] {
        [.text(f.severity.rawValue), .text(f.kind.rawValue), f.view.map(SQLValue.text) ?? .null,
         f.cost.seconds.map(SQLValue.real) ?? .null, .integer(f.cost.evaluations), .text(f.message),
         .text(place(f)), .text(String(f.fingerprint.prefix(12)))]
    }

    /// `Feed/FeedRow.swift:12` with `--source`, else the recording and its first position.
    static func place(_ f: Finding) -> String {
        if let l = f.location { return "\(l.file):\(l.line)" }
        let first = f.evidence.positions.first.map { " \(f.evidence.positionKind) \($0)" } ?? ""
        return "\(f.evidence.input) \(f.evidence.label)\(first)"
    }

    static func table(_ result: FindingsResult, wide: Bool) -> String {
        let sink = StringSink()
        if result.findings.isEmpty {
            return "No findings in \(inputs(result)).\n"
        }
        let writer = RowWriter(format: .table, out: sink, wide: wide)
        writer.units = ["seconds": .seconds]
        writer.write(columns: columns, rows: result.findings.map(row))
        var text = sink.text
        let kinds = Set(result.findings.map(\.kind)).sorted { $0.rawValue < $1.rawValue }
        text += "\nHow to fix:\n" + kinds.map { "  \($0.rawValue): \($0.fix)\n    \($0.helpURI)\n" }.joined()
        return text
    }

    static func inputs(_ result: FindingsResult) -> String {
        result.inputs.isEmpty ? "no recording" : result.inputs.map { "\($0.kind) '\($0.label)'" }.joined(separator: ", ")
    }

    static func markdown(_ result: FindingsResult) -> String {
        var text = "## agtrace findings\n\n"
        guard !result.findings.isEmpty else {
            return text + "No findings in \(cell(inputs(result))).\n"
        }
        text += "\(plural(Int64(result.findings.count), "finding")) in \(cell(inputs(result))), costliest first.\n\n"
        text += "| | finding | view | cost | evidence | fix |\n|---|---|---|---|---|---|\n"
        for f in result.findings {
            let icon = f.severity == .error ? "🛑" : f.severity == .warning ? "⚠️" : "ℹ️"
            let cost = (f.cost.seconds.map { spokenSeconds($0) + ", " } ?? "") + plural(f.cost.evaluations, "evaluation")
            let place = f.location.map { " (`\($0.file):\($0.line)`)" } ?? ""
            text += "| \(icon) | [\(f.kind.rawValue)](\(f.kind.helpURI)) | \(cell(f.view ?? "—"))\(cell(place)) | \(cost) | \(cell(f.message)) | \(cell(f.fix)) |\n"
        }
        for note in result.notes { text += "\n> \(cell(note))\n" }
        return text
    }

    /// Text safe in a Markdown table cell: pipes escaped, line breaks as spaces.
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}
