import XCTest
@testable import AGTraceKit

/// Every key of the format reference, in every order, read into records.
final class ArchiveReaderTests: XCTestCase {
    /// One graph using every documented key, with edges, trees and subgraphs before the nodes
    /// (as Apple writes them) and types after them (any order is legal).
    static let everyKey = #"""
    {"counters":{"bytes":4096,"max_bytes":8192},"graphs":[{
      "update_count":18,"change_count":93,"id":1,"transaction_count":8,
      "update_total":2.5e-4,"changed_total":1.25E-5,
      "counters":{"nodes":3,"created_nodes":4,"max_nodes":4,"subgraphs":2,"created_subgraphs":2,"max_subgraphs":2,"updates":18,"changes":93,"transactions":8},
      "marks":[{"name":"tap","timestamp":1.5,"update_count":2,"update_total":1e-6}],
      "events":{"layout":{"update_count":3,"change_count":1,"update_total":3e-6,"changed_total":1e-6,
                          "marks":[{"name":"inner","timestamp":2}]}},
      "trees":[{"node":2,"offset":4,"desc":"Trip","root":true,"flags":2,"children":[1],"nodes":[0,2],
                "values":{"nights":{"node":0},"size":{"node":1,"offset":32}}},
               {"node":1,"desc":"Text"}],
      "edges":[{"src":0,"dst":2},{"src":1,"dst":2,"offset":16,"flags":8},{"src":1,"dst":2,"offset":16,"flags":8}],
      "nodes":[{"id":3032,"type":0,"desc":"State<Int> nights","value":"()","flags":8,"subgraph_flags":1},
               {"id":4294967292,"type":1},
               {"id":3152,"type":1,"desc":"Trip.body","value":"Text(\"Lisbon, 3 nights\")","flags":9,
                "profile":{"update_count":5,"change_count":2,"update_total":1.5e-05,"changed_total":5e-06,
                           "marks":[{"name":"m","timestamp":0.5,"update_count":1}]},
                "events":{"layout":{"update_count":1}}}],
      "subgraphs":[{"id":1,"context_id":3,"nodes":[0,1],"children":[1]},
                   {"id":2,"context_id":3,"invalid":true,"nodes":[2],"parents":[0]}],
      "types":[{"id":8,"name":"External<()>","value":"()","size":0,"flags":19},
               {"id":9,"name":"DynamicBody<ViewBodyAccessor<Trip>>","value":"Text","size":48,"flags":10,
                "profile":{"update_count":7,"update_total":2.1e-05},"events":{"layout":{"change_count":4}}}]
    }],"version":2}
    """#

    func testEveryKeyIsRead() throws {
        for bufferSize in [1 << 20, 7, 64] {
            let s = try readArchive(Self.everyKey, bufferSize: bufferSize)
            XCTAssertEqual(s.summary, ArchiveSummaryRecord(version: 2, counterBytes: 4096, counterMaxBytes: 8192, graphCount: 1))
            XCTAssertEqual(s.graphs.count, 1)
            let g = s.graphs[0]
            XCTAssertEqual(g.graphId, 1)
            XCTAssertEqual(g.updateCount, 18)
            XCTAssertEqual(g.changeCount, 93)
            XCTAssertEqual(g.transactionCount, 8)
            XCTAssertEqual(g.updateTotal, 2.5e-4)
            XCTAssertEqual(g.changedTotal, 1.25e-5)
            XCTAssertEqual(g.counters["created_nodes"], 4)
            XCTAssertEqual(g.counters.count, 9)
            XCTAssertEqual([g.typeCount, g.nodeCount, g.edgeCount, g.subgraphCount, g.treeCount], [2, 3, 3, 2, 2])

            XCTAssertEqual(s.types.map(\.name), ["External<()>", "DynamicBody<ViewBodyAccessor<Trip>>"])
            XCTAssertEqual(s.types[1].typeId, 9)
            XCTAssertEqual(s.types[1].valueType, "Text")
            XCTAssertEqual(s.types[1].size, 48)
            XCTAssertEqual(s.types[1].flags, 10)
            XCTAssertEqual(s.types[1].profile, ProfileCounts(updateCount: 7, updateTotal: 2.1e-05))
            XCTAssertEqual(s.types[0].profile, ProfileCounts())

            XCTAssertEqual(s.nodes.map(\.attribute), [3032, 4_294_967_292, 3152])
            XCTAssertEqual(s.nodes[0].description, "State<Int> nights")
            XCTAssertEqual(s.nodes[0].subgraphFlags, 1)
            XCTAssertNil(s.nodes[1].flags)
            XCTAssertNil(s.nodes[1].description)
            XCTAssertEqual(s.nodes[2].value, "Text(\"Lisbon, 3 nights\")")
            XCTAssertEqual(s.nodes[2].flags, 9)
            XCTAssertEqual(s.nodes[2].profile, ProfileCounts(updateCount: 5, changeCount: 2, updateTotal: 1.5e-05, changedTotal: 5e-06))

            // Edges came before nodes: held, then resolved to attribute ids. Repeats kept.
            XCTAssertEqual(s.edges.map { [$0.srcAttribute, $0.dstAttribute] },
                           [[3032, 3152], [4_294_967_292, 3152], [4_294_967_292, 3152]])
            XCTAssertEqual(s.edges[1].offset, 16)
            XCTAssertEqual(s.edges[1].flags, 8)
            XCTAssertEqual(s.edges[0].flags, 0, "absent: the engine leaves out zeros")
            XCTAssertEqual(s.edges[0].offset, 0)

            XCTAssertEqual(s.subgraphs.map(\.subgraphId), [1, 2])
            XCTAssertEqual(s.subgraphs[1].invalid, true)
            XCTAssertEqual(s.subgraphs[0].contextId, 3)
            XCTAssertEqual([0, 1, 2].map { s.subgraphId(ofNode: $0) }, [1, 1, 2])
            // children of 0 and parents of 1 are one link.
            XCTAssertEqual(s.links, [SubgraphLinkRecord(parentGraphIndex: 0, parentSubgraphId: 1, childGraphIndex: 0, childSubgraphId: 2)])

            XCTAssertEqual(s.trees.count, 2)
            XCTAssertEqual(s.trees[0].nodeIndex, 2)
            XCTAssertEqual(s.trees[0].offset, 4)
            XCTAssertEqual(s.trees[0].isRoot, true)
            XCTAssertEqual(s.trees[0].flags, 2)
            XCTAssertEqual(s.trees[0].description, "Trip")
            XCTAssertEqual(s.trees[1].parentTreeIndex, 0)
            XCTAssertEqual(s.treeValues.map(\.key), ["nights", "size"])
            XCTAssertEqual(s.treeValues[1].offset, 32)
            XCTAssertEqual(s.treeNodes.map(\.nodeIndex), [0, 2])

            // Profile events: graph, node and type scopes; marks of each.
            let eventKeys = s.events.map { "\($0.scope.rawValue):\($0.scopeKey.map(String.init) ?? "-"):\($0.category)" }
            XCTAssertEqual(Set(eventKeys), ["graph:-:layout", "node:3152:layout", "type:1:layout"])
            XCTAssertEqual(s.events.first { $0.scope == .type }?.counts.changeCount, 4)
            let markNames = s.marks.map { "\($0.scope.rawValue):\($0.category ?? "-"):\($0.name ?? "")" }
            XCTAssertEqual(Set(markNames), ["graph:-:tap", "graph:layout:inner", "node:-:m"])
            XCTAssertEqual(s.marks.first { $0.name == "m" }?.scopeKey, 3152)
        }
    }

    func testUnknownKeysAreIgnoredAtEveryLevel() throws {
        let json = #"""
        {"version":2,"future":{"a":[1,{"b":null}]},"graphs":[{"id":1,"new_key":[[[]]],
         "types":[{"name":"T","shiny":true}],"nodes":[{"id":4,"type":0,"extra":{"x":"y"}}],
         "edges":[],"subgraphs":[{"id":1,"context_id":1,"what":1.5}]}]}
        """#
        let s = try readArchive(json)
        XCTAssertEqual(s.nodes.map(\.attribute), [4])
        XCTAssertEqual(s.types.map(\.name), ["T"])
    }

    /// Edges read in one pass (`JSONTokenizer.smallIntegerObject`) and edges read token by token
    /// (whitespace, escapes, nulls, unknown keys, numbers it does not take) give the same records,
    /// whatever the buffer's size.
    func testEdgesInEverySpellingReadAlike() throws {
        let json = #"""
        {"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0},{"id":8,"type":0},{"id":12,"type":0}],"edges":[{"src":0,"dst":1},{ "src": 1, "dst": 2 },{"dst":2,"src":0,"flags":8,"offset":16},
        {"src":0,"dst":1,"src":2},{"src":0,"dst":1,"note":"x","flags":1},{"src":0,"dst":1,"offset":null},{"src":1,"dst":0},
        {"src":0.0,"dst":2,"offset":4.0},{"offset":0,"flags":0,"src":2,"dst":0},{"src":1,"dst":2,"flags":999999999}
        ]}]}
        """#
        let expected: [[Int64]] = [  // src, dst, offset, flags in edge order
            [4, 8, 0, 0], [8, 12, 0, 0], [4, 12, 16, 8], [12, 8, 0, 0], [4, 8, 0, 1], [4, 8, 0, 0], [8, 4, 0, 0],
            [4, 12, 4, 0], [12, 4, 0, 0], [8, 12, 0, 999_999_999],
        ]
        for bufferSize in [1 << 20, 7, 31, 64] {
            let s = try readArchive(json, bufferSize: bufferSize)
            let read = s.edges.sorted { $0.edgeIndex < $1.edgeIndex }
                .map { [Int64($0.srcAttribute), Int64($0.dstAttribute), $0.offset, $0.flags] }
            XCTAssertEqual(read, expected, "buffer \(bufferSize)")
        }
    }

    func testEdgesTheOnePassReaderLeavesAreStillRefusedWhereTheyAre() {
        func edgesError(_ edges: String) -> String? {
            archiveError(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0},{"id":8,"type":0}],"edges":[{"src":0,"dst":1},"# + edges + "]}]}")?.description
        }
        // The messages and positions of the token-by-token reader (checked against the build before the one-pass reader).
        XCTAssertEqual(edgesError(#"{"src":01,"dst":1}"#), "test.ag-json:1:106: invalid number: leading zero (byte 105)")
        XCTAssertEqual(edgesError(#"{"src":1,"dst":-1}"#), "test.ag-json:1:114: 'edge dst' index -1 is out of range (byte 113)")
        XCTAssertEqual(edgesError(#"{"src":1}"#), "test.ag-json:1:99: graph 0: edge 1 needs both 'src' and 'dst' (byte 98)")
        XCTAssertEqual(edgesError(#"{"src":1,"dst":1234567890}"#),
                       "test.ag-json:1:99: graph 0: edge 1 refers to node index 1234567890, but the graph has 2 nodes (byte 98)")
        XCTAssertEqual(edgesError(#"{"src":1,"dst":1,"flags":99999999999}"#),
                       "test.ag-json:1:124: graph 0: edge flags 99999999999 is out of range (byte 123)")
    }

    func testStringsWithEscapesSurrogatesAndRawUTF8() throws {
        let json = #"""
        {"version":2,"graphs":[{"types":[{"name":"A"}],"nodes":[
          {"id":4,"type":0,"desc":"quote \" backslash \\ slash \/ tab \t nl \n cr \r bs \b ff \f","value":"\u00e9\u2192\ud83d\ude00"},
          {"id":8,"type":0,"desc":"raw … → é 😀","value":"lone \ud800 surrogate, low \udc00 alone"},
          {"id":12,"type":0,"desc":"(unknown context at $1089f4c44)","value":""}]}]}
        """#
        for bufferSize in [1 << 20, 5, 13] {
            let s = try readArchive(json, bufferSize: bufferSize)
            XCTAssertEqual(s.nodes[0].description, "quote \" backslash \\ slash / tab \t nl \n cr \r bs \u{08} ff \u{0C}")
            XCTAssertEqual(s.nodes[0].value, "é→😀")
            XCTAssertEqual(s.nodes[1].description, "raw … → é 😀")
            XCTAssertEqual(s.nodes[1].value, "lone \u{FFFD} surrogate, low \u{FFFD} alone")
            XCTAssertEqual(s.nodes[2].description, "(unknown context at $1089f4c44)")
            XCTAssertEqual(s.nodes[2].value, "")
        }
    }

    func testLongValueCutAt1024WithEllipsis() throws {
        let long = String(repeating: "x", count: 1024) + "…"
        let s = try readArchive(#"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0,"value":"\#(long)"}]}]}"#, bufferSize: 100)
        XCTAssertEqual(s.nodes[0].value, long)
    }

    func testNodesFirstThenEdgesSubgraphsAndTreesResolveDirectly() throws {
        let json = #"""
        {"graphs":[{"types":[{"name":"T"}],"nodes":[{"id":100,"type":0},{"id":200,"type":0},{"id":300,"type":0}],
          "edges":[{"src":2,"dst":0}],
          "subgraphs":[{"id":5,"nodes":[0,1,2]}],
          "trees":[{"children":[1,2]},{"node":1},{"node":2,"children":[]}]}]}
        """#
        let s = try readArchive(json)
        XCTAssertEqual(s.edges.map { [$0.srcAttribute, $0.dstAttribute] }, [[300, 100]])
        XCTAssertEqual(s.members.map { $0.range }, [0...2])
        XCTAssertEqual(s.trees.map(\.parentTreeIndex), [nil, 0, 0])
    }

    func testTreeChildNamedBeforeItsParentIsFixedUp() throws {
        let json = #"{"graphs":[{"trees":[{"desc":"leaf"},{"desc":"root","children":[0]}]}]}"#
        let s = try readArchive(json)
        XCTAssertEqual(s.trees.map(\.parentTreeIndex), [nil, nil])
        XCTAssertEqual(s.treeParents.map { [$0.tree, $0.parent] }, [[0, 1]])
    }

    func testCrossGraphSubgraphLinks() throws {
        let json = #"""
        {"graphs":[{"subgraphs":[{"id":11,"children":[{"graph":1,"subgraph_id":21}]}]},
                   {"subgraphs":[{"id":21,"parents":[{"graph":0,"subgraph_id":11}]}]}]}
        """#
        let s = try readArchive(json)
        XCTAssertEqual(s.links, [SubgraphLinkRecord(parentGraphIndex: 0, parentSubgraphId: 11, childGraphIndex: 1, childSubgraphId: 21)])
    }

    func testNonContiguousSubgraphMembershipBecomesRuns() throws {
        let json = #"{"graphs":[{"types":[{}],"nodes":[{"id":4,"type":0},{"id":8,"type":0},{"id":12,"type":0},{"id":16,"type":0}],"subgraphs":[{"id":1,"nodes":[0,1,3]},{"id":2,"nodes":[2]}]}]}"#
        let s = try readArchive(json)
        XCTAssertEqual(s.members.map { "\($0.id!):\($0.range)" }, ["1:0...1", "1:3...3", "2:2...2"])
    }

    func testGraphsWithoutOptionalParts() throws {
        let s = try readArchive(#"{"version":2,"graphs":[{"id":3},{"nodes":[],"edges":[],"types":[]}]}"#)
        XCTAssertEqual(s.graphs.map(\.graphId), [3, nil])
        XCTAssertEqual(s.graphs.map(\.nodeCount), [0, 0])
    }

    func testWhitespaceAndByteOrderMarkAroundTheDocument() throws {
        let s = try readArchive("\u{FEFF}  \n\t{\"graphs\" : [ ] }\r\n\n")
        XCTAssertEqual(s.summary?.graphCount, 0)
    }
}
