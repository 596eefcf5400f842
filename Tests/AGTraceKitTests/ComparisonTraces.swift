import Foundation

/// Traces of one interaction written for `compare`'s tests (the wire format of
/// docs/formats.md#traces, fixed64 timestamps): two view bodies (`ListView`, `RowView`), a
/// `TextRule` and a `DisplayListRule`, each evaluated `rounds` times for `micros[rule]` µs
/// each, every duration times (1 ± noise) from the generator; nothing nested, nothing written.
struct ComparisonTraces {
    static let rules = ["StaticBody<ViewBodyAccessor<ListView>, MainThreadFlags>",
                        "StaticBody<ViewBodyAccessor<RowView>, MainThreadFlags>", "TextRule", "DisplayListRule"]
    static let base: [String: Double] = [rules[0]: 120, rules[1]: 100, rules[2]: 80, rules[3]: 60]

    var rounds = 10
    var noise = 0.10

    /// One trace: `micros` per rule (default `base`), noise drawn from `rng`.
    func trace(micros: [String: Double] = base, rng: inout SeededRandom) -> [UInt8] {
        var out: [UInt8] = []
        var clock = 1000.0
        func event(_ type: UInt64, _ p: [UInt64] = [], time: Double? = nil) {
            var body = Self.varintField(1, type)
            if let time { body += Self.key(2, 1) + (0..<8).map { UInt8(truncatingIfNeeded: time.bitPattern >> (8 * $0)) } }
            for (field, value) in zip([UInt64(3), 4, 5], p) where value != 0 { body += Self.varintField(field, value) }
            out += Self.bytesField(1, body)
        }
        event(32, [4])
        event(1, time: clock)
        event(35, [7, 4])
        for (i, _) in Self.rules.enumerated() { event(39, [UInt64(1048 + 64 * i), 7, UInt64(i + 1)]) }
        for _ in 0..<rounds {
            for (i, rule) in Self.rules.enumerated() {
                let attribute = UInt64(1048 + 64 * i)
                let micros = (micros[rule] ?? 0) * (1 + Double.random(in: -noise...noise, using: &rng))
                clock += 1e-6
                event(7, [attribute], time: clock)
                clock += micros * 1e-6
                event(8, [attribute, 1], time: clock)
            }
        }
        event(2, time: clock + 1e-6)
        for (i, rule) in Self.rules.enumerated() {
            out += Self.bytesField(3, Self.varintField(1, UInt64(i + 1)) + Self.bytesField(2, Array(rule.utf8))
                                       + Self.bytesField(3, Array("Int".utf8)))
        }
        return out
    }

    static func varint(_ v: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        var n = v
        while n >= 0x80 { out.append(UInt8(n & 0x7F) | 0x80); n >>= 7 }
        return out + [UInt8(n)]
    }

    static func key(_ field: UInt64, _ wire: UInt64) -> [UInt8] { varint(field << 3 | wire) }
    static func varintField(_ field: UInt64, _ v: UInt64) -> [UInt8] { key(field, 0) + varint(v) }
    static func bytesField(_ field: UInt64, _ b: [UInt8]) -> [UInt8] { key(field, 2) + varint(UInt64(b.count)) + b }
}
