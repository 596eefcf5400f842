import Foundation
import XCTest
@testable import AGTraceKit

/// `export perfetto`: the output is parsed as the Perfetto UI would read it and checked for
/// what a viewer relies on: slices on one thread nest, every flow start has its end on an
/// existing slice, timestamps never go backwards on a thread, and the counts match the run.
final class PerfettoExportTests: XCTestCase {
    func export(_ f: ReportFixture, run: String, snapshot: String? = nil) throws -> [[String: Any]] {
        let timeline = try RunTimeline.make(in: f.db, run: try LabelLookup.runId(run, in: f.db), label: run,
                                            snapshot: try snapshot.map { try LabelLookup.snapshotId($0, in: f.db) })
        let sink = StringSink()
        try PerfettoExport.write(timeline, to: sink)
        return try PerfettoCheck.events(sink.text)
    }

    func testTripFrameInfoNamedBySnapshot() throws {
        let f = try ReportFixture()
        _ = try Importer(database: f.db).importFile(ReportFixture.sampleArchives.appendingPathComponent("transcripts/trip-frame-info.lldb.log").path)
        let events = try export(f, run: "trip-frame-info", snapshot: "trip-1-before")
        try PerfettoCheck.wellFormed(events)
        let slices = events.filter { $0["ph"] as? String == "X" }
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "update" }.count, 8)   // the run's update hits
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "write" }.count, 4)    // its invalidate hits
        XCTAssertEqual(events.filter { $0["ph"] as? String == "i" }.count, 4)
        let process = events.first { $0["name"] as? String == "process_name" }
        XCTAssertEqual((process?["args"] as? [String: Any])?["name"] as? String,
                       "run trip-frame-info (time: breakpoint hit order, 1 µs per hit)")
        // Hit order is the clock: the update hit with seq 7 (3152) is at 7 µs.
        let body = slices.first { ($0["args"] as? [String: Any])?["seq"] as? Int == 7 }
        XCTAssertEqual(body?["name"] as? String, "Trip")  // named by its view
        XCTAssertEqual(body?["ts"] as? Int, 7)
        XCTAssertEqual(body?["dur"] as? Int, 1)
        XCTAssertEqual((body?["args"] as? [String: Any])?["attribute"] as? Int, 3152)
        XCTAssertEqual((body?["args"] as? [String: Any])?["rule"] as? String, "DynamicBody<ViewBodyAccessor<Trip>>")
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "write" }.map { $0["name"] as? String },
                       ["write 3032 (Trip)", "write 3096 (Trip)", "write 3096 (Trip)", "write 3124 (Trip)"])
        // Arrows: each write to the updates it caused (RunCauses): 3032 -> 3152, 3216 (seq 15,
        // 16); both 3096 writes -> 3152, 3216 (seq 21, 22); 3124 -> 3152 (seq 25).
        var flowStarts: [Int: Int] = [:], flowEnds: [Int: Int] = [:]
        for e in events {
            if e["ph"] as? String == "s" { flowStarts[e["id"] as! Int] = e["ts"] as? Int }
            if e["ph"] as? String == "f" { flowEnds[e["id"] as! Int] = e["ts"] as? Int }
        }
        let arrows = flowStarts.keys.sorted().map { "\(flowStarts[$0]!)->\(flowEnds[$0]!)" }.sorted()
        XCTAssertEqual(arrows, ["13->15", "13->16", "17->21", "17->22", "19->21", "19->22", "23->25"])
    }

    func testUnnamedWithoutSnapshotAndHostileLabels() throws {
        let f = try ReportFixture(samples: false)
        let hostile = "</script><img src=x onerror=alert(1)>\"\\\u{2028}\u{1}"
        try f.run(hostile, [(.update, 8, nil), (.invalidate, 4, nil), (.update, nil, nil)])
        try f.archive("s", ArchiveJSON.document([
            ArchiveJSON.Graph(id: 1, types: [hostile, "B"], nodes: [(8, hostile, 0, nil), (4, "B", 0, nil)], edges: [(4, 8, nil, 0)]),
        ]))
        let plain = try export(f, run: hostile)
        try PerfettoCheck.wellFormed(plain)
        XCTAssertEqual(plain.filter { $0["ph"] as? String == "X" }.compactMap { $0["name"] as? String },
                       ["update 8", "write 4", "update (attribute not read)"])
        let named = try export(f, run: hostile, snapshot: "s")
        try PerfettoCheck.wellFormed(named)
        XCTAssertEqual(named.filter { $0["ph"] as? String == "X" }.first?["name"] as? String, hostile)
        XCTAssertTrue((named.first { $0["name"] as? String == "process_name" }?["args"] as? [String: Any])?["name"]
            .map { "\($0)".contains(hostile) } ?? false)
    }

    func testThreadsAndFlowsInAHandMadeTimeline() throws {
        var t = Timeline(process: "p", clock: .engine)
        t.threads = [1: "main", 2: "other"]
        t.slices = [
            .init(name: "graph update", category: "update", thread: 1, start: 10, duration: 100, args: []),
            .init(name: "inner", category: "update", thread: 1, start: 20, duration: 30, args: []),
            .init(name: "write", category: "write", thread: 2, start: 5, duration: 1, args: []),
            .init(name: "innermost", category: "update", thread: 1, start: 20, duration: 10, args: []),
        ]
        t.instants = [.init(name: "changed", category: "value", thread: 1, time: 25, args: [])]
        t.addFlow(from: 2, to: 1)
        t.addFlow(from: 2, to: 3)
        let sink = StringSink()
        try PerfettoExport.write(t, to: sink)
        let events = try PerfettoCheck.events(sink.text)
        try PerfettoCheck.wellFormed(events)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "s" }.count, 2)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "f" }.count, 2)
        // Enclosing slices come first at one time, so viewers nest them.
        XCTAssertEqual(events.filter { $0["ph"] as? String == "X" && $0["tid"] as? Int == 1 }.compactMap { $0["name"] as? String },
                       ["graph update", "inner", "innermost"])
        // Broken timelines are caught by the checker.
        var bad = t
        bad.slices.append(.init(name: "overlap", category: "update", thread: 1, start: 40, duration: 100, args: []))
        let badSink = StringSink()
        try PerfettoExport.write(bad, to: badSink)
        XCTAssertThrowsError(try PerfettoCheck.wellFormed(try PerfettoCheck.events(badSink.text))) { XCTAssertEqual("\($0)", "slice [40000, 140000) on thread 1 overlaps its parent ending at 50000") }
    }
}

