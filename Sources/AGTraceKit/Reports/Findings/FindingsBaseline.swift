import Foundation

/// `findings --baseline F`: the findings a team has accepted, by fingerprint. A finding whose
/// fingerprint the file does not hold is new and fails the gate; `--update-baseline` writes
/// the current ones (a team commits it, and reviews its diff, as Compose's stability baseline).
public struct FindingsBaseline: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var fingerprint: String
        public var kind: String
        /// For people reading the file; only the fingerprint is compared.
        public var view: String?
        public var message: String?
    }

    public static let formatVersion = 1
    public var agtraceFindingsBaseline: Int
    public var findings: [Entry]

    public init(_ findings: [Finding]) {
        agtraceFindingsBaseline = Self.formatVersion
        var seen = Set<String>()
        self.findings = findings.filter { seen.insert($0.fingerprint).inserted }
            .map { Entry(fingerprint: $0.fingerprint, kind: $0.kind.rawValue, view: $0.view, message: $0.message) }
            .sorted { ($0.kind, $0.view ?? "", $0.fingerprint) < ($1.kind, $1.view ?? "", $1.fingerprint) }
    }

    /// The file at `path`; an unreadable or malformed one is an error that names it.
    public static func read(_ path: String) throws -> FindingsBaseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FindingsBaselineError(path: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read it" : "no such file (write it with --update-baseline)")
        }
        let baseline: FindingsBaseline
        do {
            baseline = try JSONDecoder().decode(FindingsBaseline.self, from: data)
        } catch {
            throw FindingsBaselineError(path: path, message: "not a findings baseline (a JSON object with \"agtraceFindingsBaseline\": 1 and \"findings\": [{\"fingerprint\", \"kind\"}…]): \(error)")
        }
        guard baseline.agtraceFindingsBaseline == formatVersion else {
            throw FindingsBaselineError(path: path, message: "format version \(baseline.agtraceFindingsBaseline); this agtrace reads \(formatVersion)")
        }
        return baseline
    }

    public func write(to path: String) throws {
        do {
            try Data(FindingsJSON.encode(self).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FindingsBaselineError(path: path, message: "cannot write it (\(error.localizedDescription))")
        }
    }

    /// The findings the baseline does not hold, and the baseline's entries no finding has now.
    public func compare(_ findings: [Finding]) -> (new: [Finding], gone: [Entry]) {
        let known = Set(self.findings.map(\.fingerprint))
        let current = Set(findings.map(\.fingerprint))
        return (findings.filter { !known.contains($0.fingerprint) }, self.findings.filter { !current.contains($0.fingerprint) })
    }
}

public struct FindingsBaselineError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var message: String
    public var description: String { "baseline \(path): \(message)" }
}
