import Foundation

/// Lays out pictures with Graphviz `dot` when it is on the PATH (agtrace writes no layout
/// engine). Several graphs go through one `dot` process: it writes one SVG document per graph.
public struct Graphviz: Sendable {
    public let executable: String

    /// `dot` found on `PATH`, or nil.
    public static func find(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> Graphviz? {
        for dir in (path ?? "").split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Graphviz(executable: candidate) }
        }
        return nil
    }

    public init(executable: String) { self.executable = executable }

    /// SVG for each DOT graph, in order (the XML prolog and DOCTYPE removed, so each can be
    /// inlined in HTML). Throws when dot fails or returns a different number of pictures.
    public func svg(_ graphs: [String]) throws -> [String] {
        guard !graphs.isEmpty else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Write from another thread: dot starts printing before it has read everything.
        let text = Data(graphs.joined(separator: "\n").utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(text)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let pictures = Self.svgElements(data)
        guard process.terminationStatus == 0, pictures.count == graphs.count else {
            throw ReportError("Graphviz (\(executable)) failed: \(String(decoding: messages, as: UTF8.self).prefix(300))")
        }
        return pictures
    }

    /// Each `<svg …>…</svg>` in dot's output, in order: a search of the bytes (Foundation's
    /// `range(of:)` on the text cost a few percent of a large `export html`).
    static func svgElements(_ data: Data) -> [String] {
        let close: StaticString = "</svg>"
        return [UInt8](data).withUnsafeBufferPointer { bytes in
            var pictures: [String] = []
            var at = 0
            while let start = bytes.find("<svg", from: at), let end = bytes.find(close, from: start + 4) {
                at = end + close.utf8CodeUnitCount
                pictures.append(String(decoding: bytes[start..<at], as: UTF8.self))
            }
            return pictures
        }
    }
}