/// What a trace viewer relies on, checked on parsed trace-event JSON.
enum PerfettoCheck {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static func events(_ text: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        guard let events = object?["traceEvents"] as? [[String: Any]] else { throw Failure(description: "no traceEvents array") }
        return events
    }

    static func wellFormed(_ events: [[String: Any]]) throws {
        // Times in whole nanoseconds, as a viewer stores them.
        func ns(_ v: Any?) -> Int64? { (v as? NSNumber).map { Int64(($0.doubleValue * 1000).rounded()) } }
        var lastTime: [Int: Int64] = [:]
        var slices: [Int: [(start: Int64, end: Int64)]] = [:]
        var starts: [Int: (tid: Int, ts: Int64)] = [:], ends: [Int: (tid: Int, ts: Int64)] = [:]
        for e in events {
            guard let ph = e["ph"] as? String, e["pid"] is Int, let tid = e["tid"] as? Int else {
                throw Failure(description: "event without ph/pid/tid: \(e)")
            }
            if ph == "M" { continue }
            guard let ts = ns(e["ts"]) else { throw Failure(description: "no ts: \(e)") }
            if let last = lastTime[tid], ts < last { throw Failure(description: "time goes back on thread \(tid): \(e)") }
            lastTime[tid] = ts
            switch ph {
            case "X":
                guard let dur = ns(e["dur"]), dur >= 0, e["name"] is String else {
                    throw Failure(description: "slice without dur or name: \(e)")
                }
                slices[tid, default: []].append((ts, ts + dur))
            case "s", "f":
                guard let id = e["id"] as? Int else { throw Failure(description: "flow without id: \(e)") }
                if ph == "s" { starts[id] = (tid, ts) } else {
                    guard e["bp"] as? String == "e" else { throw Failure(description: "flow end not bound to its enclosing slice: \(e)") }
                    ends[id] = (tid, ts)
                }
            case "i":
                guard e["s"] as? String == "t" else { throw Failure(description: "instant not thread-scoped: \(e)") }
            default:
                throw Failure(description: "unexpected phase \(ph)")
            }
        }
        // Nesting: on each thread, two slices are disjoint or one holds the other.
        for (tid, list) in slices {
            var stack: [Int64] = []
            for s in list {
                while let top = stack.last, top <= s.start { stack.removeLast() }
                if let top = stack.last, s.end > top {
                    throw Failure(description: "slice [\(s.start), \(s.end)) on thread \(tid) overlaps its parent ending at \(top)")
                }
                stack.append(s.end)
            }
        }
        func onSlice(_ p: (tid: Int, ts: Int64)) -> Bool {
            (slices[p.tid] ?? []).contains { $0.start <= p.ts && p.ts < $0.end }
        }
        guard Set(starts.keys) == Set(ends.keys) else { throw Failure(description: "flow starts and ends do not pair") }
        for (id, s) in starts {
            guard onSlice(s), onSlice(ends[id]!) else { throw Failure(description: "flow \(id) is not on slices at both ends") }
        }
    }
}

