import XCTest
@testable import AGTraceKit

/// An import into an empty database drops the bulk indexes and builds them after its rows,
/// except `nodes_by_attribute` while the nodes come in its order; whichever way, every index
/// is there afterwards and agrees with its table.
final class BulkIndexTests: TemporaryDirectoryTestCase {
    /// A statement that ran to its end takes a new binding. Until 2026-12-03 it did not: SQLite
    /// refuses to bind a statement that was not reset (SQLITE_MISUSE, unchecked), and the next
    /// step reran the old binding, so `beginBulkInsert` read `nodes_by_attribute`'s definition
    /// for all three of its indexes and dropped only that one.
    func testAStatementThatRanToItsEndTakesANewBinding() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        let s = try db.prepare("SELECT ?1 + 1")
        s.bind(1, 1 as Int64)
        XCTAssertEqual(try s.rows { $0.int64(0) }, [2])
        s.bind(1, 41 as Int64)
        XCTAssertEqual(try s.rows { $0.int64(0) }, [42])
    }

    /// One graph of `attributes.count` nodes with those attribute ids, in that order.
    func archive(_ name: String, attributes: [Int]) -> String {
        var json = #"{"version":2,"graphs":[{"id":1,"types":[{"name":"Rule"}],"nodes":["#
        json += attributes.map { #"{"id":\#($0),"type":0,"desc":"n\#($0)"}"# }.joined(separator: ",")
        json += "]}]}"
        return write(name + ".ag-json", json)
    }

    func rootPages(_ db: Database) throws -> [String: Int64] {
        var pages: [String: Int64] = [:]
        for name in Schema.bulkIndexes {
            for row in try db.rows("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND name = ?1", [.text(name)]) {
                pages[name] = row[0].intValue ?? -1
            }
        }
        return pages
    }

    func testEveryBulkIndexIsThereAfterAnImportWhateverTheNodeOrder() throws {
        // Enough nodes for several of the writer's statements (128 rows each).
        let ascending = (1...1000).map { $0 * 4 }
        let shapes: [(String, [Int], kept: Bool)] = [
            ("ascending", ascending, true),
            ("descending", ascending.reversed(), false),
            ("one-step-back-late", ascending.prefix(900) + [8] + ascending.suffix(99), false),
            ("repeats", ascending.flatMap { [$0, $0] }, true),
        ]
        for (name, attributes, kept) in shapes {
            let path = dbPath + "." + name
            let db = try DatabaseOpener.open(path, mode: .write)
            let before = try rootPages(db)
            XCTAssertEqual(before.count, Schema.bulkIndexes.count, name)
            guard case .imported = try Importer(database: db).importItem(archive(name, attributes: attributes)) else {
                return XCTFail("\(name): not imported")
            }
            let after = try rootPages(db)
            XCTAssertEqual(Set(after.keys), Set(before.keys), name)
            // Kept: the B-tree the schema made. (One dropped and built anew may land on the
            // page it had, so a rebuilt one is shown by its agreeing with the table below.)
            if kept { XCTAssertEqual(after[Schema.orderedBulkIndex], before[Schema.orderedBulkIndex], name) }
            XCTAssertEqual(try db.scalar("PRAGMA integrity_check")?.description, "ok", name)
            let through = try db.rows("SELECT attribute FROM node_rows INDEXED BY nodes_by_attribute WHERE snapshot_id = 1 AND attribute > 0")
                .map { $0[0].intValue ?? -1 }
            XCTAssertEqual(through, attributes.sorted().map(Int64.init), name)
        }
    }

    /// Into a database that holds a snapshot already, no index is dropped.
    func testASecondSnapshotKeepsEveryIndex() throws {
        let db = try DatabaseOpener.open(dbPath, mode: .write)
        let importer = Importer(database: db)
        _ = try importer.importItem(archive("first", attributes: [8, 4]))
        let before = try rootPages(db)
        _ = try importer.importItem(archive("second", attributes: [12, 4, 8]))
        XCTAssertEqual(try rootPages(db), before)
        XCTAssertEqual(try db.scalar("PRAGMA integrity_check")?.description, "ok")
    }
}
