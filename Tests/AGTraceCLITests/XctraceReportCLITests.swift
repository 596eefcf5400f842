import Foundation
import XCTest

/// The same answers over Instruments recordings, through the built binary, on the project's
/// samples (SampleArchives/xctrace, written by Scripts/make-sample-xctrace.py): `report updates
/// --by view`, `check --xctrace DIR` and `report hitches` give the numbers the script computed
/// (expected.json).
final class XctraceReportCLITests: CLITestCase {
    let folder = CLI.samples + "/xctrace"

    struct Expected: Decodable {
        struct View: Decodable { var count: Int; var duration_ns: Int64; var is_app: Bool }
        struct Window: Decodable { var start_ns: Int64; var duration_ns: Int64; var body_updates_by_view: [String: View] }
        struct Recording: Decodable { var body_updates_by_view: [String: View]; var hitches: [Window]?; var hangs: [Window]? }
        var recordings: [String: Recording]
    }

    func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/expected.json")))
    }

    func json(_ args: [String]) throws -> [[String: Any]] {
        let r = try CLI.run(args + ["--db", db, "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]], r.stdout)
    }

    func importSamples() throws {
        for name in ["feed-before", "feed-after", "updates-xcode26.xml", "updates-xcode27.xml.gz"] {
            let r = try CLI.run(["import", "--db", db, folder + "/" + name])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
    }

    func testUpdatesByViewGiveTheScriptsNumbers() throws {
        try importSamples()
        for (label, recording) in try expected().recordings {
            let rows = try json(["report", "updates", "--xctrace", label, "--by", "view"])
            let body = rows.filter { ($0["body_updates"] as? Int ?? 0) > 0 }
            XCTAssertEqual(Set(body.map { $0["view"] as! String }), Set(recording.body_updates_by_view.keys), label)
            for row in body {
                let view = row["view"] as! String, want = try XCTUnwrap(recording.body_updates_by_view[view])
                XCTAssertEqual(row["body_updates"] as? Int, want.count, "\(label) \(view)")
                // Every update of these views is a body update: the own seconds are the body updates'.
                XCTAssertEqual(row["updates"] as? Int, want.count, "\(label) \(view)")
                XCTAssertEqual(try XCTUnwrap(row["own_seconds"] as? Double), Double(want.duration_ns) / 1e9, accuracy: 1e-12, "\(label) \(view)")
            }
            let app = try json(["report", "updates", "--xctrace", label, "--by", "view", "--app-only"])
                .filter { ($0["body_updates"] as? Int ?? 0) > 0 }
            XCTAssertEqual(Set(app.map { $0["view"] as! String }),
                           Set(recording.body_updates_by_view.filter(\.value.is_app).keys), label)
        }
    }

    func testHitchesGiveTheScriptsNumbers() throws {
        try importSamples()
        for (label, recording) in try expected().recordings where recording.hitches != nil {
            let rows = try json(["report", "hitches", "--xctrace", label])
            for (kind, windows) in [("hitch", recording.hitches ?? []), ("hang", recording.hangs ?? [])] {
                let ofKind = rows.filter { $0["kind"] as? String == kind }
                XCTAssertEqual(Set(ofKind.map { $0["position"] as! Int }).count, windows.count, "\(label) \(kind)")
                for window in windows {
                    let start = Double(window.start_ns) / 1e9
                    let inside = ofKind.filter { abs(($0["start_seconds"] as! Double) - start) < 1e-12 && ($0["body_updates"] as? Int ?? 0) > 0 }
                    XCTAssertEqual(Set(inside.map { $0["view"] as! String }), Set(window.body_updates_by_view.keys), "\(label) \(kind) at \(start)")
                    for row in inside {
                        let view = row["view"] as! String, want = try XCTUnwrap(window.body_updates_by_view[view])
                        XCTAssertEqual(row["body_updates"] as? Int, want.count, "\(label) \(kind) \(view)")
                        XCTAssertEqual(try XCTUnwrap(row["own_seconds"] as? Double), Double(want.duration_ns) / 1e9, accuracy: 1e-12,
                                       "\(label) \(kind) \(view)")
                        let share = try XCTUnwrap(row["share"] as? Double)
                        XCTAssertTrue(share > 0 && share <= 1, "\(label) \(kind) \(view): \(share)")
                    }
                }
            }
        }
    }

    /// check --xctrace DIR (a folder of exports, imported privately): the counts of the same
    /// interaction hold; FeedRow's own time grew, and --time fails on it alone.
    func testCheckFoldersOfExports() throws {
        let baseline = dir.appendingPathComponent("feed.json").path
        let write = try CLI.run(["baseline", "--xctrace", folder + "/feed-before", "--time", "-o", baseline])
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertTrue(write.stdout.contains("recording 'feed-before' keyed by view, 4 views, 320 updates"), write.stdout)
        let counts = try CLI.run(["check", "--baseline", baseline, "--xctrace", folder + "/feed-after"])
        XCTAssertEqual(counts.status, 0, counts.stdout + counts.stderr)
        XCTAssertTrue(counts.stdout.hasPrefix("PASS: no regressions in 4 views"), counts.stdout)
        let time = try CLI.run(["check", "--baseline", baseline, "--xctrace", folder + "/feed-after", "--time", "--format", "json"])
        XCTAssertEqual(time.status, 1, time.stdout + time.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(time.stdout.utf8)) as? [String: Any])
        let regressions = try XCTUnwrap(report["regressions"] as? [[String: Any]], time.stdout)
        XCTAssertEqual(regressions.map { $0["key"] as? String }, ["FeedRow"])
    }

    func testWhyAndExportsOverARecording() throws {
        try importSamples()
        let why = try json(["why", "--view", "FeedRow", "--xctrace", "feed-after"])
        XCTAssertFalse(why.isEmpty)
        XCTAssertTrue(why.allSatisfy { ($0["destination"] as? String)?.hasPrefix("FeedRow") == true }, "\(why.prefix(3))")
        let refused = try CLI.run(["why", "12", "--xctrace", "feed-after", "--db", db])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        let perfetto = try CLI.run(["export", "perfetto", "--xctrace", "feed-after", "--db", db])
        XCTAssertEqual(perfetto.status, 0, perfetto.stderr)
        let events = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(perfetto.stdout.utf8)) as? [String: Any])?["traceEvents"] as? [[String: Any]])
        XCTAssertEqual(events.filter { $0["cat"] as? String == "hitch" }.count, 2)
        XCTAssertEqual(events.filter { $0["cat"] as? String == "hang" }.count, 1)
        XCTAssertGreaterThan(events.filter { $0["ph"] as? String == "f" }.count, 0)
        let html = try CLI.run(["export", "html", "--xctrace", "feed-after", "--db", db])
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertTrue(html.stdout.contains("Instruments recording"))
    }
}
