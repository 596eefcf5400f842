import XCTest
@testable import AGTraceKit

final class EdgeSortTests: XCTestCase {
    func edges(_ keys: [(UInt32, UInt32)]) -> [ResolvedEdge] {
        keys.enumerated().map { i, k in ResolvedEdge(src: k.0, dst: k.1, graph: 0, index: UInt32(i), offset: 0, flags: 0) }
    }

    func assertSorts(_ input: [ResolvedEdge], file: StaticString = #filePath, line: UInt = #line) {
        var mine = input
        mine.withUnsafeMutableBufferPointer { EdgeSort.sort($0) }
        let expected = input.sorted { $0 < $1 }
        XCTAssertEqual(mine.map { [$0.src, $0.dst, $0.graph, $0.index] }, expected.map { [$0.src, $0.dst, $0.graph, $0.index] },
                       file: file, line: line)
    }

    func testRandomSortedReversedAndEqualKeys() {
        var rng = SeededRandom(seed: 7)
        for n in [0, 1, 2, 17, 100, 5000] {
            assertSorts(edges((0..<n).map { _ in (UInt32.random(in: 0..<50, using: &rng), UInt32.random(in: 0..<50, using: &rng)) }))
            assertSorts(edges((0..<n).map { (UInt32($0), 0) }))
            assertSorts(edges((0..<n).map { (UInt32(n - $0), 7) }))
            assertSorts(edges((0..<n).map { _ in (4, 4) }))  // repeated pairs: order by index
        }
    }

    /// Past `parallelFrom` a run is partitioned once and its sides sorted on two threads.
    func testLargeRunsSortedOnTwoThreads() {
        var rng = SeededRandom(seed: 11)
        let n = EdgeSort.parallelFrom * 3
        assertSorts(edges((0..<n).map { _ in (UInt32.random(in: 0..<1000, using: &rng), UInt32.random(in: 0..<9, using: &rng)) }))
        assertSorts(edges((0..<n).map { _ in (4, 4) }))
        assertSorts(edges((0..<n).map { (UInt32(n - $0), 1) }))
    }

    func testOrganPipeAndSawtoothInputsStillSort() {
        let n = 20_000
        assertSorts(edges((0..<n).map { (UInt32(min($0, n - $0)), 1) }))
        assertSorts(edges((0..<n).map { (UInt32($0 % 7), UInt32($0 % 3)) }))
    }
}
