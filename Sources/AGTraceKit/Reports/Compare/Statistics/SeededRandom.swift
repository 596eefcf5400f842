/// A random number generator that gives the same numbers for the same seed on every machine and
/// Swift version (SplitMix64), so a bootstrap's interval, and the output that prints it, is
/// reproducible. Not for anything secret.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An index in `0..<count` (count > 0), drawn here rather than by `Int.random(in:using:)`,
    /// whose way of drawing the standard library does not promise to keep.
    mutating func index(below count: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }
}
