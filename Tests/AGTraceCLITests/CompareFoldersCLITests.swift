import Foundation
import XCTest

/// `compare` given folders, as every command reads them (`DirectoryWalk`): a folder of
/// Instruments exports is one recording, any other folder its files; files of one name in two
/// folders never take each other's label; a console's unchanged body runs are compared.
final class CompareFoldersCLITests: CLITestCase {
    let before = CLI.samples + "/xctrace/feed-before"
    let after = CLI.samples + "/xctrace/feed-after"

    /// compare through the binary, its private database in the test's folder.
    func compare(_ args: [String], status: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        let r = try CLI.run(["compare"] + args, environment: ["TMPDIR": dir.path], directory: dir)
        XCTAssertEqual(r.status, status, "compare \(args.joined(separator: " ")):\n\(r.stderr)", file: file, line: line)
        return r
    }

    func testInstrumentsFoldersAreOneRecordingEach() throws {
        for args in [[before, after], ["--a", before, "--b", after]] {
            let r = try compare(args + ["--format", "csv"], status: 0)
            XCTAssertTrue(r.stderr.contains("read \(before): tables 6, rows 537, toc tables 8, files 7"), r.stderr)
            XCTAssertTrue(r.stderr.contains("read \(after): tables 6, rows 537, toc tables 8, files 7"), r.stderr)
            XCTAssertFalse(r.stderr.contains("is taken"), r.stderr)
            XCTAssertTrue(r.stdout.contains("\nFeedRow,120,120,0,0,"), r.stdout)
            XCTAssertTrue(r.stdout.contains("\n(total),320,320,0,0,"), r.stdout)
            XCTAssertTrue(r.stderr.contains("one recording each"), r.stderr)
        }
    }

