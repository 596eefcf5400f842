import Foundation
import XCTest
@testable import AGTraceKit

/// `findings --source`: the declaration scanner on a tree with every shape a view is declared
/// in, checked against the compiler's own parse (`swiftc -dump-parse`).
final class FindingsSourceTests: TemporaryDirectoryTestCase {
    /// The tree: file -> text. Views are named *View, Inner, Deep…; the Fake* ones are inside
    /// comments and strings and must never be found.
    static let tree: [String: String] = [
        "App/Plain.swift": """
        import SwiftUI

        struct PlainView: View {
            var body: some View { Text("}") }
        }

        // struct FakeCommentView: View {
        /* struct FakeBlockView: View { /* nested */ } */
        let fake = "struct FakeStringView: View {"
        let fakeMulti = \"\"\"
            struct FakeMultiView: View {
            }
            \"\"\"
        let fakeRaw = #"struct FakeRawView: View { "quoted" }"#
        let fakeInterpolated = "\\(fake.count) struct FakeInterpolatedView: View {"
        struct Model: Equatable { var x = 1 }
        """,
        "App/Nested.swift": """
        import SwiftUI

        enum CategoryList {
            struct Container: View {
                var body: some View { Presenter() }
            }
            struct Presenter: SwiftUI.View {
                var body: some View { Text("p") }
            }
        }

        extension CategoryList.Container {
            struct Deep: View {
                var body: some View { EmptyView() }
            }
        }
        """,
        "App/Shapes.swift": """
        import SwiftUI

        struct Editor<Value: Hashable>: View {
            var value: Value
            var body: some View { Text("\\(value)") }
        }

        struct MultiLineView:
            Equatable,
            View
        {
            var body: some View { EmptyView() }
        }

        struct Row<Item>: View where Item: Identifiable {
            var item: Item
            var body: some View { EmptyView() }
        }

        @MainActor
        final class HostView: NSObject, View {
            class var shared: HostView { HostView() }
            var body: some View { EmptyView() }
        }

        struct Legacy {}
        extension Legacy: View {
            var body: some View { EmptyView() }
        }
        """,
        "App/Conditional.swift": """
        import SwiftUI

        #if os(iOS)
        struct UndecidedView: View { var body: some View { EmptyView() } }
        #else
        struct UndecidedOtherView: View { var body: some View { EmptyView() } }
        #endif
        #if false
        struct OffView: View { var body: some View { EmptyView() } }
        #elseif true
        struct OnView: View { var body: some View { EmptyView() } }
        #endif
        """,
        "App/Twice.swift": "import SwiftUI\nstruct TwiceView: View { var body: some View { EmptyView() } }\n",
        "Other/Twice.swift": "import SwiftUI\nstruct TwiceView: View { var body: some View { EmptyView() } }\n",
    ]

    static let expected: [String: (String, Int)] = [
        "PlainView": ("App/Plain.swift", 3),
        "CategoryList.Container": ("App/Nested.swift", 4),
        "CategoryList.Presenter": ("App/Nested.swift", 7),
        "CategoryList.Container.Deep": ("App/Nested.swift", 13),
        "Editor": ("App/Shapes.swift", 3),
        "MultiLineView": ("App/Shapes.swift", 8),
        "Row": ("App/Shapes.swift", 15),
        "HostView": ("App/Shapes.swift", 21),
        "Legacy": ("App/Shapes.swift", 27),
        "OnView": ("App/Conditional.swift", 11),
    ]

    func writeTree() throws -> URL {
        let root = dir.appendingPathComponent("src")
        for (path, text) in Self.tree {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func testEveryShapeIsFoundAndNothingInCommentsOrStrings() throws {
        let root = try writeTree()
        let found = try SwiftDeclarationScanner.declarations(inFolder: root.path)
        let once = found.filter { $0.name != "TwiceView" }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: once.map { ($0.name, "\($0.file):\($0.line)") }),
                       Self.expected.mapValues { "\($0.0):\($0.1)" })
        XCTAssertEqual(found.filter { $0.name == "TwiceView" }.map(\.file), ["App/Twice.swift", "Other/Twice.swift"])
        XCTAssertFalse(found.contains { $0.name.contains("Fake") || $0.name.contains("Undecided") || $0.name == "OffView" || $0.name == "Model" })
    }

