/// How a transcript records its hits: the five shapes of docs/formats.md.
enum TranscriptShape: String, CaseIterable {
    case frameInfo = "frame-info"
    case interactive
    case btRegisters = "bt-registers"
    case expressions
    /// Xcode "Log Message" actions: one line per hit, no lldb around it. Only inside `mixed`.
    case logLines = "log-lines"
    case mixed
}

/// Settings of `generate transcript`.
struct TranscriptOptions {
    var hits: Int?
    var bytes: Int?
    var seed: UInt64 = 1
    var shape = TranscriptShape.mixed
    var output = ""
    /// Also write a dump of the app the transcript records (`NamingDump`).
    var dump: String?
}

/// What kind of engine call a hit is.
enum HitKind: Int, CaseIterable {
    case update, invalidate, propagateDirty, addInput

    var label: String {
        switch self {
        case .update: return "update"
        case .invalidate: return "invalidate"
        case .propagateDirty: return "propagate_dirty"
        case .addInput: return "add_input"
        }
    }
}

/// Exact counts of what a transcript contains, printed so importers can be checked.
struct TranscriptCounts {
    var perKind = [Int](repeating: 0, count: HitKind.allCases.count)
    var perShape: [String: Int] = [:]
    var sessions = 0
    var programLines = 0
    var bytes = 0
    var seconds = 0.0
    var hits: Int { perKind.reduce(0, +) }

    var text: String {
        var lines = ["hits \(hits)"]
        for kind in HitKind.allCases { lines.append("\(kind.label) \(perKind[kind.rawValue])") }
        for shape in TranscriptShape.allCases where perShape[shape.rawValue] != nil {
            lines.append("shape \(shape.rawValue) \(perShape[shape.rawValue]!)")
        }
        lines.append("sessions \(sessions)")
        lines.append("program_lines \(programLines)")
        lines.append("bytes \(bytes)")
        lines.append("seconds \((seconds * 100).rounded() / 100)")
        lines.append("generator_version \(GeneratorVersion.current)")
        return lines.joined(separator: "\n")
    }
}
