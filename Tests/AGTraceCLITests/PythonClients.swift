import Foundation
import XCTest

/// The Python that holds the PyPI clients the tests drive agtrace with (`mcp`, `sarif-tools`,
/// `jsonschema`): `AGTRACE_PYTHON`, which `.ci/run` sets to its venv, or `.build/ci-venv` when a
/// previous `.ci/run` left one. Missing, a test is skipped with a message, except under CI
/// (`CI` set), where it fails: CI always installs them.
enum PythonClients {
    static func python(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let set = environment["AGTRACE_PYTHON"], !set.isEmpty { candidates.append(set) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/ci-venv/bin/python").path)
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) {
            return URL(fileURLWithPath: found)
        }
        let message = "no Python with the PyPI clients (mcp, sarif-tools, jsonschema): set AGTRACE_PYTHON or run .ci/run once"
        if environment["CI"] != nil {
            XCTFail(message, file: file, line: line)
            throw PythonClientsMissing(message: message)
        }
        FileHandle.standardError.write(Data(("SKIPPED: " + message + "\n").utf8))
        throw XCTSkip(message)
    }
}

struct PythonClientsMissing: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
