import Foundation
import XCTest
@testable import AGTraceKit

/// Edges beyond `EdgeBuffer.runCapacity` go to sorted runs in a temporary file and are merged
/// back: whatever the capacity, the store receives the same edges in the same order.
final class EdgeRunsTests: XCTestCase {
    func testRunsOfAnySizeMergeIntoTheSortedOrder() throws {
        var generator = SeededRandom(seed: 42)
        // With 2 graphs the edges held unresolved are the archive's last (the last stretch read
        // back stays in memory for the merge); with 3 more edges follow them.
        for capacity in [1, 2, 7, 100, 1 << 20] { for graphs in [2, 3] {
            var buffer = EdgeBuffer(runCapacity: capacity)
            var all: [ResolvedEdge] = []
            for graph in 0..<graphs {
                let attributes = (0..<50).map { _ in UInt32(generator.next() % 1000) }
                // Graph 1's edges come before its nodes: held unresolved, then resolved.
                if graph == 1 { buffer.holdUnresolved() }
                for i in 0..<(200 + graph * 37) {
                    let src = Int(generator.next() % 50), dst = Int(generator.next() % 50)
                    let resolved = ResolvedEdge(src: attributes[src], dst: attributes[dst], graph: UInt32(graph),
                                                index: UInt32(i), offset: UInt32(i % 3), flags: UInt32(i % 5))
                    all.append(resolved)
                    var read = resolved
                    if graph == 1 { read.src = UInt32(src); read.dst = UInt32(dst) }
                    try buffer.append(read)
                }
                if graph == 1 { try buffer.resolve(attributes: PagedArray(attributes)) }
            }
            var sink = ArchiveCollectingSink()
            try buffer.deliver(into: &sink)
            let expected = all.sorted { $0 < $1 }
            let got: [[Int]] = sink.edges.map { e in
                [Int(e.srcAttribute), Int(e.dstAttribute), e.graphIndex, e.edgeIndex, Int(e.offset ?? -1), Int(e.flags ?? -1)]
            }
            let want: [[Int]] = expected.map { e in
                [Int(e.src), Int(e.dst), Int(e.graph), Int(e.index), Int(e.offset), Int(e.flags)]
            }
            XCTAssertEqual(got, want, "run capacity \(capacity), \(graphs) graphs")
        } }
    }

    func testEverySampleArchiveReadsTheSameWithTinyRuns() throws {
        let dir = TestPaths.sampleArchives.path
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".ag-json") || $0.hasSuffix(".ag-gzon") }
        XCTAssertGreaterThan(names.count, 3)
        for name in names {
            func read(_ capacity: Int) throws -> [EdgeRecord] {
                let input = try InputSniffer.sniff(PeekingSource(try FileSource(path: dir + "/" + name)), path: name,
                                                   formats: [ArchiveFormat()])
                var sink = ArchiveCollectingSink()
                try ArchiveReader(source: input.source, path: name, edgeRunCapacity: capacity).read(into: &sink)
                return sink.edges
            }
            let whole = try read(EdgeBuffer.runCapacity)
            XCTAssertGreaterThan(whole.count, 0, name)
            XCTAssertEqual(try read(3), whole, name)
        }
    }

    func testPagedArrayKeepsOrderAcrossPages() {
        var paged = PagedArray<Int>()
        for i in 0..<200_000 { paged.append(i * 3) }
        XCTAssertEqual(paged.count, 200_000)
        XCTAssertEqual(paged[0], 0)
        XCTAssertEqual(paged[65_535], 65_535 * 3)
        XCTAssertEqual(paged[65_536], 65_536 * 3)
        XCTAssertEqual(paged.last, 199_999 * 3)
        paged[131_072] = -1
        XCTAssertEqual(paged[131_072], -1)
        var sum = 0
        paged.forEach { sum += $0 }
        XCTAssertEqual(sum, (0..<200_000).reduce(0) { $0 + $1 * 3 } - 131_072 * 3 - 1)
        paged.append(7, count: 3)
        XCTAssertEqual(paged.count, 200_003)
        XCTAssertEqual(paged[200_002], 7)
    }
}
