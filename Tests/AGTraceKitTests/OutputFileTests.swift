import XCTest
@testable import AGTraceKit

/// `OutputFile`'s rules in process: what `open` refuses, how `write` replaces.
final class OutputFileTests: TemporaryDirectoryTestCase {
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        return info.st_mode & 0o7777
    }

    func testANewFileGetsTheUmasksModeAndAReplacedOneKeepsItsOwn() throws {
        let fresh = try OutputFile.open(path("new.json"), what: "the baseline")
        try fresh.write("a\n")
        XCTAssertEqual(mode(path("new.json")), 0o666 & ~OutputFile.umaskValue)
        XCTAssertEqual(chmod(path("new.json"), 0o600), 0)
        try OutputFile.open(path("new.json"), what: "the baseline").write("b\n")
        XCTAssertEqual(try String(contentsOfFile: path("new.json"), encoding: .utf8), "b\n")
        XCTAssertEqual(mode(path("new.json")), 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["new.json"], "no temporary file left")
    }

    func testWhatBecameANonRegularFileSinceOpenIsRefusedAtTheWrite() throws {
        let output = try OutputFile.open(path("x.out"), what: "the DOT file")
        XCTAssertEqual(mkfifo(path("x.out"), 0o644), 0)
        XCTAssertThrowsError(try output.write("digraph {}\n")) { error in
            XCTAssertTrue("\(error)".contains("is a FIFO"), "\(error)")
        }
        var info = stat()
        XCTAssertEqual(lstat(path("x.out"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still there")
    }

    func testAnInputOrADatabaseIsRefusedWhateverPathNamesIt() throws {
        FileManager.default.createTestFile(atPath: path("in.ag-json"), contents: Data("{}".utf8))
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: "in.ag-json")
        let input = OutputFile.Input(option: "--archive", path: path("in.ag-json"))
        for name in ["in.ag-json", "link", "./in.ag-json"] {
            XCTAssertThrowsError(try OutputFile.open(dir.path + "/" + name, what: "the baseline", inputs: [input])) { error in
                XCTAssertTrue("\(error)".contains("it is an input of this command (--archive "), "\(error)")
            }
        }
        // The database in use need not exist yet.
        XCTAssertThrowsError(try OutputFile.open(path("agtrace.db"), what: "the script", database: path("./agtrace.db"))) { error in
            XCTAssertTrue("\(error)".contains("it is the database in use"), "\(error)")
        }
        FileManager.default.createTestFile(atPath: path("other.db"), contents: Data("SQLite format 3\0".utf8) + Data(count: 100))
        FileManager.default.createTestFile(atPath: path("other.db-wal"), contents: Data(count: 32))
        for name in ["other.db", "other.db-wal", "other.db-shm"] {
            XCTAssertThrowsError(try OutputFile.open(path(name), what: "the HTML file")) { error in
                XCTAssertTrue("\(error)".contains("SQLite database"), "\(name): \(error)")
            }
        }
    }
}
