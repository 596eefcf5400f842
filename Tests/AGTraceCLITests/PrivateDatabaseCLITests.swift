import Foundation
import XCTest

/// The private database of a one-step `check`/`baseline` (`--transcript FILE`…) never outlives
/// the command: removed at its end, on SIGINT and SIGTERM, and, when a run was killed outright,
/// by the next run (its folder names a pid that is gone). TMPDIR points into the test's folder.
final class PrivateDatabaseCLITests: CLITestCase {
    let ci = CLI.samples + "/ci"
    var temporary: URL { dir.appendingPathComponent("tmp") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let r = try CLI.run(["baseline", "--transcript", ci + "/tap-stepper.lldb.log", "-o", "b.json"],
                            environment: ["TMPDIR": temporary.path], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func privateFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("agtrace-private-") }.sorted()
    }

    func testAOneStepCheckLeavesNoPrivateDatabase() throws {
        XCTAssertEqual(try privateFolders(), [])
        let r = try CLI.run(["check", "--baseline", "b.json", "--transcript", ci + "/tap-stepper.lldb.log"],
                            environment: ["TMPDIR": temporary.path], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try privateFolders(), [])
    }

    func testSIGINTAndSIGTERMRemoveThePrivateDatabaseAndExitWith128PlusTheSignal() throws {
        for (sig, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            // `--transcript -` with standard input held open: the import waits inside the
            // private database until the signal comes.
            let process = CLI.process(CLI.binary, ["check", "--baseline", "b.json", "--transcript", "-"],
                                      environment: ["TMPDIR": temporary.path], directory: dir)
            let input = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            input.fileHandleForWriting.write(Data("AGGraphInvalidateValue 3032\n".utf8))
            var waited = 0
            while try privateFolders().isEmpty && waited < 6000 && process.isRunning {
                usleep(10_000)
                waited += 1
            }
            XCTAssertEqual(try privateFolders().count, 1, "the private database exists while the import waits")
            kill(process.processIdentifier, sig)
            process.waitUntilExit()
            try input.fileHandleForWriting.close()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, status, stderr)
            XCTAssertTrue(stderr.contains("the private database was removed"), stderr)
            XCTAssertEqual(try privateFolders(), [], "signal \(sig)")
        }
    }

    func testPrivateDatabasesOfKilledRunsAreRemovedByTheNextRun() throws {
        // A pid that is gone: a process that has ended.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let stale = temporary.appendingPathComponent("agtrace-private-\(ended.processIdentifier)-1234")
        let live = temporary.appendingPathComponent("agtrace-private-\(getpid())-5678")
        let other = temporary.appendingPathComponent("agtrace-private-notapid")
        for folder in [stale, live, other] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            FileManager.default.createTestFile(atPath: folder.appendingPathComponent("agtrace.db").path, contents: Data("x".utf8))
        }
        let r = try CLI.run(["check", "--baseline", "b.json", "--transcript", ci + "/tap-stepper.lldb.log"],
                            environment: ["TMPDIR": temporary.path], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try privateFolders(), [other.lastPathComponent, live.lastPathComponent].sorted(),
                       "the dead process's folder went; a live pid's and a name that is no pid's stay")
    }

    func testAnUnusableTemporaryFolderSaysWhatFailedAndWhere() throws {
        let notAFolder = dir.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: notAFolder)
        let r = try CLI.run(["check", "--baseline", "b.json", "--transcript", ci + "/tap-stepper.lldb.log"],
                            environment: ["TMPDIR": notAFolder.path], directory: dir)
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(notAFolder.path): cannot make the private database's folder there ("), r.stderr)
        XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain") || r.stderr.contains("Code="), r.stderr)
    }
}
