/// A percentage from 0 to 100, written `5` or `5%` (decimals too: `2.5`), kept as the fraction
/// it stands for (5% is 0.05): `compare --min-effect`.
public struct Percent: ArgumentValue, Equatable {
    /// 0 ... 1.
    public let fraction: Double

    public init(argument text: String) throws(ArgumentRefusal) {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value >= 0, value <= 100 else {
            throw ArgumentRefusal("takes a percentage from 0 to 100 (5 or 5%), not '\(text)'")
        }
        fraction = value / 100
    }

    public static var placeholder: String { "PCT" }
}
