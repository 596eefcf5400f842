import Foundation

/// The row formats every command that prints rows accepts through `--format`.
public enum OutputFormat: String, CaseIterable, Sendable, ArgumentChoice {
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
        return fixed(x, decimals: decimals) ?? String(format: "%.\(decimals)f", x)
    }

    /// `printf("%.Nf")`'s text for N ≤ 3 without printf, which costs ~2 µs a cell: on a report
    /// of 260k rows a third of its time. nil where the scaled value could round otherwise than
    /// printf's exact rounding of the binary value (within 1e-6 of a half), for negatives (printf
    /// keeps -0.000's sign) and for large values: the caller then asks printf.
    static func fixed(_ x: Double, decimals: Int) -> String? {
        guard x >= 0, decimals >= 0, decimals <= 3 else { return nil }
        let scale: Double = decimals == 0 ? 1 : decimals == 1 ? 10 : decimals == 2 ? 100 : 1000
        let scaled = x * scale
        // Scaling rounds by at most half an ulp: below 1e9 that is far inside the 1e-6 margin;
        // unscaled (no decimals) nothing rounds, up to 2^52 where doubles stop holding halves.
        guard scaled < (decimals == 0 ? 4_503_599_627_370_496 : 1e9) else { return nil }
        let whole = scaled.rounded(.down)
        guard abs(scaled - whole - 0.5) > 1e-6 else { return nil }
        var n = UInt64(scaled.rounded(.toNearestOrEven))
        // Digits from the right: the fraction's, the point, then the whole part's.
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        for _ in 0..<decimals {
            digits.append(UInt8(ascii: "0") + UInt8(n % 10))
            n /= 10
        }
        if decimals > 0 { digits.append(UInt8(ascii: ".")) }
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(n % 10))
            n /= 10
        } while n > 0
        digits.reverse()
        return String(decoding: digits, as: UTF8.self)
    }
}
