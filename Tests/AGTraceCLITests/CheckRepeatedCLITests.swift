import XCTest

/// `baseline --time --trace t1 t2 …` and `check --time --trace t1 t2 …` through the binary:
/// repeated recordings of one interaction (here the trip sample, its clock stretched a little
/// differently in each) written as one baseline with each recording's seconds, and judged by
/// the interval; what cannot be repeated recordings is refused as a usage error.
final class CheckRepeatedCLITests: CLITestCase {
    let trip = CLI.samples + "/traces/trip-taps.ag-trace"

    /// The trip trace with every timestamp times `factor`: each evaluation takes `factor` times
    /// as long (its events' fixed64 field 2, rewritten in place).
    private func stretched(_ factor: Double, _ name: String) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: trip)))
        func varint(_ i: inout Int) -> UInt64 {
            var v: UInt64 = 0, shift: UInt64 = 0
            while true {
                let b = bytes[i]; i += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
        }
        var i = 0
        while i < bytes.count {
            let key = varint(&i)
            switch key & 7 {
            case 0: _ = varint(&i)
            case 1: i += 8
            case 5: i += 4
            default:
                let length = Int(varint(&i))
                let end = i + length
                if key >> 3 == 1 {  // an event: scale its timestamp
                    var j = i
                    while j < end {
                        let field = varint(&j)
                        switch field & 7 {
                        case 0: _ = varint(&j)
                        case 1:
                            if field >> 3 == 2 {
                                var raw: UInt64 = 0
                                for k in 0..<8 { raw |= UInt64(bytes[j + k]) << (8 * UInt64(k)) }
                                let scaled = (Double(bitPattern: raw) * factor).bitPattern
                                for k in 0..<8 { bytes[j + k] = UInt8(truncatingIfNeeded: scaled >> (8 * UInt64(k))) }
                            }
                            j += 8
                        case 5: j += 4
                        default:
                            let length = Int(varint(&j))
                            j += length
                        }
                    }
                }
                i = end
            }
        }
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func recordings(_ prefix: String, _ factors: [Double]) throws -> [String] {
        try factors.enumerated().map { try stretched($1, "\(prefix)\($0 + 1).ag-trace") }
    }

    func testRepeatedRecordingsAreJudgedByTheInterval() throws {
        let noise = [1.0, 1.04, 0.97, 1.02, 0.99]
        let before = try recordings("before-", noise)
        let written = try runAgtrace(["baseline", "--time", "--trace"] + before + ["-o", "b.json"], status: 0)
        XCTAssertTrue(written.stdout.hasPrefix("wrote b.json: trace 'before-1' and 4 more recordings keyed by rule, 3 rules, 9 updates"), written.stdout)
        let file = try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8)
        XCTAssertTrue(file.contains("\"TextRule\": {\"updates\": 3, \"self_seconds\": 0.0068359375, \"self_seconds_each\": [0.0068359375, "), file)

        // The same noise again: no key slower.
        let same = try recordings("same-", noise.reversed())
        let pass = try runAgtrace(["check", "--baseline", "b.json", "--time", "--trace"] + same, status: 0)
        XCTAssertTrue(pass.stdout.hasPrefix("PASS: no regressions in 3 rules"), pass.stdout)
        XCTAssertTrue(pass.stdout.contains("medians of 5 + 5 recordings"), pass.stdout)

        // Every evaluation 30% slower: every key and the total, with the interval and p.
        let after = try recordings("after-", noise.map { $0 * 1.3 })
        let fail = try runAgtrace(["check", "--baseline", "b.json", "--time", "--trace"] + after, status: 1)
        XCTAssertTrue(fail.stdout.hasPrefix("FAIL: 3 of 3 rules regressed (3 slower)"), fail.stdout)
        XCTAssertTrue(fail.stdout.contains("6.84 ms           8.89 ms          +30.0% x1.30 in [1.24, 1.37], p 0.008 slower\n"), fail.stdout)

        // One recording against the five: the tolerance on the median, as for one each.
        let one = try runAgtrace(["check", "--baseline", "b.json", "--time", "--trace", after[0]], status: 1)
        XCTAssertFalse(one.stdout.contains(" in ["), one.stdout)
    }

    func testWhatCannotBeRepeatedRecordingsIsAUsageError() throws {
        let two = try recordings("r", [1, 1.1])
        // A word with no input option is no recording, as before.
        let stray = try runAgtrace(["check", "--baseline", "b.json", two[0]], status: 2)
        XCTAssertTrue(stray.stderr.hasPrefix("agtrace check: error: unexpected argument '\(two[0])' (the input is given with --transcript,"), stray.stderr)
        // Files and labels mixed.
        let mixed = try runAgtrace(["baseline", "--trace", two[0], "trip", "-o", "b.json"], status: 2)
        XCTAssertTrue(mixed.stderr.contains("--trace \(two[0]) is a file, but 'trip' is none (a label?): give repeated recordings as files or as labels, not both"), mixed.stderr)
        // More than one input option.
        let named = try runAgtrace(["baseline", "--transcript", CLI.samples + "/ci/tap-stepper.lldb.log", "--archive", CLI.samples + "/ci/planner-a.ag-json",
                                    two[1], "--key", "view", "-o", "b.json"], status: 2)
        XCTAssertTrue(named.stderr.contains("more recordings ('\(two[1])') are repeated recordings of one input: give one option with them (--trace t1 t2 t3), not --archive and --transcript"), named.stderr)
        // The same file twice is one recording given twice.
        let twice = try runAgtrace(["baseline", "--trace", two[0], two[0], "-o", "b.json"], status: 1)
        XCTAssertTrue(twice.stderr.contains("the same bytes were given twice"), twice.stderr)
    }
}
