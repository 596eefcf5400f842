import CommandLineOptions
import Foundation

/// `generate archive …`: options → ArchiveGenerator; counts to stderr.
enum GenerateArchiveCommand {
    static let nodes = OptionSpec(name: "nodes", valueName: "N", help: "nodes in all (default 300000)", kind: .count)
    static let output = OptionSpec(name: "output", valueName: "FILE", help: "the archive to write", required: "missing --output")
    static let seed = OptionSpec(name: "seed", valueName: "S", help: "the random seed (default 1)", kind: .count)
    static let gzip = OptionSpec(name: "gzip", valueName: nil, help: "compress with zlib")
    static let graphs = OptionSpec(name: "graphs", valueName: "G", help: "split the nodes over G graphs (default 1)", kind: .count)
    static let profile = OptionSpec(name: "profile", valueName: nil, help: "add profile objects")
    static let idBits = OptionSpec(name: "id-bits", valueName: "26|32", help: "attribute ids stay below 2^N, N from 20 to 32 (default 26)", kind: .count)
    static let variant = OptionSpec(name: "variant", valueName: "V", help: "the same graph after a write (default 0: none)", kind: .count)
    static let treeHeavy = OptionSpec(name: "tree-heavy", valueName: nil, help: "about one debug-tree entry per 3 nodes")
    static let flatTrees = OptionSpec(name: "flat-trees", valueName: nil,
                                      help: "the flat-tree shape: one graph, 400 types, a debug-tree entry per 3 nodes without children")
    static let manifest = OptionSpec(name: "manifest", valueName: "FILE", help: "write the exact counts as JSON")
    static let usage = UsageForm([.optional(nodes), .option(output), .optional(seed), .optional(gzip), .optional(graphs), .optional(profile),
                                  .optional(idBits), .optional(variant), .optional(treeHeavy), .optional(flatTrees), .optional(manifest)])

    static func run(_ words: [String]) throws {
        guard let args = try BenchOptions.parse(words, usage, command: "generate archive") else { return }
        var options = ArchiveOptions()
        options.output = try args.required(output)
        options.nodes = args.count(nodes) ?? options.nodes
        options.seed = UInt64(args.count(seed) ?? 1)
        options.graphs = args.count(graphs) ?? 1
        options.idBits = args.count(idBits) ?? 26
        options.variant = args.count(variant) ?? 0
        options.gzip = args.has(gzip)
        options.profile = args.has(profile)
        options.treeHeavy = args.has(treeHeavy)
        options.flatTrees = args.has(flatTrees)
        options.manifest = args.value(manifest)
        guard options.nodes >= TypeCatalog.rootCount else { throw UsageError("--nodes must be at least \(TypeCatalog.rootCount)") }
        guard (20...32).contains(options.idBits) else { throw UsageError("--id-bits must be between 20 and 32") }
        guard options.graphs >= 1 else { throw UsageError("--graphs must be at least 1") }
        let counts = try ArchiveGenerator.run(options)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
