import AGTraceKit
import Foundation

/// The sweep's sizes: N of each kind of input (4N is four times each).
struct SweepSizes: Sendable {
    var nodes: Int
    var hits: Int
    var events: Int
    var reports: Int
    var xctraceBytes: Int

    /// The full sweep: each import of N takes about 0.05-0.2 s on the 2-core VM, 4N 0.2-0.8 s.
    static let full = SweepSizes(nodes: 50_000, hits: 25_000, events: 100_000, reports: 2_800, xctraceBytes: 10_000_000)
    /// --quick: a smoke test of the harness.
    static let quick = SweepSizes(nodes: 5_000, hits: 2_500, events: 10_000, reports: 280, xctraceBytes: 1_000_000)
}

/// How the sweep makes recordings of one stored kind (its noun, as `InputFormats` declares it).
struct SweepKind: Sendable {
    var noun: String
    var fileExtension: String
    /// Writes the recording of `seed` (and `variant`: the B side of a dump pair) at `scale` (1:
    /// N, 4: 4N) to `path`; a run's writer also writes the dump naming it to `names`.
    var generate: @Sendable (_ sizes: SweepSizes, _ scale: Int, _ seed: Int, _ variant: Int, _ path: String, _ names: String?) throws -> Void

    /// The kinds the sweep can generate. A stored kind missing here fails the sweep.
    static let all: [SweepKind] = [
        SweepKind(noun: "snapshot", fileExtension: "ag-json") { sizes, scale, seed, variant, path, _ in
            // Profiled, so that rule-cost, findings and a dump's counts have their data.
            _ = try ArchiveGenerator.run(ArchiveOptions(nodes: sizes.nodes * scale, seed: UInt64(seed), profile: true, output: path,
                                                        variant: variant))
        },
        SweepKind(noun: "run", fileExtension: "lldb.log") { sizes, scale, seed, _, path, names in
            // One session (one launch of the app), as a recording is: `mixed` transcripts hold
            // several launches that reuse attribute ids, which a run joins into one graph.
            var options = TranscriptOptions()
            options.hits = sizes.hits * scale
            options.seed = UInt64(seed)
            options.shape = .frameInfo
            options.output = path
            options.dump = names
            _ = try TranscriptGenerator.run(options)
        },
        SweepKind(noun: "trace", fileExtension: "ag-trace") { sizes, scale, seed, _, path, _ in
            // An app of 64 rows: with the default 512, building every row before the first write
            // takes about 90,000 events, so a trace of N events would be mostly its build and
            // 4N would hold 15 times N's writes.
            _ = try TraceGenerator.run(events: sizes.events * scale, seed: UInt64(seed), output: path, rows: 64)
        },
        SweepKind(noun: "console", fileExtension: "log") { sizes, scale, seed, _, path, _ in
            _ = try ConsoleGenerator.run(reports: sizes.reports * scale, frames: nil, seed: UInt64(seed), output: path)
        },
        SweepKind(noun: "recording", fileExtension: "xml") { sizes, scale, seed, _, path, _ in
            _ = try XctraceGenerator.run(bytes: sizes.xctraceBytes * scale, seed: UInt64(seed), output: path)
        },
    ]

    static func named(_ noun: String) -> SweepKind? { all.first { $0.noun == noun } }
}

/// One recording of the sweep, at both sizes: its label is the same in both databases.
struct SweepInput {
    var label: String
    var kind: String
    /// The recording `label` names (a run's naming dump is its own input, of kind snapshot).
    var seed: Int
    var variant: Int
    /// For a run's naming dump: the run whose generation writes it.
    var namesRun: String?
    var fileExtension: String

    func path(_ directory: String, scale: Int) -> String { "\(directory)/\(scale)x/\(label).\(fileExtension)" }
}

/// Every kind's recordings: A and B (a pair), A2-A5 and B2-B5 (with A and B, groups of five a
/// side), and for a run the dumps naming A's and B's attributes.
enum SweepInputs {
    static let groupSize = 5
    /// Bumped when how the sweep generates an input changes (a file made before is made again).
    static let version = 2

    /// The label of `kind`'s recording `side` ("a" or "b") number `index` (1: the pair's).
    static func label(_ kind: String, _ side: String, _ index: Int = 1) -> String {
        "\(kind)-\(side)\(index == 1 ? "" : String(index))"
    }

    /// The naming dump of a run.
    static func namesLabel(_ run: String) -> String { run + "-names" }

    static func inputs(kinds: [SweepKind]) -> [SweepInput] {
        var inputs: [SweepInput] = []
        for kind in kinds {
            for side in ["a", "b"] {
                for index in 1...groupSize {
                    // A dump's B side is the same app after a write (its A seed, variant 1): the
                    // pair `diff`, `edge-churn` and `dirty-walks --from --to` are made for.
                    let dump = kind.noun == "snapshot"
                    let seed = dump ? index : (side == "a" ? index : groupSize + index)
                    inputs.append(SweepInput(label: label(kind.noun, side, index), kind: kind.noun, seed: seed,
                                             variant: dump && side == "b" ? 1 : 0, fileExtension: kind.fileExtension))
                    if kind.noun == "run" && index == 1 {
                        inputs.append(SweepInput(label: namesLabel(label(kind.noun, side)), kind: "snapshot", seed: seed, variant: 0,
                                                 namesRun: label(kind.noun, side), fileExtension: "ag-json"))
                    }
                }
            }
        }
        return inputs
    }

    /// Writes every input at `scale` unless it is there from an earlier sweep of the same
    /// generator and sizes (a marker written after the file says so).
    static func generate(_ inputs: [SweepInput], sizes: SweepSizes, scale: Int, directory: String, regenerate: Bool,
                         log: (String) -> Void) throws {
        try FileManager.default.createDirectory(atPath: "\(directory)/\(scale)x", withIntermediateDirectories: true)
        let stamp = "generator \(GeneratorVersion.current) sweep \(version) nodes \(sizes.nodes) hits \(sizes.hits) events \(sizes.events) reports \(sizes.reports) xctrace \(sizes.xctraceBytes)\n"
        var made = 0
        for input in inputs where input.namesRun == nil {
            let path = input.path(directory, scale: scale)
            let names = inputs.first { $0.namesRun == input.label }
            let marker = path + ".made"
            if !regenerate, (try? String(contentsOfFile: marker, encoding: .utf8)) == stamp,
               FileManager.default.fileExists(atPath: path), names.map({ FileManager.default.fileExists(atPath: $0.path(directory, scale: scale)) }) ?? true {
                continue
            }
            guard let kind = SweepKind.named(input.kind) else { throw GeneratorError("the sweep cannot generate a \(input.kind)") }
            try kind.generate(sizes, scale, input.seed, input.variant, path, names?.path(directory, scale: scale))
            try stamp.write(toFile: marker, atomically: true, encoding: .utf8)
            made += 1
        }
        log("sweep inputs at \(scale)N: \(made == 0 ? "reused" : "\(made) generated") in \(directory)/\(scale)x")
    }
}
