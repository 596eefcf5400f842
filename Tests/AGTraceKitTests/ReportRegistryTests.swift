import Foundation
import XCTest
@testable import AGTraceKit

final class ReportRegistryTests: XCTestCase {
    static let queriesFolder = TestPaths.packageRoot.appendingPathComponent("Queries")

    /// The plugin EmbedText (Scripts/embed-text.sh) compiles Queries/ into the binary: the same
    /// files, each byte for byte.
    func testEveryQueryFileIsEmbedded() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.queriesFolder.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        XCTAssertEqual(EmbeddedQueries.all.map(\.file).sorted(), onDisk,
                       "Plugins/EmbedText did not embed Queries/ as it is: after adding or removing a .sql, touch Sources/AGTraceKit/Reports/Queries and build (CONTRIBUTING.md, Embedded files)")
        for (file, text) in EmbeddedQueries.all {
            let disk = try Data(contentsOf: Self.queriesFolder.appendingPathComponent(file))
            XCTAssertEqual(Array(disk), Array(text.utf8), "\(file): the embedded text differs from Queries/")
            // QueryFile finds line ends by byte, which a "\r\n" grapheme would hide from a
            // search by Character: the files end lines with "\n" alone.
            XCTAssertFalse(disk.contains(0x0D), "\(file): a carriage return (Queries/ files end lines with \\n alone)")
        }
    }

    /// QueryFile trims its header lines and statements without Foundation (every command reads
    /// all of Queries/ when it starts); the trims must be Foundation's, scalar for scalar.
    func testHeaderTrimsAreFoundationsTrims() {
        var samples: [String] = ["", " ", "\t", "\u{A0}x\u{3000}", " a b ", "\n\r\nx;\u{85}", "\u{2028}y\u{2029}", "\u{0B}\u{0C}z",
                                 "e\u{301} ", " \u{301}", "\u{200B}w\u{200B}", "\r\n", "x\r\n"]
        // Every scalar to U+3100 (all of Foundation's spaces and newlines) and the BOM, around a letter.
        for value in Array(0...0x3100) + [0xFEFF] {
            if let scalar = Unicode.Scalar(UInt32(value)) { samples.append("\(scalar)x\(scalar)") }
        }
        for (_, text) in EmbeddedQueries.all {
            samples.append(text)
            samples += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        for sample in samples {
            XCTAssertEqual(Array(Substring(sample).trimmed(\.isSpace).unicodeScalars),
                           Array(sample.trimmingCharacters(in: .whitespaces).unicodeScalars), "\(sample.debugDescription)")
            XCTAssertEqual(Array(Substring(sample).trimmed(\.isSpaceOrNewline).unicodeScalars),
                           Array(sample.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars), "\(sample.debugDescription)")
        }
    }

    func testReportsAndTheirVariants() {
        XCTAssertEqual(ReportRegistry.reports.map(\.name), ["dirty-walks", "edge-churn", "hitches", "rule-cost", "updates"])
        XCTAssertEqual(ReportRegistry.reports.map { $0.variants.map(\.usage) }, [
            ["--run R [--snapshot S]", "--trace T --details", "--trace T", "--from S1 --to S2"],
            ["--trace T", "--from S1 --to S2"],
            ["--xctrace R [--app-only]"],
            ["--trace T", "--snapshot S", "--xctrace R [--app-only]"],
            ["--console C", "--run R", "--snapshot S", "--trace T", "--xctrace R [--app-only]", "--snapshot S --by rule", "--trace T --by rule",
             "--xctrace R --by rule [--app-only]", "--console C --by token", "--console C --by view", "--snapshot S --by view",
             "--trace T --by view", "--xctrace R --by view [--app-only]", "--run R --snapshot S", "--run R --snapshot S --by rule",
             "--run R --snapshot S --by view"],
        ])
        for report in ReportRegistry.reports {
            XCTAssertEqual(report.variants.filter { $0.summary != nil }.count, 1, "\(report.name): one variant carries the summary")
            XCTAssertFalse(report.summary.contains("\n"))
        }
        for name in ["profile-present", "compare-types", "compare-nodes", "compare-edges", "diff-graphs", "diff-totals", "walk-readers", "walk-edges",
                     "walk-nodes", "walk-types", "node-info", "export-nodes", "export-edges", "export-graphs"] {
            XCTAssertEqual(ReportRegistry.query(name).name, name)
        }
    }

    /// One statement per file, and the parameters it binds are the ones its header declares.
    func testStatementsAndParameters() throws {
        let f = try ReportFixture(samples: false)
        for file in ReportRegistry.files {
            let body = Self.stripCommentsAndStrings(file.sql).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(body.filter { $0 == ";" }.count, 1, "\(file.fileName): one statement")
            XCTAssertTrue(body.hasSuffix(";"), file.fileName)
            let stmt = try f.db.prepare(file.sql)
            XCTAssertTrue(stmt.isReadOnly, file.fileName)
            let used = Set((0..<stmt.parameterCount).compactMap { stmt.parameterName($0 + 1) }.map { String($0.dropFirst()) })
            XCTAssertEqual(used, Set(file.parameters.map(\.name) + file.flags.map(QueryFile.parameter(flag:))),
                           "\(file.fileName): parameters used vs declared")
            XCTAssertFalse(file.description.isEmpty)
        }
    }

    /// The reports must stay indexed: no full scan of a big table, per-node lookups through
    /// both columns of their index. (Without ANALYZE statistics SQLite plans the same way for
    /// a small and a huge database, so an empty one shows the plan a 1M-node one gets.)
    func testQueryPlansUseIndexes() throws {
        let f = try ReportFixture(samples: false)
        for file in ReportRegistry.files {
            let plan = try f.db.prepare("EXPLAIN QUERY PLAN " + file.sql).rows { $0.value(3).description }
            for line in plan {
                for table in ["nodes", "edges", "events", "types", "frames"] {
                    XCTAssertFalse(line.hasPrefix("SCAN \(table)") || line.contains("SCAN \(table) "),
                                   "\(file.fileName): full scan: \(line)\n\(plan.joined(separator: "\n"))")
                }
                XCTAssertFalse(line.contains("AUTOMATIC") && (line.contains("nodes") || line.contains("edges")),
                               "\(file.fileName): \(line)")
            }
        }
        func plan(_ name: String) throws -> [String] {
            try f.db.prepare("EXPLAIN QUERY PLAN " + ReportRegistry.query(name).sql).rows { $0.value(3).description }
        }
        XCTAssertEqual(try plan("walk-readers"), ["SEARCH edges USING PRIMARY KEY (snapshot_id=? AND src_attribute=?)"])
        XCTAssertTrue(try plan("node-info").contains("SEARCH n USING INDEX nodes_by_attribute (snapshot_id=? AND attribute=?)"))
        XCTAssertEqual(try plan("walk-edges"), ["SEARCH edges USING PRIMARY KEY (snapshot_id=?)"])
    }

    func testHeaderParsing() throws {
        let file = try QueryFile(fileName: "x.sql", text: """
            -- name: demo
            -- summary: a demo
            -- description: what it does: with a colon
            -- params: run (required), snapshot (optional), from
            -- by: rule
            -- needs: profile
            -- A remark: not a key, it has spaces.
            SELECT :run, :snapshot, :from;
            """)
        XCTAssertEqual(file.name, "demo")
        XCTAssertEqual(file.description, "what it does: with a colon")
        XCTAssertEqual(file.required, ["run", "from"])
        XCTAssertEqual(file.optional, ["snapshot"])
        XCTAssertEqual(file.usage, "--run R [--snapshot S] --from S1 --by rule")
        XCTAssertTrue(file.needsProfile)
        XCTAssertFalse(file.isInternal)
        XCTAssertThrowsError(try QueryFile(fileName: "y.sql", text: "-- name: y\n-- descripton: typo\nSELECT 1;")) {
            XCTAssertEqual("\($0)", "Queries/y.sql: unknown header key 'descripton'")
        }
        let flagged = try QueryFile(fileName: "f.sql", text: "-- name: f\n-- description: d\n-- params: trace\n-- flags: app-only\nSELECT :trace, :app_only;")
        XCTAssertEqual(flagged.flags, ["app-only"])
        XCTAssertEqual(flagged.usage, "--trace T [--app-only]")
        XCTAssertThrowsError(try QueryFile(fileName: "z.sql", text: "-- description: d\nSELECT 1;")) { XCTAssertEqual("\($0)", "Queries/z.sql: no '-- name:' header") }
        XCTAssertThrowsError(try QueryFile(fileName: "w.sql", text: "-- name: w\n-- description: d\n-- params: run (maybe)\nSELECT 1;")) { XCTAssertEqual("\($0)", "Queries/w.sql: cannot read parameter 'run (maybe)'") }
    }

    /// A header is read by bytes where its lines are ASCII: the same pairs as reading every
    /// line as text (`headerLine`), for every file of Queries/ and lines of other spaces.
    func testHeadersReadByBytesAreHeadersReadAsText() throws {
        var texts = EmbeddedQueries.all.map(\.text)
        texts.append("--\u{A0}name: s\u{3000}\n  -- description:\u{2003}d é\u{A0}\n\t--by: rule\t\n--  \n\nSELECT 1;")
        texts.append("-- name: n\n-- description: d\n-- summary: é: e\n-- (u: a remark)\nSELECT 1;\n-- by: after the statement")
        for text in texts {
            var expected: [String: String] = [:]
            lines: for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                switch QueryFile.headerLine(line) {
                case .blank, .comment: continue
                case .end: break lines
                case .entry(let key, let value): expected[key] = value
                }
            }
            XCTAssertEqual(try QueryFile.header(of: text, fileName: "x.sql").dictionary, expected, text)
            // The header's values are split by bytes as they were by Character.
            for value in expected.values {
                for separator: Unicode.Scalar in [",", " ", "="] {
                    XCTAssertEqual(Substring(value).fields(separator), Substring(value).split(separator: Character(separator)), value)
                }
            }
        }
        for value in ["a,,b, c", ",x,", "é,\u{301}x", "a ,\u{301} b", "", ","] {
            XCTAssertEqual(Substring(value).fields(","), Substring(value).split(separator: ","), value)
        }
        let spaced = try QueryFile(fileName: "s.sql", text: texts[texts.count - 2])
        XCTAssertEqual([spaced.name, spaced.description, spaced.by], ["s", "d é", "rule"])
    }

    static func stripCommentsAndStrings(_ sql: String) -> String {
        var out = ""
        var chars = sql.makeIterator()
        var pending: Character?
        func next() -> Character? {
            if let p = pending { pending = nil; return p }
            return chars.next()
        }
        while let c = next() {
            if c == "-" {
                if let d = next() {
                    if d == "-" {
                        while let e = next(), e != "\n" {}
                        out.append("\n")
                        continue
                    }
                    pending = d
                }
                out.append(c)
            } else if c == "'" {
                while let e = next(), e != "'" {}
                out.append("''")
            } else {
                out.append(c)
            }
        }
        return out
    }
}
