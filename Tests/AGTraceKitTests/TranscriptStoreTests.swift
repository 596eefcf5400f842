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

    /// A value equal to the one a parameter holds is not bound again, and the rows still hold
    /// what each step was given: repeated, changed, NULL after a value and back, text rewritten
    /// in place at the same address.
    func testBoundValuesSkipOnlyWhatIsAlreadyBound() throws {
        let db = try Database(rawPath: ":memory:", readOnly: false, create: true)
        try db.execute("CREATE TABLE t(step INTEGER, a INTEGER, b TEXT, c TEXT)")
        let s = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
        var bound = BoundValues(parameters: 4)
        let fixed = Array("fixed".utf8)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2)
        defer { scratch.deallocate() }
        let steps: [(Int64?, String)] = [(7, "ab"), (7, "cd"), (nil, "cd"), (nil, "ef"), (8, "ef"), (8, "ab")]
        try fixed.withUnsafeBufferPointer { fixedText in
            for (n, (a, c)) in steps.enumerated() {
                bound.bind(s, 1, Int64(n))
                bound.bind(s, 2, a)
                bound.bindStatic(s, 3, fixedText)
                _ = UnsafeMutableBufferPointer(start: scratch, count: 2).initialize(from: Array(c.utf8))
                bound.bindStatic(s, 4, UnsafeBufferPointer(start: scratch, count: 2))
                try s.run()
            }
        }
        let rows = try db.rows("SELECT ifnull(a, 'NULL'), b, c FROM t ORDER BY step").map { $0.map(\.description) }
        XCTAssertEqual(rows, steps.map { [$0.0.map(String.init) ?? "NULL", "fixed", $0.1] })
    }
}
