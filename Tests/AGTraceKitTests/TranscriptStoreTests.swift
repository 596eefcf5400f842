import XCTest
@testable import AGTraceKit

/// The pieces behind the transcript import's speed that the import tests cannot see: the
/// order events are written in, and the bounds of the name table.
final class TranscriptStoreTests: XCTestCase {
    /// Events are written in the order of `events_by_kind`: kind as SQLite compares text,
    /// attribute with NULL first, then seq.
    func testEventsSortInTheIndexOrder() {
        var random = SystemRandomNumberGenerator()
        var hits: [Hit] = []
        for seq in 1...5000 {
            let kind = EventKind.allCases.randomElement(using: &random)!
            let attribute: UInt32? = Int.random(in: 0..<5, using: &random) == 0 ? nil
                : [0, 1, 7, 792, 65_536, UInt32.max].randomElement(using: &random)!
            hits.append(Hit(seq: seq, line: seq * 2, kind: kind, symbol: 0,
                            thread: seq % 4 == 0 ? nil : [1, 7, Int(Int32.max) + 5].randomElement(using: &random)!,
                            attribute: attribute, inputAttribute: seq % 3 == 0 ? UInt32(seq) : nil))
        }
        var rows = hits.map(RunStore.EventRow.init)
        var scratch: [RunStore.EventRow] = []
        RunStore.radixSort(&rows, scratch: &scratch)

        let expected = hits.sorted { a, b in
            if a.kind != b.kind { return Array(a.kind.rawValue.utf8).lexicographicallyPrecedes(Array(b.kind.rawValue.utf8)) }
            if a.attribute != b.attribute {
                guard let x = a.attribute else { return true }
                guard let y = b.attribute else { return false }
                return x < y
            }
            return a.seq < b.seq
        }
        XCTAssertEqual(rows.map(\.seq), expected.map(\.seq))
        for (row, hit) in zip(rows, expected) {
            XCTAssertEqual(RunStore.kindsInTextOrder[row.kindRank], hit.kind)
            XCTAssertEqual(row.attribute, hit.attribute)
            XCTAssertEqual(row.input, hit.inputAttribute)
            XCTAssertEqual(row.threadNumber, hit.thread)
        }
    }

    func testKindRanksFollowTheNamesBytes() {
        for (rank, kind) in RunStore.kindsInTextOrder.enumerated() {
            XCTAssertEqual(RunStore.rank(kind), rank, kind.rawValue)
        }
    }

    /// Past its limit the table names every new text `…`; the names it has keep their ids.
    func testNameTableIsBounded() {
        var names = NameTable()
        let first = names.id("IAG::Graph::update_attribute")
        var last: NameID = first
        var n = names.count
        while n < NameTable.maxNames {
            last = names.id("f\(n)")
            n += 1
        }
        XCTAssertEqual(names.count, NameTable.maxNames)
        XCTAssertEqual(names.string(last), "f\(NameTable.maxNames - 1)")
        let overflow = names.id("one too many")
        XCTAssertEqual(names.string(overflow), NameTable.overflowName)
        XCTAssertEqual(names.id("another"), overflow)
        XCTAssertEqual(names.id("IAG::Graph::update_attribute"), first)
        XCTAssertEqual(names.info(first).kind, .update)
        XCTAssertEqual(names.count, NameTable.maxNames + 1)
    }

    /// Labels are spelled like lldb's: `3.1`, or `3` without a location.
    func testLabels() {
        var names = NameTable()
        let a = names.label(3, 1), b = names.label(12, nil), c = names.label(0, 0), again = names.label(3, 1)
        XCTAssertEqual(names.string(a), "3.1")
        XCTAssertEqual(names.string(b), "12")
        XCTAssertEqual(names.string(c), "0.0")
        XCTAssertEqual(again, a)
    }
}
