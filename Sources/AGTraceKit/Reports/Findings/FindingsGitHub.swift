/// GitHub Actions workflow commands, one per finding: `::warning file=F,line=N,title=T::MESSAGE`
/// (`error` and `notice` for the other severities). The runner reads each line as a command,
/// so the message escapes `%`, CR and LF and each property value `:` and `,` too, as the
/// workflow command syntax requires (actions/toolkit's `escapeData`, `escapeProperty`).
public enum FindingsGitHub {
    public static func commands(_ result: FindingsResult) -> String {
        result.findings.map(command).joined()
    }

    static func command(_ f: Finding) -> String {
        let name = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
        var properties: [(String, String)] = []
        if let l = f.location {
            properties.append(("file", l.file))
            properties.append(("line", String(l.line)))
        } else if let file = f.evidence.file {
            properties.append(("file", file))
            if f.evidence.positionKind == "line", let first = f.evidence.positions.first { properties.append(("line", String(first))) }
        }
        properties.append(("title", "\(f.kind.rawValue): \(f.view ?? f.kind.title)"))
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapeData(f.message + ". Fix: " + f.fix + " " + f.help))\n"
    }

    public static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
