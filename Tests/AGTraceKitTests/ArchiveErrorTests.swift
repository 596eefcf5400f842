import XCTest
@testable import AGTraceKit

/// Bad archives: each is refused with what is wrong and where, never a trap.
final class ArchiveErrorTests: XCTestCase {
    func assertError(_ json: String, contains text: String, line: Int? = nil, column: Int? = nil,
                     file: StaticString = #filePath, testLine: UInt = #line) {
        for bufferSize in [1 << 20, 3] {
            guard let e = archiveError(json, bufferSize: bufferSize, file: file, line: testLine) else { return }
            XCTAssertTrue(e.message.contains(text), "'\(e.message)' does not contain '\(text)'", file: file, line: testLine)
            if let line { XCTAssertEqual(e.line, line, "line of: \(e)", file: file, line: testLine) }
            if let column { XCTAssertEqual(e.column, column, "column of: \(e)", file: file, line: testLine) }
            XCTAssertEqual(e.path, "test.ag-json")
        }
    }

    func testEmptyAndBlank() {
        assertError("", contains: "empty input")
        assertError("  \n ", contains: "no JSON value")
    }

    func testTruncatedJSON() {
        assertError(#"{"graphs":[{"nodes":[{"id":4,"ty"#, contains: "truncated JSON")
        assertError(#"{"graphs":[{"nodes":[{"id":4"#, contains: "truncated JSON")
        assertError(#"{"graphs":[{"types":[{"name":"abc"#, contains: "inside a string")
        assertError(#"{"graphs":[]"#, contains: "truncated JSON")
    }

    func testTrailingGarbage() {
        assertError("{\"graphs\":[]}\n}", contains: "after the end", line: 2, column: 1)
        assertError(#"{"graphs":[]} {"graphs":[]}"#, contains: "after the end")
    }

    func testSyntaxErrorsCarryLineAndColumn() {
        assertError("{\"graphs\":[\n  {\"id\": tru}\n]}", contains: "invalid literal", line: 2, column: 10)
        assertError("{\"graphs\":[\n\n  {\"id\" 1}]}", contains: "expected ':'", line: 3, column: 9)
        assertError("{\"graphs\":[{},]}", contains: "where a JSON value should start")
        assertError("{\"graphs\":[],}", contains: "expected a string key")
        assertError("{\"a\":\"tab\there\"}", contains: "control character")
        assertError("{\"a\":\"bad \\x escape\"}", contains: "invalid escape")
        assertError("{\"a\":\"\\u12G4\"}", contains: "not a hex digit")
        assertError("{\"a\":01}", contains: "leading zero")
        assertError("{\"a\":-}", contains: "invalid number")
        assertError("{\"a\":1.}", contains: "invalid number")
    }

    func testWrongShape() {
        assertError("[1,2,3]", contains: "not a JSON object")
        assertError(#"{"version":2}"#, contains: "no 'graphs' array")
        assertError(#"{"graphs":{}}"#, contains: "'graphs' must be an array")
        assertError(#"{"graphs":[1]}"#, contains: "graph 0 must be an object")
        assertError(#"{"graphs":[{"nodes":[{"type":0}]}]}"#, contains: "has no 'id'")
        assertError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4}]}]}"#, contains: "has no 'type'")
        assertError(#"{"graphs":[{"nodes":[{"id":-4,"type":0}]}]}"#, contains: "not a 32-bit attribute")
        assertError(#"{"graphs":[{"nodes":[{"id":4294967296,"type":0}]}]}"#, contains: "not a 32-bit attribute")
        assertError(#"{"graphs":[{"nodes":[{"id":"4","type":0}]}]}"#, contains: "must be an integer")
        assertError(#"{"graphs":[{"types":[{"name":5}]}]}"#, contains: "must be a string")
        assertError(#"{"graphs":[{"nodes":[],"nodes":[]}]}"#, contains: "duplicate key 'nodes'")
        assertError(#"{"version":2,"graphs":[],"graphs":[]}"#, contains: "duplicate key 'graphs'")
    }

    func testEdgeIndexOutOfRangeInEitherOrder() {
        // Nodes first: caught at the edge.
        assertError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}],"edges":[{"src":0,"dst":1}]}]}"#,
                    contains: "edge 0 refers to node index 1, but the graph has 1 nodes")
        // Edges first: caught when the nodes are known, still pointing at the edge.
        let json = "{\"graphs\":[{\"edges\":[\n{\"src\":0,\"dst\":0},\n{\"src\":7,\"dst\":0}],\"types\":[{}],\"nodes\":[{\"id\":4,\"type\":0}]}]}"
        assertError(json, contains: "refers to node index 7", line: 3, column: 1)
        // The nodes lines later: the position is still the edge's, not where reading stopped.
        let later = "{\"graphs\":[{\"edges\":[\n{\"src\":0,\"dst\":0},\n  {\"src\":7,\"dst\":0}],\n\"types\":[{}],\n\"nodes\":[{\"id\":4,\"type\":0}]}]}\n"
        assertError(later, contains: "refers to node index 7", line: 3, column: 3)
        assertError("{\"a\":1}\n", contains: "no 'graphs' array", line: 1, column: 1)
        assertError(#"{"graphs":[{"edges":[{"src":0}]}]}"#, contains: "needs both 'src' and 'dst'")
        assertError(#"{"graphs":[{"edges":[{"src":0,"dst":0}]}]}"#, contains: "the graph has 0 nodes")
    }

    func testTypeIndexOutOfRangeInEitherOrder() {
        assertError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":1}]}]}"#, contains: "type index 1 is out of range (1 types)")
        assertError(#"{"graphs":[{"nodes":[{"id":4,"type":3}],"types":[{}]}]}"#, contains: "type index 3 is out of range (1 types)")
        assertError(#"{"graphs":[{"nodes":[{"id":4,"type":0}]}]}"#, contains: "type index 0 is out of range (0 types)")
    }

    func testTreeIndicesOutOfRange() {
        assertError(#"{"graphs":[{"trees":[{"node":3}],"types":[{}],"nodes":[{"id":4,"type":0}]}]}"#,
                    contains: "tree 0 refers to node index 3")
        assertError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}],"trees":[{"values":{"x":{"node":9}}}]}]}"#,
                    contains: "refers to node index 9")
        assertError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}],"trees":[{"nodes":[0,5]}]}]}"#,
                    contains: "refers to node index 5")
        assertError(#"{"graphs":[{"trees":[{"children":[1,4]},{}]}]}"#, contains: "names child tree 4, but the graph has 2 trees")
    }

    func testSubgraphIndicesOutOfRange() {
        assertError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0}],"subgraphs":[{"id":1,"nodes":[0,2]}]}]}"#,
                    contains: "subgraph 0 lists node index 2")
        assertError(#"{"graphs":[{"subgraphs":[{"id":1,"nodes":[2]}],"types":[{}],"nodes":[{"id":4,"type":0}]}]}"#,
                    contains: "refers to node index 2")
        assertError(#"{"graphs":[{"subgraphs":[{"id":1,"children":[3]}]}]}"#, contains: "subgraph index 3 is out of range")
        assertError(#"{"graphs":[{"subgraphs":[{"id":1,"children":[{"graph":2,"subgraph_id":1}]}]}]}"#,
                    contains: "graph index 2 is out of range")
    }

    func testAbsurdNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 300_000)
        assertError(deep, contains: "not a JSON object")
        let deepInGraph = #"{"graphs":[{"unknown":"# + deep
        assertError(deepInGraph, contains: "nesting deeper than")
    }

    func testHugeNumbersAreErrorsOrDoubles() {
        assertError(#"{"graphs":[{"nodes":[{"id":99999999999999999999999,"type":0}]}]}"#, contains: "must be an integer")
        assertError(#"{"graphs":[{"nodes":[{"id":1e400,"type":0}]}]}"#, contains: "must be an integer")
    }
}

extension ArchiveErrorTests {
    /// A problem found lines after its place, where the line is no longer known, names the
    /// byte alone rather than a wrong line.
    func testUnknownLineIsLeftOut() {
        let e = ArchiveFormatError(path: "a.ag-json", message: "subgraph index 3 is out of range", offset: 40, line: nil, column: nil)
        XCTAssertEqual(e.description, "a.ag-json: subgraph index 3 is out of range (byte 40)")
    }
}
