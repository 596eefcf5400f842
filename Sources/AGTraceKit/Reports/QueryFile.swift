/// One SQL file of `Queries/`, with what its comment header declares.
///
/// Header lines come first, one per key, `-- key: value`:
/// - `name`: the report (files sharing a name are variants of one report) or, with
///   `internal: yes`, the name a command uses to find the query.
/// - `summary`: the report's one line for `agtrace report --list` (on one variant only).
/// - `description`: what this variant returns (one line).
/// - `params`: the options it binds, `run (required), snapshot (optional)`. `run` is a run
///   label, `snapshot`, `from` and `to` are snapshot labels, `trace` a trace label (each bound
///   as its id), any other
///   name is a value (e.g. `attribute`). Each is bound by name: `:run`, `:snapshot`…
/// - `by`: the `--by` value that selects this variant (`rule`); absent: no `--by`.
/// - `needs: profile`: refuse (exit 1) when the snapshot holds no profile data.
/// - `compute`: the rows are the input of a Swift step (`dirty-walks`), not the output.
/// - `internal: yes`: used by a command (diff, walk, export), not listed as a report.
/// Other comment lines (with spaces before any colon) are free text.
public struct QueryFile: Sendable, Equatable {
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var required: Bool
    }

    public let fileName: String
    public let name: String
    public let summary: String?
    public let description: String
    public let parameters: [Parameter]
    public let by: String?
    public let needsProfile: Bool
    public let compute: String?
    public let isInternal: Bool
    /// Column units for people (`units: total_seconds seconds, share fraction`): table and
    /// markdown show seconds in s, ms or µs and fractions in percent; csv and json keep the
    /// raw numbers.
    public let units: [String: ColumnUnit]
    public let sql: String

    public var required: [String] { parameters.filter(\.required).map(\.name) }
    public var optional: [String] { parameters.filter { !$0.required }.map(\.name) }

    static let knownKeys: Set<String> = ["name", "summary", "description", "params", "by", "needs", "compute", "internal", "units"]

    public init(fileName: String, text: String) throws {
        self.fileName = fileName
        sql = text
        var header: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("--") else { break }
            let body = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard let colon = body.firstIndex(of: ":") else { continue }
            let key = String(body[..<colon])
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter && $0.isLowercase }) else { continue }
            guard Self.knownKeys.contains(key) else {
                throw QueryFileError(fileName: fileName, message: "unknown header key '\(key)'")
            }
            guard header[key] == nil else {
                throw QueryFileError(fileName: fileName, message: "header key '\(key)' given twice")
            }
            header[key] = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let name = header["name"], !name.isEmpty else {
            throw QueryFileError(fileName: fileName, message: "no '-- name:' header")
        }
        guard let description = header["description"], !description.isEmpty else {
            throw QueryFileError(fileName: fileName, message: "no '-- description:' header")
        }
        self.name = name
        self.description = description
        summary = header["summary"]
        by = header["by"]
        compute = header["compute"]
        isInternal = header["internal"] == "yes"
        var units: [String: ColumnUnit] = [:]
        for item in (header["units"] ?? "").split(separator: ",") {
            let words = item.split(separator: " ").map(String.init)
            guard words.count == 2, let unit = ColumnUnit(rawValue: words[1]) else {
                throw QueryFileError(fileName: fileName, message: "units: '\(item.trimmingCharacters(in: .whitespaces))' is not 'COLUMN seconds' or 'COLUMN fraction'")
            }
            units[words[0]] = unit
        }
        self.units = units
        switch header["needs"] {
        case nil: needsProfile = false
        case "profile": needsProfile = true
        case let other?: throw QueryFileError(fileName: fileName, message: "unknown need '\(other)'")
        }
        var parameters: [Parameter] = []
        for item in (header["params"] ?? "").split(separator: ",") {
            var words = item.split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            words.removeFirst()
            switch words {
            case [], ["(required)"]: parameters.append(Parameter(name: first, required: true))
            case ["(optional)"]: parameters.append(Parameter(name: first, required: false))
            default: throw QueryFileError(fileName: fileName, message: "cannot read parameter '\(item)'")
            }
        }
        self.parameters = parameters
    }

    /// How the variant is called: `--run R [--snapshot S] --by rule`.
    public var usage: String {
        var parts: [String] = []
        for p in parameters {
            let option = "--\(p.name) \(QueryFile.placeholder(p.name))"
            parts.append(p.required ? option : "[\(option)]")
        }
        if let by { parts.append("--by \(by)") }
        return parts.joined(separator: " ")
    }

    static func placeholder(_ name: String) -> String {
        switch name {
        case "run": return "R"
        case "snapshot": return "S"
        case "from": return "S1"
        case "to": return "S2"
        case "trace": return "T"
        default: return name.uppercased()
        }
    }
}

public struct QueryFileError: Error, CustomStringConvertible, Equatable {
    public var fileName: String
    public var message: String
    public var description: String { "Queries/\(fileName): \(message)" }
}

import Foundation
