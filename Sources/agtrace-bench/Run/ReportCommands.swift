/// The agtrace commands measured on the two-snapshot database (target: each no slower than
/// importing one snapshot). Add a row to extend the benchmark. Placeholders:
/// {db} the database, {A} {B} the snapshot labels, {SIGNAL} a @State signal's attribute a third
/// into graph 0, {HUB} graph 0's environment input (read by most nodes: a worst-case walk).
struct ReportCommand {
    var name: String
    var arguments: [String]

    static let all: [ReportCommand] = [
        ReportCommand(name: "report updates", arguments: ["report", "updates", "--db", "{db}", "--snapshot", "{A}"]),
        ReportCommand(name: "report rule-cost", arguments: ["report", "rule-cost", "--db", "{db}", "--snapshot", "{A}"]),
        ReportCommand(name: "report edge-churn", arguments: ["report", "edge-churn", "--db", "{db}", "--from", "{A}", "--to", "{B}"]),
        ReportCommand(name: "report dirty-walks", arguments: ["report", "dirty-walks", "--db", "{db}", "--from", "{A}", "--to", "{B}"]),
        ReportCommand(name: "report updates --by rule", arguments: ["report", "updates", "--db", "{db}", "--snapshot", "{A}", "--by", "rule"]),
        ReportCommand(name: "export dot --focus", arguments: ["export", "dot", "--db", "{db}", "--snapshot", "{A}", "--focus", "{SIGNAL}", "--depth", "2"]),
        ReportCommand(name: "diff A B", arguments: ["diff", "--db", "{db}", "{A}", "{B}"]),
        ReportCommand(name: "walk signal", arguments: ["walk", "{SIGNAL}", "--db", "{db}", "--snapshot", "{A}"]),
        ReportCommand(name: "walk environment hub", arguments: ["walk", "{HUB}", "--db", "{db}", "--snapshot", "{A}"]),
        ReportCommand(name: "export html --snapshot", arguments: ["export", "html", "--db", "{db}", "--snapshot", "{A}"]),
    ]

    func resolved(_ values: [String: String]) -> [String] {
        arguments.map { argument in
            var result = argument
            for (key, value) in values { result = result.replacingOccurrences(of: "{\(key)}", with: value) }
            return result
        }
    }
}

import Foundation
