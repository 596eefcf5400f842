import Foundation

/// `generate archive …`: options → ArchiveGenerator; counts to stderr.
enum GenerateArchiveCommand {
    static func run(_ words: [String]) throws {
        let args = try Arguments(words, options: ["nodes", "seed", "graphs", "output", "id-bits", "variant", "manifest"],
                                 flags: ["gzip", "profile", "tree-heavy", "help"])
        if args.flag("help") { print(Usage.text); return }
        var options = ArchiveOptions()
        options.output = try args.required("output")
        options.nodes = try args.int("nodes") ?? options.nodes
        options.seed = UInt64(try args.int("seed") ?? 1)
        options.graphs = try args.int("graphs") ?? 1
        options.idBits = try args.int("id-bits") ?? 26
        options.variant = try args.int("variant") ?? 0
        options.gzip = args.flag("gzip")
        options.profile = args.flag("profile")
        options.treeHeavy = args.flag("tree-heavy")
        options.manifest = args.string("manifest")
        guard options.nodes >= TypeCatalog.rootCount else { throw UsageError("--nodes must be at least \(TypeCatalog.rootCount)") }
        guard (20...32).contains(options.idBits) else { throw UsageError("--id-bits must be between 20 and 32") }
        guard options.graphs >= 1 else { throw UsageError("--graphs must be at least 1") }
        let counts = try ArchiveGenerator.run(options)
        FileHandle.standardError.write((counts.text + "\n").data(using: .utf8)!)
    }
}
