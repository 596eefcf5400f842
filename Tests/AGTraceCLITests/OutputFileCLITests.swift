import Foundation
import XCTest

/// Every file a command writes (`baseline --output`, `check --update-baseline`, `export … -o`,
/// `lldb-script -o`) goes through one opener: a device, FIFO, socket, directory, an input of
/// the command or a database is refused (exit 2) before any work; a regular file is replaced
/// through a temporary file, a symlink followed, the mode kept. Everything here lives in the
/// test's own folder (the device node is made there, as root; else /dev/null, which a
/// non-root process cannot replace).
final class OutputFileCLITests: CLITestCase {
    let ci = CLI.samples + "/ci"

    override func setUpWithError() throws {
        try super.setUpWithError()
        try agtrace("import", "--db", db, "-q", ci + "/tap-stepper.lldb.log", CLI.samples + "/trip-1-before.ag-json", status: 0)
        try agtrace("baseline", "--db", db, "--run", "tap-stepper", "-o", "b.json", status: 0)
    }

    @discardableResult
    func agtrace(_ args: String..., status: Int32, stdin: Data? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        try runAgtrace(args, status: status, stdin: stdin, file: file, line: line)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Each command line that writes a file, writing to `target`.
    func writers(_ target: String) -> [[String]] {
        [
            ["baseline", "--db", db, "--run", "tap-stepper", "--output", target],
            ["baseline", "--transcript", ci + "/tap-stepper.lldb.log", "--output", target],
            ["export", "--db", db, "dot", "--snapshot", "trip-1-before", "--output", target],
            ["export", "--db", db, "perfetto", "--run", "tap-stepper", "-o", target],
            ["export", "--db", db, "html", "--snapshot", "trip-1-before", "-o", target],
            ["lldb-script", "--output", target],
        ]
    }

    func fileType(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode & S_IFMT
    }

    func makeDevice() -> String {
        guard geteuid() == 0 else { return "/dev/null" }
        let node = path("null")
        // The numbers of /dev/null (1, 3).
        let number = CSpellings.deviceNumber(major: 1, minor: 3)
        XCTAssertEqual(mknod(node, S_IFCHR | 0o666, number), 0, String(cString: strerror(errno)))
        return node
    }

    func makeSocket() throws -> (String, Int32) {
        let name = path("s.sock")
        let fd = socket(AF_UNIX, CSpellings.streamSocket, 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(name.utf8)
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, String(cString: strerror(errno)))
        return (name, fd)
    }

    func testDevicesFIFOsSocketsAndDirectoriesAreRefusedBeforeAnyWork() throws {
        let device = makeDevice()
        let fifo = path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let (sock, fd) = try makeSocket()
        defer { close(fd) }
        let folder = path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let cases: [(String, mode_t, String)] = [(device, S_IFCHR, "is a device"), (fifo, S_IFIFO, "is a FIFO"),
                                                 (sock, S_IFSOCK, "is a socket"), (folder, S_IFDIR, "is a directory")]
        for (target, type, reason) in cases {
            for args in writers(target) + [["check", "--db", db, "--baseline", target, "--run", "tap-stepper", "--update-baseline"]] {
                // Bounded only so that an agtrace that opens the FIFO (b7c8581 did) fails
                // rather than hangs the suite; the assertions are on what it did.
                let job = try RobustnessCLITests.Running(args)
                guard let r = job.wait(timeout: 120) else {
                    job.process.terminate()
                    XCTFail("\(args) hung writing into \(target)")
                    continue
                }
                XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("\(target): refusing to write") && r.stderr.contains(reason), "\(args): \(r.stderr)")
                XCTAssertFalse(r.stderr.contains("agtrace: read "), "refused before the import: \(r.stderr)")
                XCTAssertEqual(fileType(target), type, "\(args) left \(target) as it was")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        // A symlink to a device is the device.
        try FileManager.default.createSymbolicLink(atPath: path("to-device"), withDestinationPath: device)
        let r = try agtrace("baseline", "--db", db, "--run", "tap-stepper", "-o", "to-device", status: 2)
        XCTAssertTrue(r.stderr.contains("is a device"), r.stderr)
        XCTAssertEqual(fileType(device), S_IFCHR)
        // No temporary file is left behind by any refusal.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".agtrace-") }, [])
    }

    func testTheDatabaseAndAnySQLiteFileAreNeverReplaced() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let other = path("other.db")
        try agtrace("import", "--db", other, "-q", ci + "/tap-stepper-rebuilt.lldb.log", status: 0)
        let otherBefore = try Data(contentsOf: URL(fileURLWithPath: other))
        for target in [db, Self.databaseName, "./" + Self.databaseName, db + "-wal", other] {
            for args in writers(target) {
                let r = try runAgtrace(args, status: 2)
                XCTAssertTrue(r.stderr.contains("refusing to write") && (r.stderr.contains("database in use") || r.stderr.contains("SQLite database"))
                              && !r.stderr.contains("agtrace: read "),
                              "\(args): \(r.stderr)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other)), otherBefore)
        try agtrace("list", "--db", db, status: 0)
    }

    func testAnInputOfTheCommandIsNeverTheOutput() throws {
        let dump = path("dump.ag-json"), log = path("tap.lldb.log")
        try FileManager.default.copyItem(atPath: ci + "/planner-a.ag-json", toPath: dump)
        try FileManager.default.copyItem(atPath: ci + "/tap-stepper.lldb.log", toPath: log)
        try FileManager.default.linkItem(atPath: dump, toPath: path("hard-link.json"))
        try FileManager.default.createSymbolicLink(atPath: path("soft-link.json"), withDestinationPath: dump)
        let dumpBytes = try Data(contentsOf: URL(fileURLWithPath: dump)), logBytes = try Data(contentsOf: URL(fileURLWithPath: log))
        for target in [dump, "dump.ag-json", "./hard-link.json", "soft-link.json", log] {
            let r = try agtrace("baseline", "--transcript", log, "--archive", dump, "--key", "view", "-o", target, status: 2)
            XCTAssertTrue(r.stderr.contains("it is an input of this command (--"), r.stderr)
        }
        let trace = try agtrace("check", "--baseline", log, "--transcript", log, "--update-baseline", status: 2)
        XCTAssertTrue(trace.stderr.contains("it is an input of this command (--transcript"), trace.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dump)), dumpBytes)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: log)), logBytes)
    }

    func testASymlinkIsFollowedAndTheModeOfAReplacedFileKept() throws {
        for (i, args) in writers("link.out").enumerated() {
            let real = path("real-\(i).out")
            try Data("old\n".utf8).write(to: URL(fileURLWithPath: real))
            XCTAssertEqual(chmod(real, 0o640), 0)
            try? FileManager.default.removeItem(atPath: path("link.out"))
            try FileManager.default.createSymbolicLink(atPath: path("link.out"), withDestinationPath: "real-\(i).out")
            try runAgtrace(args, status: 0)
            XCTAssertEqual(fileType(path("link.out")), S_IFLNK, "\(args): the link stays a link")
            XCTAssertNotEqual(try String(contentsOfFile: real, encoding: .utf8), "old\n", "\(args) replaced the link's target")
            var info = stat()
            XCTAssertEqual(stat(real, &info), 0)
            XCTAssertEqual(info.st_mode & 0o7777, 0o640, "\(args) kept the mode")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".agtrace-") }, [])
        // A link to nothing is refused rather than guessed at.
        try FileManager.default.createSymbolicLink(atPath: path("dangling.json"), withDestinationPath: "missing/x.json")
        let r = try agtrace("baseline", "--db", db, "--run", "tap-stepper", "-o", "dangling.json", status: 2)
        XCTAssertTrue(r.stderr.contains("does not exist"), r.stderr)
    }

    func testAMissingFolderIsRefusedBeforeAnyWorkAndNeverACocoaError() throws {
        for args in writers(path("no/such/dir/x.out")).dropLast() {
            let r = try runAgtrace(args, status: 2)
            XCTAssertTrue(r.stderr.contains("the folder ") && r.stderr.contains("does not exist"), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain") || r.stderr.contains("error 512"), r.stderr)
        }
        // lldb-script makes the folder (~/.lldb on a fresh machine).
        try agtrace("lldb-script", "-o", path("new/dir/agtrace_lldb.py"), status: 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("new/dir/agtrace_lldb.py")))
    }

    func testABaselineIsReadFromAPipeAndCannotBeRewrittenThere() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path("b.json")))
        let r = try agtrace("check", "--db", db, "--baseline", "/dev/stdin", "--run", "tap-stepper", status: 0, stdin: bytes)
        XCTAssertTrue(r.stdout.hasPrefix("PASS"), r.stdout)
        // /dev/fd/0 rather than /dev/stdin: an agtrace without the check (b7c8581) run as root
        // would rename a file over /dev/stdin; nothing can be created in /dev/fd.
        let u = try agtrace("check", "--db", db, "--baseline", "/dev/fd/0", "--run", "tap-stepper", "--update-baseline", status: 2, stdin: bytes)
        XCTAssertTrue(u.stderr.contains("/dev/fd/0: refusing to write the baseline there: is a FIFO"), u.stderr)
    }
}
