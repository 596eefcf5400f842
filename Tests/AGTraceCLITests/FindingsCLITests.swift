import Foundation
import XCTest

/// `agtrace findings` end to end: its formats as GitHub reads them (SARIF validated against the
/// published 2.1.0 schema and read back by sarif-tools; workflow commands escaped), the
/// baseline gate's exit statuses, and `--source` on the command line.
final class FindingsCLITests: TemporaryDirectoryTestCase {
    var samples: String { CLI.samples + "/findings" }
    var db: String { dir.appendingPathComponent("agtrace.db").path }

    /// ../shared/formats/sarif-schema-2.1.0.json (the published schema); skips without it.
    func sarifSchema() throws -> String {
        let path = CLI.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/formats/sarif-schema-2.1.0.json").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("../shared/formats/sarif-schema-2.1.0.json is not here") }
        return path
    }

    func python(_ script: String, _ args: [String]) throws -> CLIResult {
        let python = try PythonClients.python()
        let file = dir.appendingPathComponent("check.py")
        try Data(script.utf8).write(to: file)
        return try CLI.run(python, [file.path] + args)
    }

    func testSARIFValidatesAndSarifToolsReadsItBack() throws {
        let schema = try sarifSchema()
        let out = try CLI.run(["findings", "--db", db, samples, "--format", "sarif"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let sarif = dir.appendingPathComponent("findings.sarif")
        try Data(out.stdout.utf8).write(to: sarif)
        let json = try CLI.run(["findings", "--db", db, samples, "--format", "json"])
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        let count = try XCTUnwrap(findings).count
        XCTAssertGreaterThanOrEqual(count, 14)

        let validate = try python("""
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        log = json.load(open(sys.argv[2]))
        jsonschema.validate(log, schema, format_checker=jsonschema.FormatChecker())
        run = log["runs"][0]
        rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
        for r in rules.values():
            assert r["helpUri"].startswith("https://") and r["help"]["text"], r
        for res in run["results"]:
            assert res["ruleId"] in rules and run["tool"]["driver"]["rules"][res["ruleIndex"]]["id"] == res["ruleId"], res
            assert res["level"] in ("error", "warning", "note"), res
            assert len(res["partialFingerprints"]["agtraceFinding/v1"]) == 32, res
            assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], res
        print(len(run["results"]))
        """, [schema, sarif.path])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertEqual(validate.stdout.trimmingCharacters(in: .whitespacesAndNewlines), String(count))

        // sarif-tools (PyPI) reads it back: one CSV row per result, with its rule and level.
        let csv = dir.appendingPathComponent("findings.csv")
        // Its command-line entry point, run by the same Python (the venv's `sarif` script).
        let readBack = try python("""
        import sys
        from sarif.cmdline.main import main
        sys.argv = ["sarif", "csv", "-o", sys.argv[2], sys.argv[1]]
        sys.exit(main())
        """, [sarif.path, csv.path])
        XCTAssertEqual(readBack.status, 0, readBack.stderr)
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").dropFirst()
        XCTAssertEqual(rows.count, count)
        XCTAssertTrue(rows.contains { $0.hasPrefix("agtrace,warning,wasted-body-runs,") }, "\(rows)")
        XCTAssertTrue(rows.contains { $0.hasPrefix("agtrace,error,dependency-cycle,") }, "\(rows)")
    }

    /// The same findings give the same SARIF fingerprints, run after run.
    func testSARIFFingerprintsAreStable() throws {
        let a = try CLI.run(["findings", "--db", db, samples + "/traces", "--format", "sarif"]).stdout
        let b = try CLI.run(["findings", "--db", db, samples + "/traces", "--format", "sarif"]).stdout
        XCTAssertEqual(a, b)
    }

    /// Workflow commands: `%`, CR and LF escaped in the message, and `:` and `,` too in
    /// properties (file, title), with hostile view and file names.
    func testGitHubAnnotationsEscapeHostileNames() throws {
        let log = dir.appendingPathComponent("ui,tests:100%.log")
        let hostile = "Inspector<Dictionary<String, Int>>"
        try Data((["\(hostile): @self, @identity changed."] + Array(repeating: "\(hostile): unchanged.", count: 4))
            .joined(separator: "\n").utf8).write(to: log)
        let out = try CLI.run(["findings", "--db", db, log.path, "--format", "github"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1, out.stdout)
        let line = lines[0]
        XCTAssertTrue(line.hasPrefix("::warning file="), line)
        let properties = String(line.dropFirst("::warning ".count).prefix { $0 != ":" })
        XCTAssertTrue(properties.contains("ui%2Ctests%3A100%25.log"), properties)
        XCTAssertTrue(properties.contains(",line=2,"), properties)
        XCTAssertTrue(properties.contains("title=wasted-body-runs%3A Inspector<Dictionary<String%2C Int>>"), properties)
        // The message: only % escaped here (no CR or LF in it); its commas stay.
        XCTAssertTrue(line.contains("::Inspector<Dictionary<String, Int>>'s body ran 5 times"), line)
    }

    func testBaselineGate() throws {
        let baseline = dir.appendingPathComponent("findings-baseline.json").path
        let raising = samples + "/console/wasted-rows.log"
        // No file yet: a usage error that says how to make one.
        let missing = try CLI.run(["findings", "--db", db, raising, "--baseline", baseline])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--update-baseline"), missing.stderr)
        // Accept the current findings, then the same recording passes.
        let update = try CLI.run(["findings", "--db", db, raising, "--baseline", baseline, "--update-baseline"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stderr.contains("1 accepted"), update.stderr)
        XCTAssertEqual(try CLI.run(["findings", "--db", db, raising, "--baseline", baseline]).status, 0)
        // A new finding fails, and is named.
        let more = try CLI.run(["findings", "--db", db, raising, samples + "/console/identity-churn.log", "--baseline", baseline])
        XCTAssertEqual(more.status, 1, more.stderr)
        XCTAssertTrue(more.stderr.contains("new: identity-churn FeedRow"), more.stderr)
        // The lean twin: nothing new, the accepted finding is gone (said, not failed).
        let lean = try CLI.run(["findings", "--db", db, samples + "/console/wasted-rows-lean.log", "--baseline", baseline])
        XCTAssertEqual(lean.status, 0, lean.stderr)
        XCTAssertTrue(lean.stderr.contains("1 accepted finding is gone"), lean.stderr)
        // A file that is no baseline.
        let bad = dir.appendingPathComponent("bad.json").path
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try CLI.run(["findings", "--db", db, raising, "--baseline", bad])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("not a findings baseline"), refused.stderr)
        XCTAssertEqual(try CLI.run(["findings", "--db", db, raising, "--update-baseline"]).status, 2)
    }

    func testSourceLocationsOnTheCommandLine() throws {
        let src = dir.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        try Data("import SwiftUI\n\n// FeedRow: a row\nstruct FeedRow: View {\n    var body: some View { Text(\"row\") }\n}\n".utf8)
            .write(to: src.appendingPathComponent("FeedRow.swift"))
        let out = try CLI.run(["findings", "--db", db, samples + "/console/wasted-rows.log", "--source", src.path, "--format", "github"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.hasPrefix("::warning file=FeedRow.swift,line=4,title="), out.stdout)
        let sarif = try CLI.run(["findings", "--db", db, samples + "/console/wasted-rows.log", "--source", src.path, "--format", "sarif"])
        XCTAssertTrue(sarif.stdout.contains("\"uri\" : \"FeedRow.swift\""), sarif.stdout)
        XCTAssertTrue(sarif.stdout.contains("\"startLine\" : 4"), sarif.stdout)
        let missing = try CLI.run(["findings", "--db", db, samples + "/console/wasted-rows.log", "--source", dir.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.status, 2, missing.stderr)
    }

    func testLabelsOfTheDatabaseAndTheHelp() throws {
        XCTAssertEqual(try CLI.run(["import", "--db", db, samples + "/console/wasted-rows.log", "--label", "ui"]).status, 0)
        let out = try CLI.run(["findings", "--db", db, "--console", "ui", "--format", "markdown"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains("[wasted-body-runs](https://"), out.stdout)
        let all = try CLI.run(["findings", "--db", db])
        XCTAssertTrue(all.stdout.contains("wasted-body-runs"), all.stdout)
        let unknown = try CLI.run(["findings", "--db", db, "--console", "uj"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'ui'"), unknown.stderr)
        let help = try CLI.run(["findings", "--help"])
        for kind in ["wasted-body-runs", "broad-invalidation", "whole-object-dependency", "identity-churn", "dependency-cycle",
                     "state-modified-during-update", "slow-body", "update-in-hitch", "repeated-body-in-pass", "repeating-write"] {
            XCTAssertTrue(help.stdout.contains(kind), kind)
        }
    }
}