    /// Five Instruments folders a side, each an export of the sample with its durations scaled
    /// a little (no two alike): the group statistics, and FeedRow (3x slower in feed-after) slower.
    func testFiveInstrumentsFoldersASideGiveTheStatistics() throws {
        func copies(of folder: String, side: String) throws -> [String] {
            try (0..<5).map { i in
                let copy = dir.appendingPathComponent("\(side)/run\(i)")
                try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                    var text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                    if name == "swiftui-updates.xml" { text = Self.scalingDurations(text, by: 1 + 0.01 * Double(i)) }
                    try text.write(to: copy.appendingPathComponent(name), atomically: false, encoding: .utf8)
                }
                return copy.path
            }
        }
        let a = try copies(of: before, side: "a"), b = try copies(of: after, side: "b")
        let r = try compare(["--a"] + a + ["--b"] + b + ["--format", "csv"], status: 0)
        XCTAssertTrue(r.stdout.hasPrefix("view,a_evaluations,b_evaluations,"), r.stdout)
        XCTAssertTrue(r.stdout.contains(",p_value,time_verdict\n"), r.stdout)
        let feedRow = r.stdout.split(separator: "\n").first { $0.hasPrefix("FeedRow,") }.map(String.init) ?? ""
        XCTAssertTrue(feedRow.hasSuffix(",slower"), r.stdout)
        XCTAssertFalse(r.stderr.contains("one recording"), r.stderr)
        XCTAssertFalse(r.stderr.contains("is taken"), r.stderr)
        // The parent of the five is the five (each folder of exports one recording).
        let parents = try compare(["--a", dir.appendingPathComponent("a").path, "--b", dir.appendingPathComponent("b").path, "--format", "csv"],
                                  status: 0)
        XCTAssertEqual(parents.stdout, r.stdout)
    }

    /// Every `<duration>` of an export times `factor`.
    static func scalingDurations(_ text: String, by factor: Double) -> String {
        var out = ""
        var rest = Substring(text)
        while let close = rest.range(of: "</duration>") {
            let head = rest[..<close.lowerBound]
            if let open = head.lastIndex(of: ">"), let value = Int(head[head.index(after: open)...]) {
                out += head[...open] + String(Int((Double(value) * factor).rounded()))
            } else {
                out += head
            }
            out += "</duration>"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// base/r0…r4 and slow/r0…r4: ten recordings, two of each file name.
    func testTwoFoldersOfTheSameNames() throws {
        let base = try TraceFolders.write(in: dir.appendingPathComponent("base"), count: 5, seed: 1, scale: 1.0)
        let slow = try TraceFolders.write(in: dir.appendingPathComponent("slow"), count: 5, seed: 2, scale: 1.3)
        let r = try compare(["--a", base, "--b", slow, "--format", "csv"], status: 0)
        XCTAssertFalse(r.stderr.contains("is taken"), r.stderr)
        XCTAssertTrue(r.stderr.contains("read \(base)/r0.ag-trace: ") && r.stderr.contains("read \(slow)/r0.ag-trace: "), r.stderr)
        XCTAssertTrue(r.stdout.contains("\n(total),12,12,0,0,0,0,same,"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix(",slower\n"), "30% slower, 5 recordings a side: \(r.stdout)")
        // A message that names a recording names its path (the cut sample, in a folder).
        let cut = dir.appendingPathComponent("cut")
        try FileManager.default.createDirectory(at: cut, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.samples + "/traces/feed-select-cut.ag-trace",
                                         toPath: cut.appendingPathComponent("feed-select.ag-trace").path)
        let doubt = try compare([CLI.samples + "/traces/feed-select.ag-trace", cut.path], status: 0)
        XCTAssertTrue(doubt.stderr.contains("'\(cut.path)/feed-select.ag-trace' did not end normally"), doubt.stderr)
        // check reads a folder by the same rule: its files are repeated recordings.
        let baseline = dir.appendingPathComponent("b.json").path
        let written = try CLI.run(["baseline", "--trace", base, "--output", baseline], environment: ["TMPDIR": dir.path], directory: dir)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue((written.stdout + written.stderr).contains("and 4 more recordings"), written.stdout + written.stderr)
        let checked = try CLI.run(["check", "--baseline", baseline, "--trace", slow], environment: ["TMPDIR": dir.path], directory: dir)
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertFalse(checked.stderr.contains("is taken"), checked.stderr)
    }

    /// A folder's file that is no recording (a README) is passed over, as `import DIR` skips it.
    func testAFolderFileThatIsNoRecordingIsPassedOver() throws {
        let base = try TraceFolders.write(in: dir.appendingPathComponent("base"), count: 2, seed: 1, scale: 1.0)
        try "notes".write(toFile: base + "/README.md", atomically: false, encoding: .utf8)
        let r = try compare(["--a", base, "--b", base, "--format", "csv"], status: 0)
        XCTAssertTrue(r.stderr.contains("\(base)/README.md: passed over: "), r.stderr)
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try compare(["--a", base, "--b", empty.path], status: 1)
        XCTAssertTrue(none.stderr.contains("\(empty.path) (B): a folder with no recordings"), none.stderr)
    }

    func testConsoleUnchangedRunsAreCompared() throws {
        let a = dir.appendingPathComponent("a.log").path, b = dir.appendingPathComponent("b.log").path
        try "FeedView: @self changed.\nFeedRow: unchanged.\nFeedRow: unchanged.\nFeedRow: @self changed.\n"
            .write(toFile: a, atomically: false, encoding: .utf8)
        try "FeedView: @self changed.\nFeedRow: unchanged.\nFeedRow: unchanged.\nFeedRow: unchanged.\nFeedRow: unchanged.\nFeedRow: @self changed.\n"
            .write(toFile: b, atomically: false, encoding: .utf8)
        let r = try compare([a, b, "--format", "csv"], status: 0)
        XCTAssertEqual(r.stdout, """
            view,a_evaluations,b_evaluations,delta,delta_pct,a_unchanged,b_unchanged,evaluations_verdict,a_self_seconds,b_self_seconds,self_delta_seconds,a_total_seconds,b_total_seconds,ratio,time_verdict
            FeedRow,3,5,2,0.6666666666666666,2,4,more,,,,,,,
            FeedView,1,1,0,0,0,0,same,,,,,,,
            (total),4,6,2,0.5,2,4,more,,,,,,,

            """)
        // The same numbers `report updates --console` gives.
        XCTAssertEqual(try CLI.run(["import", "--db", db, b], directory: dir).status, 0)
        let report = try runAgtrace(["report", "updates", "--console", "b", "--db", db, "--format", "csv"], status: 0)
        XCTAssertTrue(report.stdout.contains("FeedRow,5,1,4"), report.stdout)
    }
}

/// Small traces of one interaction in the wire format (docs/formats.md#traces, fixed64
/// timestamps): ListView's and RowView's bodies, a TextRule and a DisplayListRule, each run 3
/// times for its µs times `scale`, ±10% drawn from a seeded generator, so no two files are alike.
enum TraceFolders {
    static let rules = ["StaticBody<ViewBodyAccessor<ListView>, MainThreadFlags>",
                        "StaticBody<ViewBodyAccessor<RowView>, MainThreadFlags>", "TextRule", "DisplayListRule"]
    static let micros: [Double] = [120, 100, 80, 60]

    /// `count` traces `prefix0.ag-trace`… in `folder` (made); returns its path.
    static func write(in folder: URL, count: Int, seed: UInt64, scale: Double, prefix: String = "r") throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func noise() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 2001) / 10000 - 0.1
        }
        for i in 0..<count {
            try Data(trace(scale: scale, noise: noise)).write(to: folder.appendingPathComponent("\(prefix)\(i).ag-trace"))
        }
        return folder.path
    }

    static func trace(scale: Double, noise: () -> Double) -> [UInt8] {
        var out: [UInt8] = []
        var clock = 1000.0
        func event(_ type: UInt64, _ p: [UInt64] = [], time: Double? = nil) {
            var body = field(1, type)
            if let time { body += key(2, 1) + (0..<8).map { UInt8(truncatingIfNeeded: time.bitPattern >> (8 * $0)) } }
            for (f, v) in zip([UInt64(3), 4, 5], p) where v != 0 { body += field(f, v) }
            out += bytes(1, body)
        }
        event(32, [4])
        event(1, time: clock)
        event(35, [7, 4])
        for i in rules.indices { event(39, [UInt64(1048 + 64 * i), 7, UInt64(i + 1)]) }
        for _ in 0..<3 {
            for i in rules.indices {
                let attribute = UInt64(1048 + 64 * i)
                clock += 1e-6
                event(7, [attribute], time: clock)
                clock += micros[i] * scale * (1 + noise()) * 1e-6
                event(8, [attribute, 1], time: clock)
            }
        }
        event(2, time: clock + 1e-6)
        for (i, rule) in rules.enumerated() {
            out += bytes(3, field(1, UInt64(i + 1)) + bytes(2, Array(rule.utf8)) + bytes(3, Array("Int".utf8)))
        }
        return out
    }

    static func varint(_ v: UInt64) -> [UInt8] {
        var out: [UInt8] = [], n = v
        while n >= 0x80 { out.append(UInt8(n & 0x7F) | 0x80); n >>= 7 }
        return out + [UInt8(n)]
    }

    static func key(_ f: UInt64, _ wire: UInt64) -> [UInt8] { varint(f << 3 | wire) }
    static func field(_ f: UInt64, _ v: UInt64) -> [UInt8] { key(f, 0) + varint(v) }
    static func bytes(_ f: UInt64, _ b: [UInt8]) -> [UInt8] { key(f, 2) + varint(UInt64(b.count)) + b }
}
