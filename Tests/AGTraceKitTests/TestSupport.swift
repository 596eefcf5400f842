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
}

/// A fresh directory under the system temp folder, removed by the caller's teardown.
func makeTemporaryDirectory(_ name: String = "agtrace-tests") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
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
    FileManager.default.createFile(atPath: plain, contents: Data(data))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -c -n '\(plain)' > '\(path)'"]
    try! process.run()
    process.waitUntilExit()
    return Array(FileManager.default.contents(atPath: path)!)
}
