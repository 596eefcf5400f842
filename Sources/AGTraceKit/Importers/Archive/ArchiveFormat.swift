import Foundation

extension InputKind {
    public static let archive = InputKind(rawValue: "archive")
}

/// AttributeGraph archives (JSON, `.ag-json`, gzip'd `.ag-gzon`, raw DEFLATE `.iag-gzon` from
/// jcmosc/Compute): one snapshot each.
struct ArchiveFormat: InputFormat {
    let facts = FormatFacts(kind: .archive, storedKind: .snapshot, measuredKind: .snapshot, noun: "an AttributeGraph archive",
                            plural: "AttributeGraph archives",
                            signs: "JSON ({ or [ first, after a byte-order mark and white space; not an agtrace baseline)",
                            docs: "docs/formats.md#archives",
                            fileExtensions: [".iag-gzon", ".ag-gzon", ".ag-json", ".json"], fileOption: "--archive",
                            hooks: .snapshot)

    /// JSON after an optional byte order mark and whitespace; whitespace as far as a full head
    /// goes too (an archive with a large indent or a whitespace bomb: the tokenizer streams
    /// through whitespace and says what comes after it).
    func recognise(_ head: [UInt8], full: Bool, path: String) throws -> Recognition? {
        var i = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < head.count, head[i] == 0x20 || head[i] == 0x0A || head[i] == 0x0D || head[i] == 0x09 { i += 1 }
        if i == head.count { return full ? .sure : nil }
        guard head[i] == UInt8(ascii: "{") || head[i] == UInt8(ascii: "[") else { return nil }
        // A baseline (committed next to the app, often under the same directory as the
        // recordings) is JSON too: named, so that importing a directory skips it.
        if Self.isBaseline(head[i...]) {
            throw InputError(path: path, message: "an agtrace baseline (for 'check --baseline'): neither an AttributeGraph archive nor an lldb breakpoint transcript", notAnInput: true)
        }
        return .sure
    }

    /// `"format": "agtrace-baseline"` among the first top-level bytes (the writer puts it first).
    static func isBaseline(_ json: ArraySlice<UInt8>) -> Bool {
        let needle = Array("\"agtrace-baseline\"".utf8)
        let window = Array(json.prefix(256))
        guard window.count >= needle.count else { return false }
        for start in 0...(window.count - needle.count) where window[start..<(start + needle.count)].elementsEqual(needle) {
            return String(decoding: window[..<start], as: UTF8.self).contains("\"format\"")
        }
        return false
    }

    func importInput(_ job: FormatImport, into item: inout ImportedItem) throws {
        let db = job.db, file = job.file
        try db.prepare("INSERT INTO snapshot_facts(import_id) VALUES (?1)").runRow(job.importId)
        let id = db.lastInsertRowid
        let store = try ArchiveStore(db: db, snapshotId: id)
        let bulk = try store.beginBulkInsert()
        // The reader parses here while the pipeline's thread writes rows.
        var pipeline = ArchivePipeline(store: store)
        pipeline.tick = job.tick
        // The summary the reader returns has already reached the store through the sink's
        // `archive(_:)`.
        _ = try pipeline.drive(mark: job.mark) { try ArchiveReader(source: job.source, path: file.path).read(into: &pipeline) }
        // While the connection builds the indexes, other threads send the rows' pages
        // to the disk and work out the debug tree's names of nodes.
        let writeback = job.firstImport ? Writeback.start(db) : nil
        defer { writeback?.wait() }
        store.nameViewsInBackground()
        if bulk {
            try store.finishBulkInsert()
            job.mark("indexes built")
        }
        try store.writeTreeNames()
        job.mark("views named")
        item.graphs = store.graphCount
        item.nodes = store.nodeCount
        item.edges = store.edgeCount
        item.sha256 = job.hash()
        // A dump is one moment: read whole, or refused.
        item.ending = .ended(nil)
    }

    func counts(of item: ImportedItem) -> String {
        "graphs \(item.graphs), nodes \(item.nodes), edges \(item.edges)"
    }
}

extension ImportedItem {
    /// An archive's graphs, nodes and edges (a trace's live edges too).
    public var graphs: Int { get { self[count: "graphs"] } set { self[count: "graphs"] = newValue } }
    public var nodes: Int { get { self[count: "nodes"] } set { self[count: "nodes"] = newValue } }
    public var edges: Int { get { self[count: "edges"] } set { self[count: "edges"] = newValue } }
}
