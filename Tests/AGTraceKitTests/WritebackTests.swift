@testable import AGTraceKit
import CSQLite
import Foundation
import XCTest

final class WritebackTests: DatabaseTestCase {
    /// The descriptor handed to the kernel must be SQLite's own, open on this very file: the
    /// shim reads it out of SQLite's file object, whose layout it only assumes.
    func testTheDescriptorIsSQLitesOwnOnTheDatabaseFile() throws {
        guard Platform.startsWritebackEarly else { return }
        let fd = agtrace_sqlite_main_descriptor(db.handle)
        XCTAssertGreaterThanOrEqual(fd, 0, "the unix VFS's descriptor was not found")
        var open = stat(), named = stat()
        XCTAssertEqual(fstat(fd, &open), 0)
        XCTAssertEqual(stat(dbPath, &named), 0)
        XCTAssertEqual(open.st_ino, named.st_ino)
        XCTAssertEqual(open.st_dev, named.st_dev)
    }

    func testAWritebackDuringATransactionChangesNothingStored() throws {
        try db.writeTransaction {
            try db.execute("INSERT INTO runs(label) VALUES ('r')")
            let writeback = Writeback.start(db)
            if Platform.startsWritebackEarly { XCTAssertNotNil(writeback) }
            writeback?.wait()
            writeback?.wait()  // idempotent
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM runs")?.intValue, 1)
    }

    func testNoneForADatabaseInMemory() throws {
        let memory = try Database(rawPath: ":memory:", readOnly: false, create: true)
        XCTAssertEqual(agtrace_sqlite_main_descriptor(memory.handle), -1)
        XCTAssertNil(Writeback.start(memory))
    }
}
