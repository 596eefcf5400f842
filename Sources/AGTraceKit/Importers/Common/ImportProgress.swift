import Foundation

public struct ImportProgress: Sendable {
    public var path: String
    public var bytesRead: Int
    public var totalBytes: Int?
    /// Since the import started.
    public var seconds: Double = 0

    /// "importing PATH: 42% (1.7 MB of 4.2 MB), about 12 s left" (the estimate once a second
    /// has passed and something was read: the rate so far, for what is left); without a known
    /// size, how much was read.
    public var line: String {
        func mb(_ n: Int) -> String { String(format: "%.1f MB", Double(n) / 1_000_000) }
        guard let total = totalBytes, let percent else { return "importing \(path): \(mb(bytesRead))" }
        var text = "importing \(path): \(percent)% (\(mb(bytesRead)) of \(mb(total)))"
        if seconds >= 1, bytesRead > 0, bytesRead < total {
            let left = seconds * Double(total - bytesRead) / Double(bytesRead)
            text += left < 60 ? ", about \(max(1, Int(left.rounded()))) s left" : String(format: ", about %.0f min left", left / 60)
        }
        return text
    }

    /// How much of the input was read, in whole percent; nil without a known size.
    public var percent: Int? {
        guard let total = totalBytes, total > 0 else { return nil }
        return min(100, Int(Double(bytesRead) * 100 / Double(total)))
    }

    /// Where the import is, in the steps `import --progress` prints a line for: each percent
    /// read, or each megabyte without a known size.
    public var step: Int { percent ?? bytesRead / 1_000_000 }
}
