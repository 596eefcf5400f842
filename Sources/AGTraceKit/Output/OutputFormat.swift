import Foundation

/// The row formats every command that prints rows accepts through `--format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, csv, json, markdown

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// What a number in a column measures, for showing it to people (table, markdown).
public enum ColumnUnit: String, Sendable {
    case seconds, fraction, ratio, probability

    /// `0.0002` seconds -> "200 µs"; `0.69` fraction -> "69.2%"; `3.4615` ratio -> "3.46";
    /// `0.00794` probability -> "0.0079". Raw for anything else.
    public func display(_ v: SQLValue) -> String {
        let x: Double
        switch v {
        case .integer(let i): x = Double(i)
        case .real(let d) where d.isFinite: x = d
        default: return v.description
        }
        switch self {
        case .fraction:
            return Self.number(x * 100) + "%"
        case .ratio:
            return Self.number(x)
        case .probability:
            return x == 0 ? "0" : String(format: "%.2g", x)
        case .seconds:
            let a = abs(x)
            if a == 0 { return "0 s" }
            if a >= 1 { return Self.number(x) + " s" }
            if a >= 0.001 { return Self.number(x * 1000) + " ms" }
            return Self.number(x * 1_000_000) + " µs"
        }
    }

    /// Three significant digits, no exponent.
    static func number(_ x: Double) -> String {
        let a = abs(x)
        if a == 0 { return "0" }
        let decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", x)
    }
}
