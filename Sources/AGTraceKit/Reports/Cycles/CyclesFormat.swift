/// `cycles --format`: the row formats, or dot (the chains drawn).
public enum CyclesFormat: ArgumentValue, Equatable {
    case rows(OutputFormat)
    case dot

    public init(argument text: String) throws(ArgumentRefusal) {
        if let format = try? OutputFormat(argument: text) {
            self = .rows(format)
        } else if text.lowercased() == "dot" {
            self = .dot
        } else {
            throw ArgumentRefusal("must be one of \(Self.placeholder), not '\(text)'")
        }
    }

    public static var choices: [String]? { OutputFormat.allCases.map(\.rawValue) + ["dot"] }
    public static var placeholder: String { choices!.joined(separator: "|") }
}
