/// Parses and prints sizes the way the command line uses them: `10MB`, `512k`, `1.5GB`.
enum ByteSize {
    static func parse(_ text: String) -> Int? {
        let lower = text.lowercased()
        let units: [(String, Double)] = [("gib", 1_073_741_824), ("mib", 1_048_576), ("kib", 1024),
                                         ("gb", 1e9), ("mb", 1e6), ("kb", 1e3),
                                         ("g", 1e9), ("m", 1e6), ("k", 1e3), ("b", 1)]
        for (suffix, factor) in units where lower.hasSuffix(suffix) {
            guard let number = Double(lower.dropLast(suffix.count)) else { return nil }
            return Int(number * factor)
        }
        return Int(lower)
    }

    static func format(_ bytes: Int) -> String {
        let b = Double(bytes)
        if b >= 1e9 { return String(format: "%.2f GB", b / 1e9) }
        if b >= 1e6 { return String(format: "%.1f MB", b / 1e6) }
        if b >= 1e3 { return String(format: "%.1f KB", b / 1e3) }
        return "\(bytes) B"
    }
}

import Foundation
