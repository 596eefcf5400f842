import Foundation

/// One generated input file and what it holds.
struct GeneratedInput {
    var name: String
    var path: String
    /// Nodes for archives, hits for transcripts, events for traces.
    var items: Int
    var jsonBytes: Int
    var fileBytes: Int
    /// How long generating it took (read back from its manifest when reused).
    var generationSeconds: Double?
    var reused = false
    /// Archive manifest fields (signal_attribute, hub_attribute…); empty for transcripts.
    var manifest: [String: Double]
}

/// Sizes of the benchmark's inputs: the full run and the --quick smoke test.
struct InputSizes {
    var archiveNodes: Int
    /// Row 4's series of plain archives, smallest first (the one of `archiveNodes` is reused).
    var scalingNodes: [Int]
    var bigNodes: Int
    var transcriptBytes: Int
    var traceEvents: Int
    /// Row 10's Instruments export (swiftui-updates rows), in bytes.
    var xctraceBytes: Int
    /// Row 11's console log: cycle reports (issue 45's UI test stuck in a loop).
    var consoleReports: Int

    static let full = InputSizes(archiveNodes: 300_000, scalingNodes: [100_000, 300_000, 1_000_000, 3_000_000],
                                 bigNodes: 1_000_000, transcriptBytes: 10_000_000, traceEvents: 1_500_000, xctraceBytes: 1_000_000_000,
                                 consoleReports: 28_000)
    static let quick = InputSizes(archiveNodes: 30_000, scalingNodes: [10_000, 30_000, 100_000, 300_000],
                                  bigNodes: 100_000, transcriptBytes: 1_000_000, traceEvents: 150_000, xctraceBytes: 20_000_000,
                                  consoleReports: 2_800)
}

/// Makes (or reuses) the inputs in the work directory. A file counts as present only when its
/// manifest exists, matches its size and names the current generator version: the manifest
/// is written after the data, so an interrupted or outdated generation is redone.
struct BenchInputs {
    var archive: GeneratedInput
    /// The same node count, tree-heavy (`--tree-heavy`): rows 1 and 2 run on both.
    var treeArchive: GeneratedInput
    /// The same node count, flat-tree (`--flat-trees`, issue #33's third shape).
    var flatArchive: GeneratedInput
    var archiveGzip: GeneratedInput
    var scaling: [GeneratedInput]
    var bigA: GeneratedInput
    var bigB: GeneratedInput
    var transcript: GeneratedInput
    var trace: GeneratedInput
    var xctrace: GeneratedInput
    /// A console log of `consoleReports` cycle reports (`ConsoleGenerator`).
    var console: GeneratedInput

    var all: [GeneratedInput] {
        [archive, treeArchive, flatArchive, archiveGzip] + scaling.filter { $0.path != archive.path }
            + [bigA, bigB, transcript, trace, xctrace, console]
    }

    static let seed: UInt64 = 1

    static func prepare(sizes: InputSizes, directory: String, regenerate: Bool, log: (String) -> Void) throws -> BenchInputs {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func archive(_ name: String, nodes: Int, gzip: Bool = false, graphs: Int = 1, profile: Bool = false, variant: Int = 0,
                     treeHeavy: Bool = false, flatTrees: Bool = false) throws -> GeneratedInput {
            let path = "\(directory)/\(name)"
            let options = ArchiveOptions(nodes: nodes, seed: seed, gzip: gzip, graphs: graphs, profile: profile, output: path,
                                         variant: variant, treeHeavy: treeHeavy, flatTrees: flatTrees, manifest: path + ".manifest.json")
            if !regenerate, let reused = reuse(name: name, path: options.output, manifest: options.manifest!, items: nodes) {
                log("reusing \(options.output)")
                return reused
            }
            log("generating \(options.output) (\(nodes) nodes\(gzip ? ", gzip" : "")\(profile ? ", profile" : "")\(treeHeavy ? ", tree-heavy" : "")\(flatTrees ? ", flat trees" : ""))")
            let counts = try ArchiveGenerator.run(options)
            return GeneratedInput(name: name, path: options.output, items: nodes, jsonBytes: counts.jsonBytes,
                                  fileBytes: counts.fileBytes, generationSeconds: counts.seconds,
                                  manifest: try readManifest(options.manifest!))
        }
        let small = sizes.archiveNodes / 1000
        let big = sizes.bigNodes / 1000
        let plain = try archive("archive-\(small)k.ag-json", nodes: sizes.archiveNodes)
        let trees = try archive("archive-\(small)k-trees.ag-json", nodes: sizes.archiveNodes, treeHeavy: true)
        let flat = try archive("archive-\(small)k-flat.ag-json", nodes: sizes.archiveNodes, flatTrees: true)
        let gzip = try archive("archive-\(small)k.ag-gzon", nodes: sizes.archiveNodes, gzip: true)
        let scaling = try sizes.scalingNodes.map { nodes in
            nodes == sizes.archiveNodes ? plain : try archive("archive-\(nodes / 1000)k.ag-json", nodes: nodes)
        }
        // The pair for reports: same app before (A) and after (B) a write, with profiling on so
        // rule-cost has data.
        let a = try archive("app-\(big)k-A.ag-gzon", nodes: sizes.bigNodes, gzip: true, graphs: 4, profile: true)
        let b = try archive("app-\(big)k-B.ag-gzon", nodes: sizes.bigNodes, gzip: true, graphs: 4, profile: true, variant: 1)
        let transcript = try makeTranscript(bytes: sizes.transcriptBytes, directory: directory, regenerate: regenerate, log: log)
        // A trace of fixed64 timestamps; an `xctrace export` of swiftui-updates rows.
        let trace = try makeCounted("app-\(sizes.traceEvents / 1000)k-events.ag-trace", directory: directory, regenerate: regenerate,
                                    log: log, items: "events", kept: "evaluations", what: "\(sizes.traceEvents) events") {
            try TraceGenerator.run(events: sizes.traceEvents, seed: seed, output: $0)
        }
        let xctrace = try makeCounted("swiftui-updates-\(sizes.xctraceBytes / 1_000_000)MB.xml", directory: directory,
                                      regenerate: regenerate, log: log, items: "rows", kept: "duration_sum",
                                      what: "\(ByteSize.format(sizes.xctraceBytes)) of swiftui-updates rows") {
            try XctraceGenerator.run(bytes: sizes.xctraceBytes, seed: seed, output: $0)
        }
        // A UI test's console stuck in a loop: thousands of cycle reports (row 11).
        let console = try makeCounted("cycles-\(sizes.consoleReports)-reports.log", directory: directory, regenerate: regenerate,
                                      log: log, items: "reports", kept: "body_runs", what: "\(sizes.consoleReports) cycle reports") {
            try ConsoleGenerator.run(reports: sizes.consoleReports, frames: nil, seed: seed, output: $0)
        }
        return BenchInputs(archive: plain, treeArchive: trees, flatArchive: flat, archiveGzip: gzip, scaling: scaling, bigA: a, bigB: b,
                           transcript: transcript, trace: trace, xctrace: xctrace, console: console)
    }

