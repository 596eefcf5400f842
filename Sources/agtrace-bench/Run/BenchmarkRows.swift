import Foundation

/// The rows of `run` that are more than a ratio: the reader's throughput (3), the scaling
/// series (4), and the checks of the floor's and the re-import's rows.
extension BenchmarkRun {
    /// Row 3: agtrace's reader alone, as MB/s of the file, beside the C scan of the same bytes.
    func readerRow(reader: Outcome, scan: Outcome, input: GeneratedInput) -> ResultRow {
        var row = ResultRow.ratio(id: "3", "archive reader alone (bytes -> records, no store) on the \(input.items / 1000)k-node archive (\(ByteSize.format(input.fileBytes)))",
                                  subject: reader, baseline: scan, baselineName: "C byte scan", limit: .infinity)
        row.target = "≥ 250 MB/s"
        if let seconds = reader.medianSeconds {
            let speed = Double(input.fileBytes) / seconds / 1e6
            row.subject = "\(Format.throughput(bytes: input.fileBytes, seconds: seconds)) in \(reader.text)"
            let records = Int(reader.result?.value("records") ?? -1)
            let least = ["types", "nodes", "edges", "subgraphs", "trees", "tree_values", "tree_node_refs"]
                .reduce(0) { $0 + Int(input.manifest[$1] ?? 0) }
            if records < least {
                row.verdict = .fail
                row.addNote("the reader delivered \(records) records, fewer than the \(least) the archive holds")
            } else {
                row.verdict = speed >= 250 ? .pass : .fail
                row.addNote("\(records) records")
            }
        }
        if let seconds = scan.medianSeconds {
            row.baseline = "C byte scan: \(Format.throughput(bytes: input.fileBytes, seconds: seconds)) in \(scan.text)"
            row.addNote("ratio: the reader's time / the scan's")
        }
        return row
    }

    /// Row 4: per size, time per million nodes and peak RSS (≤ 80 MB each); then the growth of
    /// the per-node time from the smallest to the largest, round by round (≤ 1.3x).
    func scalingRows(_ outcomes: [Outcome], inputs: [GeneratedInput], databases: [String]) -> [ResultRow] {
        var rows: [ResultRow] = []
        func perMillion(_ outcome: Outcome, _ input: GeneratedInput) -> [Double] {
            outcome.runs.map { $0.seconds / Double(input.items) * 1e6 }
        }
        for (i, input) in inputs.enumerated() {
            let outcome = outcomes[i]
            var row = ResultRow.peakRSS(id: "4.\(input.items / 1000)k",
                                        "import \(input.items / 1000)k-node plain archive (\(ByteSize.format(input.fileBytes))): peak RSS; time per million nodes, ratio to the smallest",
                                        of: outcome, limitMB: 80)
            if outcome.medianSeconds != nil {
                row.baseline = String(format: "%.2f s per M nodes: ", Stats.median(perMillion(outcome, input))) + outcome.text
                row.ratio = Format.ratio(Stats.median(Stats.roundRatios(perMillion(outcome, input), perMillion(outcomes[0], inputs[0]))))
            }
            rows.append(checkRows(outcome, databases[i], expected: input.manifest).apply(to: row))
        }
        guard let first = inputs.first, let last = inputs.last else { return rows }
        var growth = ResultRow(id: "4", measurement: "time per node: \(last.items / 1000)k-node import vs \(first.items / 1000)k-node import",
                               subject: "—", baseline: "—", ratio: "—", target: "≤ 1.30x", verdict: .notRun("missing measurement"))
        let ratios = Stats.roundRatios(perMillion(outcomes.last!, last), perMillion(outcomes[0], first))
        switch (outcomes[0], outcomes.last!) {
        case (.measured, .measured) where !ratios.isEmpty:
            let r = Stats.median(ratios)
            growth.subject = String(format: "%.2f s per M nodes", Stats.median(perMillion(outcomes.last!, last)))
            growth.baseline = String(format: "%.2f s per M nodes", Stats.median(perMillion(outcomes[0], first)))
            growth.ratio = Format.ratio(r)
            growth.verdict = r <= 1.3 ? .pass : .fail
            if ratios.count > 1 { growth.addNote("round ratios \(Format.range(ratios))") }
        case (.failed, _), (_, .failed): growth.verdict = .fail
        case (.unavailable(let why), _), (_, .unavailable(let why)): growth.verdict = .notRun(why)
        default: break
        }
        rows.append(growth)
        return rows
    }

    /// The floor's own counts, so the table shows it inserted trees and subgraphs too.
    func floorRowsNote(_ floor: Outcome) -> String {
        guard let result = floor.result else { return "" }
        func count(_ key: String) -> String? { result.value(key).map { "\(Int($0)) \(key)" } }
        var counts = ["nodes", "edges"].compactMap(count)
        if var trees = count("trees") {
            // The values and nodes are kept in the entries' rows (as agtrace has since schema 17).
            let lists = ["tree_values", "tree_nodes"].compactMap(count)
            if !lists.isEmpty { trees += " (holding " + lists.joined(separator: ", ") + ")" }
            counts.append(trees)
        }
        counts += ["subgraphs"].compactMap(count)
        return counts.isEmpty ? "" : "floor inserted " + counts.joined(separator: ", ")
    }

    /// Row 7: the re-import must have said "unchanged" and stored nothing twice.
    func checkReimport(_ outcome: Outcome, _ path: String, expected manifest: [String: Double]) -> RowCheck {
        guard let result = outcome.result else { return RowCheck(ok: true, note: "") }
        let said = (result.stdoutText() + ((try? String(contentsOfFile: result.stderrPath, encoding: .utf8)) ?? "")).contains("unchanged")
        var check = checkRows(outcome, path, expected: manifest)
        if !said {
            check.ok = false
            check.note += "; the re-import did not report the file as unchanged"
        }
        return check
    }
}