/// `export perfetto --trace`: the engine's nesting, its clock (or file order without one),
/// writes, value sets, and arrows from each write to the evaluations it caused.
final class PerfettoTraceTests: XCTestCase {
    func export(_ f: ReportFixture, _ label: String) throws -> [[String: Any]] {
        let timeline = try TraceSlices.make(in: f.db, trace: try LabelLookup.traceId(label, in: f.db), label: label)
        let sink = StringSink()
        try PerfettoExport.write(timeline, to: sink)
        return try PerfettoCheck.events(sink.text)
    }

    func importTrace(_ f: ReportFixture, _ path: String, label: String? = nil) throws {
        _ = try Importer(database: f.db).importFile(path, options: ImportOptions(label: label))
    }

    func testSampleTraceWithTheEnginesClock() throws {
        let f = try ReportFixture(samples: false)
        try importTrace(f, ReportFixture.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path)
        let events = try export(f, "trip-taps")
        try PerfettoCheck.wellFormed(events)
        let slices = events.filter { $0["ph"] as? String == "X" }
        let evaluations = try f.db.scalar("SELECT count(*) FROM trace_updates WHERE trace_id = 1")?.intValue
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "update" }.count, Int(evaluations ?? -1))
        let writes = try f.db.scalar("SELECT count(*) FROM trace_writes WHERE trace_id = 1")?.intValue
        XCTAssertEqual(slices.filter { $0["cat"] as? String == "write" }.count, Int(writes ?? -1))
        let caused = try f.db.scalar("SELECT count(*) FROM trace_updates WHERE trace_id = 1 AND cause_seq IS NOT NULL")?.intValue
        XCTAssertEqual(events.filter { $0["ph"] as? String == "f" }.count, Int(caused ?? -1))
        XCTAssertGreaterThan(caused ?? 0, 0)
        // Nested as the engine nested them: a graph update holds a subgraph update holds a node update holds the rule's run.
        XCTAssertEqual(Array(slices.prefix(4).compactMap { $0["cat"] as? String }), ["graph", "subgraph", "node", "update"])
        XCTAssertTrue(events.contains { $0["ph"] as? String == "i" && $0["cat"] as? String == "value" })
        let process = events.first { $0["name"] as? String == "process_name" }
        XCTAssertEqual((process?["args"] as? [String: Any])?["name"] as? String, "trace trip-taps (time: the engine's timestamps)")
    }

    func testRealTracesWithoutAClockUseFileOrder() throws {
        let trip = try TestPaths.sharedFile("real-traces/trip.ag-trace")
        let f = try ReportFixture(samples: false)
        try importTrace(f, trip, label: "trip")
        let events = try export(f, "trip")
        try PerfettoCheck.wellFormed(events)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "update" }.count, 12)  // README: 12 evaluations
        XCTAssertEqual(events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "write" }.count, 3)
        XCTAssertEqual(events.filter { $0["ph"] as? String == "f" }.count, 9)  // each write caused its three evaluations
        let process = events.first { $0["name"] as? String == "process_name" }
        XCTAssertTrue(((process?["args"] as? [String: Any])?["name"] as? String)?.contains("event order") ?? false)
    }

    /// A value set carries no time of its own: it is drawn between the timed events around it
    /// (inside the evaluation that set it), not at the time of the event before it.
    func testUntimedEventsAreNotDrawnAtAnEarlierEventsTime() throws {
        let f = try ReportFixture(samples: false)
        try importTrace(f, ReportFixture.sampleArchives.appendingPathComponent("traces/trip-taps.ag-trace").path)
        let events = try export(f, "trip-taps")
        try PerfettoCheck.wellFormed(events)
        func ts(_ e: [String: Any]) -> Double { (e["ts"] as? NSNumber)?.doubleValue ?? -1 }
        // The first build's body (1048, seq 17-22) sets its value at seq 21, with no timestamp.
        let body = try XCTUnwrap(events.first { $0["ph"] as? String == "X" && ($0["args"] as? [String: Any])?["seq"] as? Int == 17 })
        let set = try XCTUnwrap(events.first { $0["cat"] as? String == "value" && ($0["args"] as? [String: Any])?["seq"] as? Int == 21 })
        XCTAssertGreaterThan(ts(set), ts(body), "not at the body's begin, the event before it with a time")
        XCTAssertLessThan(ts(set), ts(body) + ((body["dur"] as? NSNumber)?.doubleValue ?? 0))
        XCTAssertEqual((set["args"] as? [String: Any])?["time"] as? String, "not in the trace: drawn between seq 17 and seq 22")
        // Every value set lies strictly after the timed event before it.
        let sets = events.filter { $0["cat"] as? String == "value" }
        XCTAssertEqual(sets.count, 5, "three in the first build, one per write")
        XCTAssertTrue(sets.allSatisfy { ($0["args"] as? [String: Any])?["time"] is String })
    }

    /// Whole-second timestamps time nothing even when they differ: the axis is event order, and
    /// the timeline itself says so (its process name and an instant at its start).
    func testWholeSecondTracesSayTheAxisIsEventOrder() throws {
        func event(_ type: UInt8, _ seconds: UInt8, _ p1: [UInt8] = [], _ p2: UInt8? = nil) -> [UInt8] {
            var body: [UInt8] = [0x08, type, 0x10] + [seconds | 0x80, 0x07]  // 906 = 0x38A, 907 = 0x38B as varints
            if !p1.isEmpty { body += [0x18] + p1 }
            if let p2 { body += [0x20, p2] }
            return [0x0A, UInt8(body.count)] + body
        }
        let bytes = event(1, 0x0A) + event(7, 0x0A, [0x98, 0x08]) + event(8, 0x0B, [0x98, 0x08], 1) + event(2, 0x0B)
        let f = try ReportFixture(samples: false)
        let path = f.directory.appendingPathComponent("whole.ag-trace").path
        FileManager.default.createTestFile(atPath: path, contents: Data(bytes))
        try importTrace(f, path, label: "whole")
        XCTAssertEqual(try f.db.textRows("SELECT first_timestamp, last_timestamp, clock FROM traces"), [["906.0", "907.0", "whole seconds"]])
        let events = try export(f, "whole")
        try PerfettoCheck.wellFormed(events)
        let process = events.first { $0["name"] as? String == "process_name" }
        XCTAssertEqual((process?["args"] as? [String: Any])?["name"] as? String,
                       "trace whole (time: event order, 1 µs per event; the trace's timestamps are whole seconds, too coarse to time with)")
        XCTAssertTrue(events.contains { $0["ph"] as? String == "i" && ($0["name"] as? String)?.hasPrefix("time axis: event order") == true })
        let slice = try XCTUnwrap(events.first { $0["ph"] as? String == "X" })
        XCTAssertEqual((slice["dur"] as? NSNumber)?.doubleValue, 2, "one µs per event (seq 2 to 3), not a second")
    }
}