    func testFindingsAreMappedAndAmbiguityIsSaid() throws {
        let root = try writeTree()
        func finding(_ view: String) -> Finding {
            Finding(kind: .wastedBodyRuns, view: view, message: view,
                    evidence: FindingEvidence(input: "console", label: "c", counts: [], positionKind: "line", positions: [1]),
                    cost: FindingCost(seconds: nil, evaluations: 1))
        }
        var result = FindingsResult(findings: ["Editor<Date>", "CategoryList.Presenter", "Deep", "TwiceView", "Text"].map(finding),
                                    inputs: [], notes: [], thresholds: FindingThresholds())
        let log = CommandLog()
        try SourceMapping.locate(&result, in: root.path, log: log)
        XCTAssertEqual(result.findings.map { $0.location.map { "\($0.file):\($0.line)" } },
                       ["App/Shapes.swift:3", "App/Nested.swift:7", "App/Nested.swift:13", nil, nil])
        XCTAssertTrue(result.findings[3].sourceNote?.contains("declared 2 times") == true, "\(result.findings[3].sourceNote ?? "")")
        XCTAssertTrue(log.warnings.contains { $0.contains("TwiceView") && $0.contains("ambiguous") })
        XCTAssertTrue(result.findings[4].sourceNote?.contains("no declaration") == true)
    }

    func testConditionsAreDecidedOnlyFromLiterals() {
        XCTAssertEqual(SwiftTokens.decide("true"), true)
        XCTAssertEqual(SwiftTokens.decide("!(false || false) && true"), true)
        XCTAssertEqual(SwiftTokens.decide("true || false && false"), true, "&& binds tighter")
        XCTAssertNil(SwiftTokens.decide("DEBUG"))
        XCTAssertNil(SwiftTokens.decide("os(iOS) || true"))
    }

    /// What the scanner finds outside `#if` (which `-dump-parse` leaves out) is what the
    /// compiler parses: a type declaration of that qualified name whose range holds the line;
    /// and the compiler sees no declaration in the comments and strings the scanner skipped.
    func testAgreesWithSwiftcDumpParse() throws {
        guard let swiftc = ["/usr/bin/swiftc", "/usr/local/bin/swiftc"].first(where: FileManager.default.isExecutableFile(atPath:))
                ?? Self.which("swiftc") else { throw XCTSkip("no swiftc on this machine") }
        let root = try writeTree()
        var compiler: [(name: String, file: String, first: Int, last: Int)] = []
        for file in Self.tree.keys.sorted() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = ["-dump-parse", root.appendingPathComponent(file).path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, String(decoding: data, as: UTF8.self))
            compiler += Self.typeDeclarations(String(decoding: data, as: UTF8.self), file: file)
        }
        XCTAssertFalse(compiler.contains { $0.name.contains("Fake") }, "the compiler sees the fakes as comments and strings too")
        let scanned = try SwiftDeclarationScanner.declarations(inFolder: root.path).filter { $0.file != "App/Conditional.swift" }
        XCTAssertEqual(scanned.count, 11)
        for d in scanned {
            XCTAssertTrue(compiler.contains { $0.name == d.name && $0.file == d.file && $0.first <= d.line && d.line <= $0.last },
                          "\(d.name) at \(d.file):\(d.line) is no type declaration of swiftc's parse: \(compiler)")
        }
        // Every type the compiler parses with a conformance clause naming View is found.
        for c in compiler where Self.expected[c.name] != nil || c.name == "TwiceView" {
            XCTAssertTrue(scanned.contains { $0.name == c.name && $0.file == c.file }, "\(c.name) in \(c.file) missed")
        }
    }

    /// `(struct_decl … range=[FILE:L:C - line:M:C] "Name"` lines of a `-dump-parse` output, with
    /// their enclosing types joined (an extension's name is the type it extends).
    static func typeDeclarations(_ dump: String, file: String) -> [(name: String, file: String, first: Int, last: Int)] {
        let pattern = try! NSRegularExpression(pattern: #"^( *)\((struct|class|enum|actor|extension)_decl .*?range=\[[^\]]*?:(\d+):\d+ - line:(\d+):\d+\] (?:unbound )?"([^"]+)""#)
        var stack: [(indent: Int, name: String)] = []
        var found: [(name: String, file: String, first: Int, last: Int)] = []
        for line in dump.split(separator: "\n") {
            let text = String(line)
            guard let m = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { continue }
            func group(_ i: Int) -> String { String(text[Range(m.range(at: i), in: text)!]) }
            let indent = group(1).count
            while let top = stack.last, top.indent >= indent { stack.removeLast() }
            let name = group(2) == "extension" ? group(5) : (stack.last.map { $0.name + "." } ?? "") + group(5)
            stack.append((indent, name))
            found.append((name, file, Int(group(3))!, Int(group(4))!))
        }
        return found
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
