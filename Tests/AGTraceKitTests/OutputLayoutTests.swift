import XCTest
@testable import AGTraceKit

/// Output formats what it is given (rows, timelines, pages, files) and never calls back into
/// Reports: no file of Output/ names a type declared under Reports/. (Reports uses Output, so
/// the two folders do not form a loop.)
final class OutputLayoutTests: XCTestCase {
    func testOutputNamesNoTypeOfReports() throws {
        let kit = TestPaths.packageRoot.appendingPathComponent("Sources/AGTraceKit")
        func swiftFiles(_ folder: String) throws -> [URL] {
            let base = kit.appendingPathComponent(folder)
            return try XCTUnwrap(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }.map { base.appendingPathComponent($0) }
        }
        // Code lines only: a comment may say where its input comes from. Top-level types only (a
        // nested `Input` is not the library's).
        func code(_ url: URL) throws -> [String] {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        }
        let declaration = try NSRegularExpression(pattern: #"^(?:public |final |private |internal |fileprivate )*(?:struct|enum|class|protocol|typealias) ([A-Z][A-Za-z0-9]*)"#)
        var reportTypes: Set<String> = []
        let reports = try swiftFiles("Reports")
        XCTAssertGreaterThan(reports.count, 40)
        for file in reports {
            for line in try code(file) {
                let range = NSRange(line.startIndex..., in: line)
                if let m = declaration.firstMatch(in: line, range: range), let r = Range(m.range(at: 1), in: line) {
                    reportTypes.insert(String(line[r]))
                }
            }
        }
        XCTAssertTrue(reportTypes.contains("ReportRunner"))
        var found: [String] = []
        for file in try swiftFiles("Output") {
            for (n, line) in try code(file).enumerated() {
                let words = Set(line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
                for type in reportTypes.intersection(words).sorted() { found.append("\(file.lastPathComponent): \(type) (code line \(n + 1))") }
            }
        }
        XCTAssertEqual(found, [], "Output calls back into Reports")
    }
}
