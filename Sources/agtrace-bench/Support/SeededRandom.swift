/// A small deterministic generator (SplitMix64): the same seed gives the same archive on every
/// machine and Swift version, which `SystemRandomNumberGenerator` cannot promise.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A stream derived from several keys (seed, graph, section, index…), so one part of a file
    /// can be regenerated without replaying everything before it. Fixed arity: no array per call.
    init(keys a: UInt64, _ b: UInt64 = 0, _ c: UInt64 = 0, _ d: UInt64 = 0, _ e: UInt64 = 0) {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        h = SeededRandom.mix(h ^ a)
        h = SeededRandom.mix(h ^ b &+ 0x632B_E59B_D9B4_E019)
        h = SeededRandom.mix(h ^ c &+ 0x632B_E59B_D9B4_E019)
        h = SeededRandom.mix(h ^ d &+ 0x632B_E59B_D9B4_E019)
        h = SeededRandom.mix(h ^ e &+ 0x632B_E59B_D9B4_E019)
        state = h
    }

    /// A keyed hash in 0..<100, for per-item decisions that must not disturb any stream.
    static func percent(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> Double {
        var r = SeededRandom(keys: a, b, c, d, 0xD1CE)
        return r.unit() * 100
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0); the tiny modulo bias is irrelevant here.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Uniform in the closed range.
    mutating func within(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `percent`/100 (fractions allowed).
    mutating func chance(_ percent: Double) -> Bool { unit() * 100 < percent }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }

    /// Index into `weights` with probability proportional to its weight.
    mutating func weighted(_ weights: [Int]) -> Int {
        var total = 0
        for w in weights { total += w }
        var r = below(total)
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return weights.count - 1
    }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
