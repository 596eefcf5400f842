import AGTraceKit
import Foundation
import XCTest

/// End-to-end: the built `agtrace` binary on a database of SampleArchives (plus one run stored
/// directly, as transcripts are read by another part of agtrace).
final class ReportCLITests: CLITestCase {
    /// Runs the binary, on the test's database unless `db` is false, in `cwd` (else the test's dir).
    @discardableResult
    func agtrace(_ args: [String], db useDatabase: Bool = true, cwd: URL? = nil) throws -> CLIResult {
        try CLI.run(args + (useDatabase ? ["--db", db] : []), directory: cwd ?? dir)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: CLI.binary.path), "no agtrace binary at \(CLI.binary.path)")
        // The archive files only (transcripts may live in SampleArchives/ too).
        let samples = URL(fileURLWithPath: CLI.samples)
        let archives = try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { $0.hasSuffix(".ag-json") || $0.hasSuffix(".ag-gzon") }.sorted()
            .map { samples.appendingPathComponent($0).path }
        XCTAssertEqual(archives.count, 5)
        let imported = try agtrace(["import", "-q"] + archives)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        // The run of the Trip write: edges seen as the body ran, then the write of nights.
        let db = try DatabaseOpener.open(db, mode: .write)
        try db.execute("INSERT INTO runs(label, event_count) VALUES ('tap', 8)")
        let run = try db.scalar("SELECT id FROM runs WHERE label = 'tap'")!.intValue!
        try db.execute("""
            INSERT INTO events(run_id, seq, line, kind, symbol, attribute, input_attribute) VALUES
              (\(run), 1, 3, 'update', 'AG::Graph::update_attribute', 3152, NULL),
              (\(run), 2, 5, 'add_input', 'AG::Graph::add_input', 3152, 3032),
              (\(run), 3, 7, 'add_input', 'AG::Graph::add_input', 3216, 3152),
              (\(run), 4, 9, 'update', 'AG::Graph::update_attribute', 3216, NULL),
              (\(run), 5, 11, 'invalidate', 'AGGraphInvalidateValue', 3032, NULL),
              (\(run), 6, 13, 'update', 'AG::Graph::update_attribute', 3152, NULL),
              (\(run), 7, 15, 'update', 'AG::Graph::update_attribute', 3216, NULL),
              (\(run), 8, 17, 'update', 'AG::Graph::update_attribute', 3300, NULL);
            UPDATE runs SET first_event_id = (SELECT min(id) FROM events WHERE run_id = runs.id), last_event_id = (SELECT max(id) FROM events WHERE run_id = runs.id) WHERE id = \(run);
            """)
    }

    func testListAndHelp() throws {
        let list = try agtrace(["report", "--list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) },
                       ["dirty-walks", "edge-churn", "hitches", "rule-cost", "updates"])
        let help = try agtrace(["help", "report"], db: false)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("agtrace report updates --run R --snapshot S --by rule"))
        XCTAssertTrue(help.stdout.contains("Examples"))
        for command in ["report", "diff", "walk", "export"] {
            let r = try agtrace([command, "--help"], db: false)
            XCTAssertEqual(r.status, 0, command)
            XCTAssertTrue(r.stdout.contains("Examples"), command)
        }
        let top = try agtrace(["help"], db: false)
        for command in ["report", "diff", "walk", "export"] { XCTAssertTrue(top.stdout.contains("  \(command) "), command) }
    }

    func testUsageErrorsExitTwoBeforeTouchingTheDatabase() throws {
        let missing = dir.appendingPathComponent("none.db").path
        let cases: [([String], String)] = [
            (["report"], "name a report"),
            (["report", "nope"], "no report named 'nope'"),
            (["report", "updates"], "report 'updates' cannot run without options"),
            (["report", "updates", "--run", "tap", "--by", "rule"], "cannot run with --run --by rule"),
            (["report", "updates", "--run", "tap", "--by", "type"], "--by takes 'rule'"),
            (["report", "updates", "--run", "tap", "--limit", "-1"], "--limit"),
            (["report", "updates", "--run", "tap", "--format", "xml"], "--format must be one of"),
            (["report", "updates", "--runs", "tap"], "unknown option '--runs'"),
            (["report", "edge-churn", "--from", "a"], "report 'edge-churn' cannot run with --from"),
            (["walk", "--snapshot", "s"], "give the attribute"),
            (["walk", "x1", "--snapshot", "s"], "is not an attribute"),
            (["walk", "3032"], "--snapshot S is required"),
            (["walk", "3032", "--snapshot", "s", "--depth", "0"], "--depth"),
            (["diff", "a"], "give two snapshot labels"),
            (["export", "svg", "--snapshot", "s"], "not 'svg'"),
            (["export", "dot"], "--snapshot S is required"),
            (["export", "dot", "--snapshot", "s", "--depth", "2"], "--depth needs --focus"),
        ]
        for (args, message) in cases {
            let r = try agtrace(args + ["--db", missing], db: false)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("Usage: agtrace"), "\(args)")
            XCTAssertEqual(r.stdout, "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    func testUnknownLabelsAndMissingProfileExitOne() throws {
        let cases: [([String], String)] = [
            (["report", "updates", "--run", "nope"], "no run labelled 'nope' (see agtrace list)"),
            (["report", "updates", "--snapshot", "tap"], "'tap' is a run, not a snapshot"),
            (["report", "edge-churn", "--from", "trip-1-before", "--to", "x' OR '1'='1"], "no snapshot labelled 'x' OR '1'='1'"),
            (["report", "rule-cost", "--snapshot", "trip-1-before"], "snapshot 'trip-1-before' holds no profile data"),
            (["walk", "3032", "--snapshot", "nope"], "no snapshot labelled 'nope'"),
            (["walk", "3033", "--snapshot", "trip-1-before"], "no node 3033 in snapshot 'trip-1-before'"),
            (["diff", "trip-1-before", "nope"], "no snapshot labelled 'nope'"),
            (["export", "dot", "--snapshot", "nope"], "no snapshot labelled 'nope'"),
        ]
        for (args, message) in cases {
            let r = try agtrace(args)
            XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    /// Every report variant, in every format: json is an array of objects keyed by column.
    func testEveryReportInFourFormats() throws {
        let cases: [([String], [String], Int)] = [
            (["updates", "--run", "tap"], ["attribute", "updates"], 3),
            (["updates", "--run", "tap", "--snapshot", "trip-1-before"], ["attribute", "updates", "rule"], 3),
            (["updates", "--run", "tap", "--snapshot", "trip-1-before", "--by", "rule"], ["rule", "updates", "attributes"], 3),
            (["updates", "--snapshot", "planner-profiled"], ["attribute", "rule", "updates", "changes", "total_seconds", "graph"], 5),
            (["updates", "--snapshot", "planner-profiled", "--by", "rule"], ["rule", "updates", "changes", "nodes", "total_seconds"], 4),
            (["dirty-walks", "--run", "tap"], ["seq", "root", "marked", "updates", "reran", "line"], 1),
            (["dirty-walks", "--run", "tap", "--snapshot", "trip-1-before"], ["seq", "root", "marked", "updates", "reran", "line"], 1),
            (["dirty-walks", "--from", "trip-2-after-write", "--to", "trip-3-after-invalidate"],
             ["attribute", "rule", "view", "flags_from", "flags_to", "graph"], 5),
            (["edge-churn", "--from", "trip-1-before", "--to", "planner-profiled"],
             ["change", "src_attribute", "dst_attribute", "offset", "src_rule", "dst_rule", "src_view", "dst_view"], 32),
            (["rule-cost", "--snapshot", "planner-profiled"],
             ["rule", "nodes", "updates", "total_seconds", "mean_seconds", "share", "changes"], 5),
        ]
        for (args, columns, count) in cases {
            let json = try agtrace(["report"] + args + ["--format", "json"])
            XCTAssertEqual(json.status, 0, "\(args): \(json.stderr)")
            let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(args)")
            XCTAssertEqual(rows.count, count, "\(args)")
            for row in rows { XCTAssertEqual(Set(row.keys), Set(columns), "\(args)") }
            let csv = try agtrace(["report"] + args + ["--format", "csv"])
            XCTAssertEqual(csv.stdout.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init),
                           columns.joined(separator: ","), "\(args)")
            XCTAssertEqual(csv.stdout.split(separator: "\n").count, count + 1, "\(args)")
            let markdown = try agtrace(["report"] + args + ["--format", "markdown"])
            XCTAssertEqual(markdown.stdout.split(separator: "\n").first.map(String.init),
                           "| " + columns.joined(separator: " | ") + " |", "\(args)")
            XCTAssertEqual(markdown.stdout.split(separator: "\n").count, count + 2, "\(args)")
            let table = try agtrace(["report"] + args)
            XCTAssertEqual(table.stdout.split(separator: "\n").first?.split(separator: " ").map(String.init), columns, "\(args)")
            XCTAssertEqual(table.stdout.split(separator: "\n").count, count + 2, "\(args)")
            let limited = try agtrace(["report"] + args + ["--format", "json", "--limit", "1"])
            XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [Any])?.count, 1, "\(args)")
        }
    }

    func testRunReportsExactly() throws {
        XCTAssertEqual(try agtrace(["report", "updates", "--run", "tap", "--snapshot", "trip-1-before", "--format", "csv"]).stdout, """
            attribute,updates,rule
            3152,2,DynamicBody<ViewBodyAccessor<Trip>>
            3216,2,ViewLeafView<Text>
            3300,1,RootDisplayList

            """)
        // The run alone knows 3032 -> 3152 -> 3216, so of the 3 updates after the write only 2
        // are known to be its doing; the dump adds 3256, 3300, 3340, and 3300 reran too.
        XCTAssertEqual(try agtrace(["report", "dirty-walks", "--run", "tap", "--format", "csv"]).stdout,
                       "seq,root,marked,updates,reran,line\n5,3032,2,3,2,11\n")
        XCTAssertEqual(try agtrace(["report", "dirty-walks", "--run", "tap", "--snapshot", "trip-1-before", "--format", "csv"]).stdout,
                       "seq,root,marked,updates,reran,line\n5,3032,5,3,3,11\n")
    }

    func testOptionsAnywhereAndFromAnotherDirectory() throws {
        let root = URL(fileURLWithPath: "/")
        let a = try agtrace(["report", "--format", "csv", "--snapshot", "planner-profiled", "rule-cost", "--limit", "1"], cwd: root)
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertTrue(a.stdout.hasPrefix("rule,nodes,updates,total_seconds,mean_seconds,share,changes\nRootDisplayList,1,4,0.0002,5e-05,"), a.stdout)
        let b = try agtrace(["walk", "--snapshot", "trip-1-before", "--depth", "1", "3032", "--format", "csv"], cwd: root)
        XCTAssertEqual(b.stdout, "attribute,depth,rule,view,via,dirty\n3152,1,DynamicBody<ViewBodyAccessor<Trip>>,Trip,3032,0\n")
    }

    func testWalk() throws {
        let r = try agtrace(["walk", "0xbd8", "--snapshot", "trip-3-after-invalidate"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, """
            attribute  depth  rule                                 view  via   dirty
            ---------  -----  -----------------------------------  ----  ----  -----
            3152       1      DynamicBody<ViewBodyAccessor<Trip>>  Trip  3032  1
            3216       2      ViewLeafView<Text>                   Text  3152  1
            3256       2      LeafLayoutComputer<Text>             Text  3152  1
            3300       3      RootDisplayList                            3216  1
            3340       3      RootGeometry                               3256  1

            """)
        let json = try agtrace(["walk", "3300", "--snapshot", "trip-1-before", "--format", "json"])
        XCTAssertEqual(json.stdout, "[]\n")
    }

    func testDiffFormats() throws {
        let json = try agtrace(["diff", "trip-1-before", "trip-4-after-body", "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let counts = ["nodes_added", "nodes_removed", "edges_added", "edges_removed", "flags_changed", "values_changed"]
            .map { object[$0] as? Int }
        XCTAssertEqual(counts, [0, 0, 0, 0, 0, 3])
        let graph = try XCTUnwrap((object["graphs"] as? [[String: Any]])?.first)
        XCTAssertEqual([graph["update_count"], graph["change_count"], graph["transaction_count"]].map { $0 as? Int }, [5, 3, 1])
        let table = try agtrace(["diff", "trip-2-after-write", "trip-3-after-invalidate"])
        XCTAssertTrue(table.stdout.hasPrefix("trip-2-after-write → trip-3-after-invalidate\n"))
        XCTAssertTrue(table.stdout.contains("node flags                             5"))
        let csv = try agtrace(["diff", "trip-2-after-write", "trip-3-after-invalidate", "--format", "csv"])
        XCTAssertTrue(csv.stdout.hasPrefix("scope,name,nodes_added,nodes_removed,edges_added,edges_removed,flags_changed,values_changed,update_count,change_count,transaction_count\ntotal,,0,0,0,0,5,0,0,0,0\n"))
        let markdown = try agtrace(["diff", "trip-2-after-write", "trip-3-after-invalidate", "--format", "markdown"])
        XCTAssertTrue(markdown.stdout.contains("| node flags |  |  |  |  | 5 |"))
    }

    /// A dump whose writer leaves node flags out (SampleArchives/writers/trip-flagless) against
    /// one that gives them: those nodes' flags are unknown, not 0, so the 11 are not counted as
    /// flag changes (16 were, before); stderr says so, for the summary and --details alike.
    func testDiffAgainstADumpWithoutFlagsCountsOnlyKnownFlags() throws {
        let flagless = CLI.packageRoot.appendingPathComponent("SampleArchives/writers/trip-flagless.ag-json").path
        let imported = try agtrace(["import", "-q", flagless])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let warning = "agtrace diff: warning: 11 nodes present in both 'trip-1-before' and 'trip-flagless' have no flags "
            + "in one dump or both (its writer left `flags` out): unknown, so not compared"
        let table = try agtrace(["diff", "trip-1-before", "trip-flagless"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("node flags                             5\n"), table.stdout)
        XCTAssertTrue(table.stderr.contains(warning), table.stderr)
        let details = try agtrace(["diff", "trip-1-before", "trip-flagless", "--details", "--format", "csv"])
        XCTAssertEqual(details.status, 0, details.stderr)
        XCTAssertEqual(details.stdout.split(separator: "\n").filter { $0.contains(",flags,") }.count, 5, details.stdout)
        XCTAssertTrue(details.stderr.contains(warning), details.stderr)
    }

    func testExportDot() throws {
        let r = try agtrace(["export", "dot", "--snapshot", "trip-3-after-invalidate", "--focus", "3152", "--depth", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("digraph \"trip-3-after-invalidate\" {"))
        XCTAssertTrue(r.stdout.contains("\"g0_3032\" -> \"g0_3152\" [color=\"#cc0000\", penwidth=2, style=bold];"))
        let file = dir.appendingPathComponent("trip.dot")
        let w = try agtrace(["export", "dot", "--snapshot", "trip-3-after-invalidate", "--output", file.path])
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertEqual(w.stdout, "")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.contains(" -> ") }.count, 22)
        // Graphviz is not required; when it is installed, it must read the file.
        if let dot = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first(where: FileManager.default.isExecutableFile) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: dot)
            p.arguments = ["-Tsvg", file.path, "-o", dir.appendingPathComponent("trip.svg").path]
            try p.run()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0)
        }
    }

    func testLabelsAreBoundNotPasted() throws {
        let label = "it's \"odd\"; DROP TABLE nodes; --"
        let imported = try agtrace(["import", "-q", "--label", label,
                                    CLI.packageRoot.appendingPathComponent("SampleArchives/planner-profiled.ag-json").path, "--replace"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let r = try agtrace(["report", "rule-cost", "--snapshot", label, "--format", "csv", "--limit", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("rule,nodes,updates,total_seconds,mean_seconds,share,changes\nRootDisplayList,1,4,"))
        let dot = try agtrace(["export", "dot", "--snapshot", label, "--focus", "1592", "--depth", "1"])
        XCTAssertTrue(dot.stdout.contains("digraph \"it's \\\"odd\\\"; DROP TABLE nodes; --\" {"), dot.stdout)
    }
}