    /// A generated file whose counts file is its manifest (`items`: the count it holds, `kept`:
    /// the one kept as its manifest): reused while current, else written by `generate` at the path.
    private static func makeCounted<Counts: CountsFile>(_ name: String, directory: String, regenerate: Bool, log: (String) -> Void,
                                                        items: String, kept: String, what: String,
                                                        generate: (String) throws -> Counts) throws -> GeneratedInput {
        let path = "\(directory)/\(name)"
        if !regenerate, let reused = reuseCounted(name: name, path: path, items: items, kept: kept) {
            log("reusing \(path)")
            return reused
        }
        log("generating \(path) (\(what))")
        let counts = try generate(path)
        try counts.text.write(toFile: path + ".counts.txt", atomically: true, encoding: .utf8)
        return GeneratedInput(name: name, path: path, items: counts[items], jsonBytes: counts.bytes, fileBytes: counts.bytes,
                              generationSeconds: counts.seconds, manifest: [kept: Double(counts[kept])])
    }

    /// The file at `path` when its counts file (`path.counts.txt`) names the current generator
    /// version and its size: `items` is the count it holds, `kept` the one kept as its manifest.
    private static func reuseCounted(name: String, path: String, items: String, kept: String) -> GeneratedInput? {
        func field(_ text: String, _ key: String) -> Substring? {
            text.split(separator: "\n").first { $0.hasPrefix(key + " ") }?.dropFirst(key.count + 1)
        }
        guard let size = fileSize(path), let text = try? String(contentsOfFile: path + ".counts.txt", encoding: .utf8),
              text.split(separator: "\n").contains("generator_version \(GeneratorVersion.current)"),
              field(text, "bytes").flatMap({ Int($0) }) == size else { return nil }
        return GeneratedInput(name: name, path: path, items: field(text, items).flatMap { Int($0) } ?? 0, jsonBytes: size,
                              fileBytes: size, generationSeconds: field(text, "seconds").flatMap { Double($0) }, reused: true,
                              manifest: [kept: field(text, kept).flatMap { Double($0) } ?? -1])
    }

    private static func makeTranscript(bytes: Int, directory: String, regenerate: Bool, log: (String) -> Void) throws -> GeneratedInput {
        let name = "session-\(bytes / 1_000_000)MB.lldb.log"
        let path = "\(directory)/\(name)"
        let manifest = path + ".counts.txt"
        if !regenerate, FileManager.default.fileExists(atPath: manifest), let size = fileSize(path),
           let text = try? String(contentsOfFile: manifest, encoding: .utf8),
           text.split(separator: "\n").contains("generator_version \(GeneratorVersion.current)") {
            log("reusing \(path)")
            func field(_ key: String) -> Substring? {
                text.split(separator: "\n").first { $0.hasPrefix(key + " ") }?.dropFirst(key.count + 1)
            }
            return GeneratedInput(name: name, path: path, items: field("hits").flatMap { Int($0) } ?? 0, jsonBytes: size,
                                  fileBytes: size, generationSeconds: field("seconds").flatMap { Double($0) },
                                  reused: true, manifest: [:])
        }
        log("generating \(path) (mixed shapes, \(ByteSize.format(bytes)))")
        var options = TranscriptOptions()
        options.bytes = bytes
        options.seed = seed
        options.output = path
        let counts = try TranscriptGenerator.run(options)
        try counts.text.write(toFile: manifest, atomically: true, encoding: .utf8)
        return GeneratedInput(name: name, path: path, items: counts.hits, jsonBytes: counts.bytes, fileBytes: counts.bytes,
                              generationSeconds: counts.seconds, manifest: [:])
    }

    private static func reuse(name: String, path: String, manifest: String, items: Int) -> GeneratedInput? {
        guard FileManager.default.fileExists(atPath: manifest), let size = fileSize(path),
              let fields = try? readManifest(manifest), fields["file_bytes"].map({ Int($0) }) == size,
              fields["generator_version"].map({ Int($0) }) == GeneratorVersion.current else { return nil }
        return GeneratedInput(name: name, path: path, items: items, jsonBytes: Int(fields["json_bytes"] ?? 0),
                              fileBytes: size, generationSeconds: fields["seconds"], reused: true, manifest: fields)
    }

    private static func readManifest(_ path: String) throws -> [String: Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GeneratorError("\(path): not a manifest object")
        }
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
