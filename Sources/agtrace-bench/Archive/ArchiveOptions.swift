/// Settings of `generate archive`.
struct ArchiveOptions {
    var nodes = 300_000
    var seed: UInt64 = 1
    var gzip = false
    var graphs = 1
    var profile = false
    var output = ""
    /// Attribute ids stay below 2^idBits: 26 is what real processes show; 32 spreads them up to
    /// near 2^32 - 4 to exercise unsigned 32-bit handling.
    var idBits = 26
    /// 0 is the base snapshot; 1, 2… are the same graph after a write: some subgraphs dirty,
    /// some edges flagged changed, a few values, edges and types different.
    var variant = 0
    /// The tree-heavy shape: about one debug-tree entry per 3 nodes, each a view entry with one
    /// named value, and ~400 types (the default: one entry per 12 nodes, a few thousand types).
    var treeHeavy = false
    /// The flat-tree shape (`FlatArchive`): one graph, 400 types, a flat debug tree.
    var flatTrees = false
    /// Where to write the counts as JSON (optional).
    var manifest: String?
}
