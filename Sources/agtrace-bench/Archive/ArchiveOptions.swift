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
    /// Where to write the counts as JSON (optional).
    var manifest: String?
}
