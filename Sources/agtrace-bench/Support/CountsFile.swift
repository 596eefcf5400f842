import Foundation

/// The counts of a generated file as it keeps them beside itself (`FILE.counts.txt`, printed to
/// stderr too): a `key value` line each, then its size, the seconds generating it took and the
/// generator's version, which `BenchInputs` reads back to reuse the file.
protocol CountsFile {
    /// The file's own counts, in the order the text lists them.
    var listed: [(key: String, value: Int)] { get }
    var bytes: Int { get }
    var seconds: Double { get }
}

extension CountsFile {
    var text: String {
        (listed.map { "\($0.key) \($0.value)" }
            + ["bytes \(bytes)", "seconds \(String(format: "%.2f", seconds))", "generator_version \(GeneratorVersion.current)"])
            .joined(separator: "\n")
    }

    /// The count listed under `key` (one of `listed`'s keys).
    subscript(key: String) -> Int { listed.first { $0.key == key }!.value }
}
