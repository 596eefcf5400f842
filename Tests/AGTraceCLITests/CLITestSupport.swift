import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// Runs the built `agtrace` binary, as a user would.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("SampleArchives").path

    /// The binary SwiftPM built beside the test bundle, or `$AGTRACE_BIN` when set.
    /// Looks beside the test bundle and beside the test executable (on Linux the bundle is the
    /// executable), so that `swift test --scratch-path DIR` finds the binary in DIR.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["AGTRACE_BIN"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let starts = [Bundle(for: Marker.self).bundleURL, Bundle.main.executableURL,
                      URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
        for start in starts {
            var dir = start
            for _ in 0..<3 {
                dir = dir.deletingLastPathComponent()
                let candidate = dir.appendingPathComponent("agtrace")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return packageRoot.appendingPathComponent(".build/debug/agtrace")
    }()

    final class Marker {}

    /// A process for `executable`, in this process's environment without `AGTRACE_DB` (each test
    /// names its database) plus `environment`.
    static func process(_ executable: URL, _ args: [String], environment: [String: String] = [:],
                        directory: URL? = nil) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "AGTRACE_DB")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        return process
    }

    /// Runs the agtrace binary and waits for it.
    @discardableResult
    static func run(_ args: [String], stdin: Data? = nil, environment: [String: String] = [:],
                    directory: URL? = nil) throws -> CLIResult {
        try run(binary, args, stdin: stdin, environment: environment, directory: directory)
    }

    /// Runs `executable` and waits for it. Output goes to files, so that large outputs cannot
    /// fill a pipe and deadlock.
    static func run(_ executable: URL, _ args: [String], stdin: Data? = nil, environment: [String: String] = [:],
                    directory: URL? = nil) throws -> CLIResult {
        let process = process(executable, args, environment: environment, directory: directory)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-cli-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        FileManager.default.createTestFile(atPath: outURL.path, contents: nil)
        FileManager.default.createTestFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A TemporaryDirectoryTestCase with a database path in its directory (`db`, not yet created).
class CLITestCase: TemporaryDirectoryTestCase {
    /// The database's file name; `agtrace.db` (the default database) only where a test means it.
    class var databaseName: String { "test.db" }
    var db: String { dir.appendingPathComponent(Self.databaseName).path }

    /// Runs the binary in `dir` with `args` as they are; checks the exit status when one is given.
    @discardableResult
    func runAgtrace(_ args: [String], status: Int32?, stdin: Data? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        let r = try CLI.run(args, stdin: stdin, directory: dir)
        if let status {
            XCTAssertEqual(r.status, status, "agtrace \(args.joined(separator: " "))\nstdout:\n\(r.stdout)\nstderr:\n\(r.stderr)",
                           file: file, line: line)
        }
        return r
    }

    /// Imports `paths` into `db` and asserts that it succeeds, that stdout holds every one of
    /// `says` and stderr every one of `warns`.
    @discardableResult
    func importFiles(_ paths: [String], says: [String] = [], warns: [String] = [],
                     file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        let r = try CLI.run(["import", "--db", db] + paths)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        for fragment in says { XCTAssertTrue(r.stdout.contains(fragment), r.stdout, file: file, line: line) }
        for fragment in warns { XCTAssertTrue(r.stderr.contains(fragment), r.stderr, file: file, line: line) }
        return r
    }
}

/// The testcases, failures and errors of a JUnit report.
final class JUnitReport: NSObject, XMLParserDelegate {
    var testcases = 0
    var failures = 0
    var errors = 0
    var failureMessages: [String] = []
    var errorMessages: [String] = []
    var errorTypes: [String] = []

    /// Counts the elements of `xml`; a test failure when it does not parse.
    convenience init(_ xml: String, file: StaticString = #filePath, line: UInt = #line) {
        self.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        XCTAssertTrue(parser.parse(), "invalid JUnit: \(String(describing: parser.parserError))\n\(xml)", file: file, line: line)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testcase": testcases += 1
        case "failure":
            failures += 1
            failureMessages.append(attributes["message"] ?? "")
        case "error":
            errors += 1
            errorMessages.append(attributes["message"] ?? "")
            errorTypes.append(attributes["type"] ?? "")
        default: break
        }
    }
}
