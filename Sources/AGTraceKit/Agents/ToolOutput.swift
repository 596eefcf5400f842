/// Rows as a tool returns them: the structured result holds `rows` exactly as `--format
/// json` prints them (the same writer writes both), cut to the server's row and byte caps
/// with a note saying so; the text is a short table of the first rows and the notes.
public enum ToolOutput {
    /// Rows shown in the text rendering (the structured result holds them all).
    static let textRows = 20

    /// The output schema of every tool that answers with rows.
    public static let rowsSchema: JSONValue = [
        "type": "object",
        "properties": [
            "columns": ["type": "array", "items": ["type": "string"], "description": "the columns, in order"],
            "rows": ["type": "array", "items": ["type": "object"],
                     "description": "one object per row keyed by column, as the CLI's --format json prints them (null: unknown, never 0)"],
            "rowCount": ["type": "integer", "description": "rows returned"],
            "truncated": ["type": "boolean", "description": "more rows exist than returned (limit, row cap or byte cap)"],
            "notes": ["type": "array", "items": ["type": "string"], "description": "what qualifies the answer: warnings, what a cut left out"],
        ],
        "required": ["columns", "rows", "rowCount", "truncated", "notes"],
    ]

    /// `rows` (already cut by the caller's `limit` when `more` is true) capped and rendered.
    public static func rows(columns: [String], rows: [[SQLValue]], units: [String: ColumnUnit] = [:], more: Bool = false,
                            notes: [String] = [], limits: ServerLimits, command: String) -> ToolResult {
        var kept = Array(rows.prefix(limits.maxRows))
        var notes = notes
        var truncated = more || kept.count < rows.count
        if kept.count < rows.count {
            notes.append("\(command): \(rows.count) rows, the first \(kept.count) returned (the server's row cap); ask for fewer with limit or narrow the question")
        }
        var json = render(columns: columns, rows: kept, format: .json, units: units)
        while json.utf8.count > limits.maxResultBytes && !kept.isEmpty {
            let keep = kept.count / 2
            kept = Array(kept.prefix(keep))
            json = render(columns: columns, rows: kept, format: .json, units: units)
            truncated = true
            if keep == 0 || json.utf8.count <= limits.maxResultBytes {
                notes.append("\(command): the rows passed \(limits.maxResultBytes) bytes; the first \(kept.count) returned (the server's byte cap)")
            }
        }
        if more && kept.count == min(rows.count, limits.maxRows) {
            notes.append("\(command): more rows exist than the \(kept.count) returned (limit)")
        }
        let structured: JSONValue = .object([
            ("columns", .array(columns.map { .string($0) })), ("rows", .raw(json.oneLine)),
            ("rowCount", .int(Int64(kept.count))), ("truncated", .bool(truncated)),
            ("notes", .array(notes.map { .string($0) })),
        ])
        var text = render(columns: columns, rows: Array(kept.prefix(textRows)), format: .table, units: units)
        text += "\(kept.count) row\(kept.count == 1 ? "" : "s")"
        if kept.count > textRows { text += " (the first \(textRows) shown here; structuredContent.rows holds all \(kept.count))" }
        text += truncated ? "; more exist\n" : "\n"
        for note in notes { text += note + "\n" }
        return ToolResult(structured: structured, text: text)
    }

    static func render(columns: [String], rows: [[SQLValue]], format: OutputFormat, units: [String: ColumnUnit]) -> String {
        let sink = StringSink()
        let writer = RowWriter(format: format, out: sink)
        writer.units = units
        writer.write(columns: columns, rows: rows)
        return sink.text
    }

    /// The library's messages (warnings, notes) as lines for the agent.
    static func notes(_ log: CommandLog, command: String) -> [String] {
        log.messages.map { message in
            switch message {
            case .warning(let t): return "warning: \(t)"
            case .note(let t): return "note: \(t)"
            case .line(let t), .imported(let t): return t
            case .importWarning(let t): return "warning: \(t)"
            }
        }
    }
}

extension String {
    /// JSON text on one line (a message is one line): the writer's line breaks are whitespace
    /// between values, since inside a string every control character is escaped.
    var oneLine: String {
        String(decoding: utf8.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }
}
