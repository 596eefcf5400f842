import XCTest
@testable import AGTraceKit

/// `query @FILE`: read within a bound, and an error names the file and line and quotes only
/// what SQLite names, never the file's text.
final class QuerySourceTests: TemporaryDirectoryTestCase {
    func testAnErrorInAFileQuotesTheFailingTokenNotTheFile() throws {
        _ = try DatabaseOpener.open(dbPath, mode: .write)
        let db = try DatabaseOpener.open(dbPath, mode: .read)
        let path = write("secret.sql", "-- password: hunter2\nSELECT 1\nFROM nodes WHERE\nroot:x:0:0:secret\n")
        let source = try QuerySource.parse("@" + path)
        XCTAssertThrowsError(try QueryRunner.run(source, in: db, writer: RowWriter(format: .csv, out: StringSink()))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("near \":x\": syntax error"), text)
            XCTAssertTrue(text.contains("(in \(path), line 4)"), text)
            XCTAssertFalse(text.contains("hunter2"), text)
            XCTAssertFalse(text.contains("secret\n") || text.contains(":0:0:secret"), text)
        }
        // SQL given as an argument is still quoted whole (it is the user's own).
        XCTAssertThrowsError(try QueryRunner.run(QuerySource.parse("SELECT * FROM nodez"), in: db, writer: RowWriter(format: .csv, out: StringSink()))) {
            XCTAssertTrue("\($0)".contains("(in: SELECT * FROM nodez)"), "\($0)")
        }
    }

    func testAnEndlessOrBinaryFileIsRefused() throws {
        // A device is no regular file: refused before a byte is read.
        XCTAssertThrowsError(try QuerySource.parse("@/dev/zero")) {
            XCTAssertTrue("\($0)".contains("not a regular file"), "\($0)")
        }
        // A regular file past 1 MB: refused while reading.
        let big = write("big.sql", bytes: [UInt8](repeating: 0x20, count: (1 << 20) + 1))
        XCTAssertThrowsError(try QuerySource.parse("@" + big)) {
            XCTAssertTrue("\($0)".contains("more than 1 MB"), "\($0)")
        }
        let binary = write("x.sql", bytes: [0xFF, 0xFE, 0x00, 0x41])
        XCTAssertThrowsError(try QuerySource.parse("@" + binary)) {
            XCTAssertTrue("\($0)".contains("not UTF-8"), "\($0)")
        }
    }
}
