import XCTest
@testable import AGTraceKit

/// The pieces behind the transcript import that the import tests cannot see: how kinds are
/// named, the bounds of the name table, and labels.
final class TranscriptStoreTests: XCTestCase {
    /// The store names each kind by its position in `EventKind.allCases`.
    func testKindPositionsFollowAllCases() {
        for (position, kind) in EventKind.allCases.enumerated() {
            XCTAssertEqual(RunStore.position(kind), position, kind.rawValue)
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
