import XCTest
@testable import AGTraceKit

/// `compare` merges every recording's measures into one table of columns (`KeyTable`) as it
/// reads them. These tests hold the table to the plain reading it replaced: each key looked up
/// in each recording's own dictionary.
final class KeyTableTests: XCTestCase {
    private struct Samples: Equatable {
        var evaluations: [Double], changed: [Double]?, selfSeconds: [Double]?, totalSeconds: [Double]?
        init(_ s: KeySamples) { (evaluations, changed, selfSeconds, totalSeconds) = (s.evaluations, s.changed, s.selfSeconds, s.totalSeconds) }
        init(_ e: [Double], _ c: [Double]?, _ s: [Double]?, _ t: [Double]?) { (evaluations, changed, selfSeconds, totalSeconds) = (e, c, s, t) }
    }

    /// One key of one side, read the plain way: a key a recording does not hold is 0 (it did
    /// none of that work); a measure is nil for the side when a recording has none of it, or
    /// holds the key without it.
    private func plainSamples(_ key: String, _ side: [[String: KeyMeasure]]) -> Samples {
        func all(_ value: ([String: KeyMeasure]) -> Double??) -> [Double]? {
            var values: [Double] = []
            for r in side {
                guard let v = value(r), let v else { return nil }
                values.append(v)
            }
            return values
        }
        return Samples(
            side.map { Double($0[key]?.evaluations ?? 0) },
            all { r in r.values.contains { $0.changed != nil } ? (r[key].map { $0.changed.map(Double.init) } ?? 0) : nil },
            all { r in r.values.contains { $0.selfSeconds != nil } ? (r[key].map { $0.selfSeconds } ?? 0) : nil },
            all { r in r.values.contains { $0.totalSeconds != nil } ? (r[key].map { $0.totalSeconds } ?? 0) : nil })
    }

    private func recording(_ random: inout SeededRandom, keys: Int, telling: Bool, timed: Bool, view: Bool) -> [String: KeyMeasure] {
        var measures: [String: KeyMeasure] = [:]
        for k in 0..<keys where Int.random(in: 0..<3, using: &random) > 0 {
            let evaluations = Int64.random(in: 0...9, using: &random)
            // Now and then a key held without a measure its recording has for others.
            let gap = Int.random(in: 0..<10, using: &random) == 0
            measures[k % 5 == 0 ? "(name \(k))" : "\(k)"] = KeyMeasure(
                evaluations: evaluations,
                changed: telling && !gap ? Int64.random(in: 0...evaluations, using: &random) : nil,
                selfSeconds: timed && !gap ? Double(Int.random(in: 1...999, using: &random)) / 1e6 : nil,
                totalSeconds: timed ? Double(Int.random(in: 1...999, using: &random)) / 1e5 : nil,
                view: view && Bool.random(using: &random) ? "V\(k % 7)" : nil)
        }
        return measures
    }

    func testEveryKeyReadsAsEachRecordingsOwnMeasures() throws {
        var random = SeededRandom(seed: 32)
        for round in 0..<40 {
            let count = 1 + round % 5
            let a = (0..<count).map { _ in
                recording(&random, keys: 30, telling: round % 3 != 0, timed: round % 4 != 1, view: true)
            }
            let b = (0..<(1 + round % 3)).map { i in
                recording(&random, keys: 40, telling: round % 3 != 0 || i > 0, timed: round % 4 != 1, view: true)
            }
            var table = KeyTable()
            let r = ComparedRecording(kind: .trace, label: "r", given: "r")
            for m in a { table.add(r, keys: m, to: .a) }
            for m in b { table.add(r, keys: m, to: .b) }
            let allKeys = Set((a + b).flatMap(\.keys))
            XCTAssertEqual(Set(table.keys), allKeys)
            XCTAssertEqual(table.keys.count, allKeys.count)
            let sideA = table.columns(.a), sideB = table.columns(.b)
            for (row, key) in table.keys.enumerated() {
                XCTAssertEqual(Samples(KeySamples(row: row, in: sideA)), plainSamples(key, a), "round \(round), key \(key), A")
                XCTAssertEqual(Samples(KeySamples(row: row, in: sideB)), plainSamples(key, b), "round \(round), key \(key), B")
                // The view of the first recording, A's then B's, that gives the key one.
                XCTAssertEqual(table.views[row], (a + b).lazy.compactMap { $0[key]?.view }.first)
                XCTAssertEqual(table.held[row] & 1 != 0, a.contains { $0[key] != nil })
                XCTAssertEqual(table.held[row] & 2 != 0, b.contains { $0[key] != nil })
            }
        }
    }

    /// The totals row: a recording's sum is unknown when one key it holds lacks the measure,
    /// 0 changed for a recording that holds no key at all.
    func testTheTotalsOfEachRecording() {
        let r = ComparedRecording(kind: .trace, label: "r", given: "r")
        var table = KeyTable()
        table.add(r, keys: ["1": KeyMeasure(evaluations: 2, changed: 1, selfSeconds: 0.5), "2": KeyMeasure(evaluations: 3, changed: 3, selfSeconds: 0.25)], to: .a)
        table.add(r, keys: ["1": KeyMeasure(evaluations: 4, changed: nil, selfSeconds: 0.5), "3": KeyMeasure(evaluations: 1, changed: 1)], to: .b)
        table.add(r, keys: [:], to: .b)
        let a = KeySamples(totalOf: table.a, rowsInKeyOrder: table.rowsInKeyOrder)
        XCTAssertEqual(a.evaluations, [5])
        XCTAssertEqual(a.changed, [4])
        XCTAssertEqual(a.selfSeconds, [0.75])
        let b = KeySamples(totalOf: table.b, rowsInKeyOrder: table.rowsInKeyOrder)
        XCTAssertEqual(b.evaluations, [5, 0])
        XCTAssertNil(b.changed, "key 1 of B's first recording tells no change")
        XCTAssertNil(b.selfSeconds, "B's second recording times nothing")
    }

    /// Put in order in place, as a sorted copy would be.
    func testPermutingInPlaceEqualsTheSortedCopy() {
        var random = SeededRandom(seed: 7)
        for n in [0, 1, 2, 3, 10, 257] {
            let values = (0..<n).map { _ in Int.random(in: 0..<50, using: &random) }
            let order = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
            var permuted = values.map { "v\($0)" }
            permuted.permute(to: order)
            XCTAssertEqual(permuted, order.map { "v\(values[$0])" })
        }
    }
}
