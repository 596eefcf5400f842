import Foundation

/// Prints results as they come and writes the Markdown file at the end.
struct ResultsReport {
    var machine: MachineInfo
    var mode: String
    var agtrace: String
    var inputs: [GeneratedInput] = []
    var rows: [ResultRow] = []
    /// Lines after the table (the sweep's refused command lines).
    var notes: [String] = []

    static func consoleLine(_ row: ResultRow) -> String {
        var line = "[\(row.id)] \(row.measurement): \(row.subject) | \(row.baseline) | ratio \(row.ratio) (target \(row.target)) \(row.verdict.text)"
        if case .notRun(let why) = row.verdict { line += " (\(why))" }
        if !row.note.isEmpty { line += " — \(row.note)" }
        return line
    }

    func markdown() -> String {
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        var lines = [
            "# agtrace benchmark results", "",
            "- Machine: \(machine.summary)",
            "- Mode: \(mode)",
            "- agtrace: \(agtrace)",
            "- Produced by `agtrace-bench run`; see Benchmarks/README.md for what each line means.", "",
            "## Inputs", "",
            "| input | nodes / hits | JSON size | file size | generated in |",
            "|---|---:|---:|---:|---:|",
        ]
        for input in inputs {
            lines.append("| \(input.name) | \(input.items) | \(ByteSize.format(input.jsonBytes)) | \(ByteSize.format(input.fileBytes)) | \(input.generationSeconds.map(Format.seconds) ?? "?")\(input.reused ? " (earlier run)" : "") |")
        }
        lines += ["", "## Results", "",
                  "| # | measurement | agtrace | baseline | ratio | target | result | note |",
                  "|---|---|---|---|---:|---|---|---|"]
        for row in rows {
            var verdict = row.verdict.text
            if case .notRun(let why) = row.verdict { verdict = "not run (\(why))" }
            lines.append("| \(row.id) | \(cell(row.measurement)) | \(cell(row.subject)) | \(cell(row.baseline)) | \(row.ratio) | \(row.target) | \(cell(verdict)) | \(cell(row.note)) |")
        }
        let passed = rows.filter { $0.verdict == .pass }.count
        let failed = rows.filter { $0.verdict == .fail }.count
        lines += ["", "\(passed) passed, \(failed) failed, \(rows.count - passed - failed) not run.", ""]
        if !notes.isEmpty { lines += notes + [""] }
        return lines.joined(separator: "\n")
    }
}
