import Foundation
import XCTest
@testable import AGTraceKit

/// Paths and helpers shared by the unit tests.
enum TestPaths {
    /// The package root, found from this file's location.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleArchives = packageRoot.appendingPathComponent("SampleArchives")
    /// `../shared` beside the checkout; absent on machines without it.
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    static func sample(_ name: String) -> String { sampleArchives.appendingPathComponent(name).path }

    /// A real file of `../shared` (e.g. `real-logs/frame-info.lldb.log`); skips the test when it
    /// is not on this machine. A present file that does not read must fail, not skip.
    static func sharedFile(_ relative: String) throws -> String {
        let path = shared.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("../shared/\(relative) is not here") }
        return path
    }
}

/// A test case with a fresh directory (`dir`) for each test (TemporaryDirectory.swift) and
/// helpers to write files into it and import them.
extension TemporaryDirectoryTestCase {
    var dbPath: String { dir.appendingPathComponent("test.db").path }

    /// Writes `bytes` to `dir/name` and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) -> String {
        let path = dir.appendingPathComponent(name).path
        FileManager.default.createTestFile(atPath: path, contents: Data(bytes))
        return path
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String { write(name, bytes: Array(text.utf8)) }

    /// The item an import stored, or a test failure naming what happened instead.
    func imported(_ outcome: ImportOutcome, file: StaticString = #filePath, line: UInt = #line) -> ImportedItem? {
        guard case .imported(let item) = outcome else { XCTFail("not imported: \(outcome)", file: file, line: line); return nil }
        return item
    }

    /// Every row of every table, to prove a refused or failed import changed nothing.
    func fingerprint(_ db: Database) throws -> [String] {
        var out: [String] = []
        for table in FuzzImportHarness.tables {
            for row in try db.rows("SELECT * FROM \(table)") { out.append(table + ":" + row.map(\.description).joined(separator: "|")) }
        }
        return out.sorted()
    }

    /// An importer over a (new) database at `dbPath`.
    func importer() throws -> Importer { Importer(database: try DatabaseOpener.open(dbPath, mode: .write)) }

    /// A database at `dbPath` left at schema `version` (its first `version` migrations), holding
    /// the rows `sql` inserts: what an older agtrace wrote, for the migration tests.
    func makeOldDatabase(version: Int, rows sql: String) throws {
        let old = try Database(rawPath: dbPath, readOnly: false, create: true)
        for m in Schema.migrations.prefix(version) { try old.execute(m) }
        try old.execute("PRAGMA application_id = \(Schema.applicationId); PRAGMA user_version = \(version)")
        try old.execute(sql)
    }
}

/// A TemporaryDirectoryTestCase whose database (`db`, at `dbPath`) is open for each test and
/// closed before its directory goes.
class DatabaseTestCase: TemporaryDirectoryTestCase {
    var db: Database!

    override func setUpWithError() throws {
        try super.setUpWithError()
        db = try DatabaseOpener.open(dbPath, mode: .write)
    }

    override func tearDownWithError() throws {
        db = nil
        try super.tearDownWithError()
    }
}

extension Database {
    /// Every row of `sql` as text, for comparing with a literal table.
    func textRows(_ sql: String, _ parameters: [SQLValue] = []) throws -> [[String]] {
        try rows(sql, parameters).map { $0.map(\.description) }
    }
}

/// The tests' one random generator (SplitMix64): deterministic, so a failure reproduces from its seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    /// Starts from exactly this SplitMix64 state (the first `next()` advances it once).
    init(state: UInt64) { self.state = state }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// Collects every record an archive reader delivers.
struct ArchiveCollectingSink: ArchiveSink {
    var types: [TypeRecord] = []
    var nodes: [NodeRecord] = []
    var edges: [EdgeRecord] = []
    var subgraphs: [SubgraphRecord] = []
    var members: [(graph: Int, id: Int64?, range: ClosedRange<Int>)] = []
    var trees: [TreeRecord] = []
    var treeParents: [(graph: Int, tree: Int, parent: Int)] = []
    var treeValues: [TreeValueRecord] = []
    var treeNodes: [TreeNodeRecord] = []
    var events: [ProfileEventRecord] = []
    var marks: [ProfileMarkRecord] = []
    var graphs: [GraphRecord] = []
    var links: [SubgraphLinkRecord] = []
    var summary: ArchiveSummaryRecord?

    mutating func type(_ r: TypeRecord) throws { types.append(r) }
    mutating func node(_ r: NodeRecord) throws { nodes.append(r) }
    mutating func edge(_ r: EdgeRecord) throws { edges.append(r) }
    mutating func subgraph(_ r: SubgraphRecord) throws { subgraphs.append(r) }
    mutating func subgraphMembers(graphIndex: Int, subgraphId: Int64?, nodeIndices: ClosedRange<Int>) throws {
        members.append((graphIndex, subgraphId, nodeIndices))
    }
    mutating func tree(_ r: TreeRecord) throws { trees.append(r) }
    mutating func treeParent(graphIndex: Int, treeIndex: Int, parentTreeIndex: Int) throws {
        treeParents.append((graphIndex, treeIndex, parentTreeIndex))
    }
    mutating func treeValue(_ r: TreeValueRecord) throws { treeValues.append(r) }
    mutating func treeNode(_ r: TreeNodeRecord) throws { treeNodes.append(r) }
    mutating func profileEvent(_ r: ProfileEventRecord) throws { events.append(r) }
    mutating func profileMark(_ r: ProfileMarkRecord) throws { marks.append(r) }
    mutating func graph(_ r: GraphRecord) throws { graphs.append(r) }
    mutating func subgraphLink(_ r: SubgraphLinkRecord) throws { links.append(r) }
    mutating func archive(_ r: ArchiveSummaryRecord) throws { summary = r }

    /// Subgraph id of a node, whichever way the reader delivered membership.
    func subgraphId(ofNode index: Int, graph: Int = 0) -> Int64? {
        members.last { $0.graph == graph && $0.range.contains(index) }?.id
    }
}

/// Reads `json` with a given buffer size and returns what the sink collected.
func readArchive(_ json: String, bufferSize: Int = 1 << 20, path: String = "test.ag-json") throws -> ArchiveCollectingSink {
    var sink = ArchiveCollectingSink()
    try ArchiveReader(source: MemorySource(json), path: path, bufferSize: bufferSize).read(into: &sink)
    return sink
}

/// The error an archive produces, or a test failure if it reads.
func archiveError(_ json: String, bufferSize: Int = 1 << 20, file: StaticString = #filePath, line: UInt = #line) -> ArchiveFormatError? {
    do {
        _ = try readArchive(json, bufferSize: bufferSize)
        XCTFail("expected an error for: \(json.prefix(120))", file: file, line: line)
        return nil
    } catch let e as ArchiveFormatError {
        return e
    } catch {
        XCTFail("unexpected error type \(error)", file: file, line: line)
        return nil
    }
}

/// gzip-compresses bytes with zlib (for gzip tests), in the format `gzwrite` produces.
func gzip(_ data: [UInt8]) -> [UInt8] {
    let dir = makeTemporaryDirectory("gz")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("x.gz").path
    let plain = dir.appendingPathComponent("x").path
    FileManager.default.createTestFile(atPath: plain, contents: Data(data))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -c -n '\(plain)' > '\(path)'"]
    try! process.run()
    process.waitUntilExit()
    return Array(FileManager.default.contents(atPath: path)!)
}
