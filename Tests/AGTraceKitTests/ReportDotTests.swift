import Foundation
import XCTest
@testable import AGTraceKit

final class ReportDotTests: XCTestCase {
    func export(_ f: ReportFixture, _ label: String, _ options: DotExport.Options = DotExport.Options()) throws -> String {
        let sink = StringSink()
        try DotExport.write(in: f.db, snapshot: try LabelLookup.snapshotId(label, in: f.db), label: label, options: options, to: sink)
        return sink.text
    }

    func testQuoting() {
        let cases = [
            ("DynamicBody<ViewBodyAccessor<Trip>>", "\"DynamicBody&lt;ViewBodyAccessor&lt;Trip&gt;&gt;\""),
            ("a \"b\" \\N", "\"a \\\"b\\\" \\\\N\""),
            ("one\ntwo\r\n", "\"one\\ntwo\\n\""),
            ("&amp; \u{07}\u{1B}", "\"&amp;amp; \\\\x07\\\\x1b\""),
            ("\"]; x -> y [label=\"", "\"\\\"]; x -&gt; y [label=\\\"\""),
            ("→ …", "\"→ …\""),
        ]
        for (text, quoted) in cases { XCTAssertEqual(DotExport.quote(text), quoted, text) }
    }

    func testTripAfterInvalidationMarksDirtyNodesAndTheChangedEdge() throws {
        let f = try ReportFixture()
        let dot = try export(f, "trip-3-after-invalidate")
        XCTAssertTrue(dot.contains("digraph \"trip-3-after-invalidate\" {\n"))
        XCTAssertTrue(dot.hasSuffix("}\n"))
        let nodeLines = dot.split(separator: "\n").filter { $0.hasPrefix("  \"g0_") && !$0.contains(" -> ") }
        XCTAssertEqual(nodeLines.count, 16)
        let dirty = nodeLines.filter { $0.contains("fillcolor=") }.map { $0.split(separator: "\"")[1] }
        XCTAssertEqual(dirty, ["g0_3152", "g0_3216", "g0_3256", "g0_3300", "g0_3340"])
        let edgeLines = dot.split(separator: "\n").filter { $0.contains(" -> ") }
        XCTAssertEqual(edgeLines.count, 22)
        XCTAssertEqual(edgeLines.filter { $0.contains("#cc0000") }, ["  \"g0_3032\" -> \"g0_3152\" [color=\"#cc0000\", penwidth=2, style=bold];"])
        XCTAssertEqual(edgeLines.filter { $0.contains("label=") }.count, 2)  // 904 -> 3340 at +16 and +32
        XCTAssertTrue(dot.contains("\"g0_3152\" [label=\"3152\\nDynamicBody&lt;ViewBodyAccessor&lt;Trip&gt;&gt;\\n→ Text\""))
        try assertWellFormed(dot)
        // Before the write nothing is dirty or changed.
        let before = try export(f, "trip-1-before")
        XCTAssertFalse(before.contains("fillcolor="))
        XCTAssertFalse(before.contains("#cc0000\", penwidth=2, style=bold"))
    }

    func testNeighbourhood() throws {
        let f = try ReportFixture()
        let dot = try export(f, "trip-3-after-invalidate", DotExport.Options(focus: 3152, depth: 1))
        let ids = dot.split(separator: "\n").filter { $0.contains("[label=") && !$0.contains(" -> ") }
            .map { String($0.split(separator: "\"")[1]) }
        XCTAssertEqual(ids, ["g0_624", "g0_800", "g0_3032", "g0_3096", "g0_3124", "g0_3152", "g0_3216", "g0_3256"])
        XCTAssertEqual(dot.split(separator: "\n").filter { $0.contains(" -> ") }.count, 9)
        XCTAssertTrue(dot.contains("penwidth=2, style=\"rounded,filled,bold\""))
        try assertWellFormed(dot)
        XCTAssertThrowsError(try export(f, "trip-1-before", DotExport.Options(focus: 5, depth: 1))) {
            XCTAssertEqual($0 as? ReportError, ReportError(IndirectAttribute.notInSnapshot(5, label: "trip-1-before")))
            XCTAssertTrue("\($0)".contains("5 is an indirect attribute"), "\($0)")
        }
    }

    func testHostileNamesAndClusters() throws {
        let f = try ReportFixture(samples: false)
        let hostile = "Evil\"]; x -> y [label=\"\\N\\\\\n<b>&amp;\u{01}}"
        try f.archive("a\"b", ArchiveJSON.document([
            ArchiveJSON.Graph(id: 1, types: [hostile, "B"], nodes: [(4, hostile, 1, "v\"\\\n"), (8, "B", 0, nil)], edges: [(4, 8, 16, 8)]),
            ArchiveJSON.Graph(id: 2, types: ["C"], nodes: [(12, "C", 0, nil)], edges: []),
        ]))
        let dot = try export(f, "a\"b")
        try assertWellFormed(dot)
        XCTAssertTrue(dot.contains("digraph \"a\\\"b\" {"))
        XCTAssertTrue(dot.contains("subgraph \"cluster_g0\" {\n    label=\"graph 1\";"))
        XCTAssertTrue(dot.contains("subgraph \"cluster_g1\" {\n    label=\"graph 2\";"))
        let strings = try dotStrings(dot)
        XCTAssertTrue(strings.contains("4\n" + hostile.replacingOccurrences(of: "\u{01}", with: "\\x01") + "\n→ V"), "\(strings)")
    }

    /// A small DOT lexer: every quoted string ends, braces balance, and outside strings only
    /// DOT's own punctuation and words appear. Returns nothing; throws on malformed text.
    func assertWellFormed(_ dot: String, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try dotStrings(dot)
    }

    /// The decoded contents of every quoted string (DOT escapes and Graphviz entities undone).
    func dotStrings(_ dot: String) throws -> [String] {
        struct Malformed: Error, CustomStringConvertible { var description: String }
        var strings: [String] = []
        var depth = 0
        let chars = Array(dot.unicodeScalars)
        var k = 0
        while k < chars.count {
            let c = chars[k]
            if c == "/" && k + 1 < chars.count && chars[k + 1] == "/" {
                while k < chars.count && chars[k] != "\n" { k += 1 }
                continue
            }
            if c == "\"" {
                var s = ""
                k += 1
                while true {
                    guard k < chars.count else { throw Malformed(description: "unterminated string") }
                    let d = chars[k]
                    if d == "\n" || d.value < 0x20 { throw Malformed(description: "raw control character in a string") }
                    if d == "\\" {
                        guard k + 1 < chars.count else { throw Malformed(description: "dangling backslash") }
                        let e = chars[k + 1]
                        switch e {
                        case "\"": s += "\""
                        case "\\": s += "\\"
                        case "n": s += "\n"
                        default: throw Malformed(description: "escape \\\(e) would mean something to Graphviz")
                        }
                        k += 2
                        continue
                    }
                    if d == "\"" { k += 1; break }
                    if d == "<" || d == ">" { throw Malformed(description: "raw < or > in a string") }
                    s.unicodeScalars.append(d)
                    k += 1
                }
                strings.append(s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&amp;", with: "&"))
                continue
            }
            if c == "{" { depth += 1 } else if c == "}" { depth -= 1; if depth < 0 { throw Malformed(description: "unbalanced }") } }
            else if !(c.properties.isAlphabetic || ("0"..."9").contains(c) || " \n\t[]=;,-_>#".unicodeScalars.contains(c)) {
                throw Malformed(description: "unexpected '\(c)' outside strings")
            }
            k += 1
        }
        if depth != 0 { throw Malformed(description: "unbalanced {") }
        return strings
    }
}
