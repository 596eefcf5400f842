import Foundation

/// SARIF 2.1.0 as GitHub code scanning reads it: one run of the tool `agtrace`, a rule per
/// finding kind (help text and help URI, default level), and a result per finding with its
/// level, message, `partialFingerprints` (the finding's fingerprint: the same finding in the
/// next recording is the same alert) and a location. GitHub refuses a result without a
/// physical location, so each has one: the view's declaration (`--source`), else the recording
/// it was found in (with the line, for a console log); the view is its logical location too.
public enum FindingsSARIF {
    public static let fingerprintKey = "agtraceFinding/v1"

    public static func encode(_ result: FindingsResult, version: String = "0.1.0") -> String {
        let kinds = FindingKind.allCases
        let rules = kinds.map { kind in
            Rule(id: kind.rawValue, name: kind.title.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: ""),
                 shortDescription: Text(text: kind.summary), fullDescription: Text(text: kind.summary + " " + kind.fix),
                 help: Help(text: kind.fix + " See " + kind.helpURI, markdown: "\(kind.fix)\n\n[docs/findings.md#\(kind.rawValue)](\(kind.helpURI))"),
                 helpUri: kind.helpURI, defaultConfiguration: Configuration(level: kind.defaultSeverity.rawValue),
                 properties: RuleProperties(tags: ["swiftui", "performance"]))
        }
        let results = result.findings.map { f in
            Result(ruleId: f.kind.rawValue, ruleIndex: kinds.firstIndex(of: f.kind) ?? 0, level: f.severity.rawValue,
                   message: Text(text: f.message + ". " + f.fix), locations: [location(f)],
                   partialFingerprints: [fingerprintKey: f.fingerprint],
                   properties: ResultProperties(view: f.view, attributes: f.attributes, input: f.evidence.input, label: f.evidence.label,
                                                counts: Dictionary(uniqueKeysWithValues: f.evidence.counts.map { ($0.name, $0.value) }),
                                                cause: f.evidence.cause, positionKind: f.evidence.positionKind, positions: f.evidence.positions,
                                                seconds: f.cost.seconds, evaluations: f.cost.evaluations, sourceNote: f.sourceNote))
        }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(name: "agtrace", version: version, informationUri: FindingKind.documentationURL, rules: rules)),
                                 results: [])])
        return splice(results, into: FindingsJSON.encode(log))
    }

    /// The document with its results, each encoded alone and indented to its place: what
    /// encoding the whole log at once gives (pretty-printed, keys sorted, two spaces a level,
    /// blank lines of empty arrays unindented), without the encoder's copy of every result
    /// at once (130 MB for 18 MB of SARIF).
    static func splice(_ results: [Result], into document: String) -> String {
        // The log's empty results array: `"results" : [`, a blank line, `]` at the run's indent.
        let empty = "\"results\" : [\n\n      ]"
        guard !results.isEmpty, let range = document.range(of: empty) else { return document }
        var text = String(document[..<range.lowerBound]) + "\"results\" : [\n"
        for (i, result) in results.enumerated() {
            let encoded = FindingsJSON.encode(result)
            var first = true
            for line in encoded.dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { text += "\n" }
                first = false
                if !line.isEmpty { text += "        " }
                text += line
            }
            text += i + 1 < results.count ? ",\n" : "\n"
        }
        text += "      ]" + document[range.upperBound...]
        return text
    }

    static func location(_ f: Finding) -> Location {
        let logical = f.view.map { [LogicalLocation(name: $0.split(separator: ".").last.map(String.init) ?? $0, fullyQualifiedName: $0, kind: "type")] }
        if let l = f.location {
            return Location(physicalLocation: Physical(artifactLocation: Artifact(uri: uri(l.file)), region: Region(startLine: l.line)),
                            logicalLocations: logical)
        }
        let line = f.evidence.positionKind == "line" ? f.evidence.positions.first.map { Int($0) } : nil
        return Location(physicalLocation: Physical(artifactLocation: Artifact(uri: uri(f.evidence.file ?? f.evidence.label)),
                                                   region: line.map { Region(startLine: $0) }),
                        logicalLocations: logical)
    }

    /// A path as a relative URI reference: each segment percent-encoded, `/` kept.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":;?#[]@!$&'()*+,=")
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return (trimmed.hasPrefix("/") ? "file://" : "") + (trimmed.addingPercentEncoding(withAllowedCharacters: allowed) ?? trimmed)
    }

    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable { let tool: Tool; let results: [Result] }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable { let name: String; let version: String; let informationUri: String; let rules: [Rule] }
    struct Text: Encodable { let text: String }
    struct Help: Encodable { let text: String; let markdown: String }
    struct Configuration: Encodable { let level: String }
    struct RuleProperties: Encodable { let tags: [String] }
    struct Rule: Encodable {
        let id: String
        let name: String
        let shortDescription: Text
        let fullDescription: Text
        let help: Help
        let helpUri: String
        let defaultConfiguration: Configuration
        let properties: RuleProperties
    }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
        let partialFingerprints: [String: String]
        let properties: ResultProperties
    }
    struct ResultProperties: Encodable {
        let view: String?
        let attributes: [Int64]
        let input: String
        let label: String
        let counts: [String: Int64]
        let cause: String?
        let positionKind: String
        let positions: [Int64]
        let seconds: Double?
        let evaluations: Int64
        let sourceNote: String?
    }
    struct Location: Encodable { let physicalLocation: Physical; let logicalLocations: [LogicalLocation]? }
    struct Physical: Encodable { let artifactLocation: Artifact; let region: Region? }
    struct Artifact: Encodable { let uri: String }
    struct Region: Encodable { let startLine: Int }
    struct LogicalLocation: Encodable { let name: String; let fullyQualifiedName: String; let kind: String }
}
