import Foundation
import XCTest

/// The lldb recorder for real: a small C++ program whose functions carry the engine's names
/// (prefix IAG, mangled as the real ones), run under `lldb --batch` with the script that
/// `agtrace lldb-script` writes and `agtrace record`; the file imported and reported.
final class RecorderCLITests: CLITestCase {
    /// The engine's functions, not inlined, and a known pattern of calls (comments give the
    /// events each step must record).
    static let program = StandInEngine.declarations + #"""
    #include <thread>

    namespace IAG {
    __attribute__((noinline)) void Graph::propagate_dirty(AttributeID attribute) { work += attribute._value; }
    __attribute__((noinline)) uint32_t Graph::update_attribute(data::ptr<Node> node, unsigned int options) {
        work += node._offset;
        return options;
    }
    __attribute__((noinline)) void Graph::add_input(data::ptr<Node> node, AttributeID input, bool, unsigned char) {
        work += node._offset ^ input._value;
    }
    }  // namespace IAG

    static IAG::Graph graph;

    extern "C" __attribute__((noinline)) void IAGGraphInvalidateValue(uint32_t attribute) {
        graph.propagate_dirty({attribute});
    }

    // Writes a one-node archive where the real engine would (the temporary directory).
    extern "C" __attribute__((noinline)) void IAGGraphArchiveJSON(const char *name) {
        const char *dir = getenv("TMPDIR");
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir ? dir : "/tmp", name);
        FILE *f = fopen(path, "w");
        if (!f) return;
        fputs("{\"version\": 2, \"graphs\": [{\"id\": 1, \"types\": [{\"id\": 1, \"name\": \"External<()>\", "
              "\"value\": \"()\"}], \"nodes\": [{\"id\": 3032, \"type\": 0}], \"edges\": []}]}\n", f);
        fclose(f);
        printf("Wrote graph data to \"%s\".\n", path);
        fflush(stdout);
    }

    extern "C" __attribute__((noinline)) void checkpoint() {}

    // No argument: returns 0. `trap`: a Swift-style trap before the last rule run (the process
    // dies of it, calling no exit()); `fail`: exit(3) there instead.
    int main(int argc, char **argv) {
        bool trap = argc > 1 && argv[1][0] == 't', fail = argc > 1 && argv[1][0] == 'f';
        // Edges: 3152 reads 800, 3032 and 3096; 3216 and 3256 read 3152.
        graph.add_input({3152}, {800}, false, 0);
        graph.add_input({3152}, {3032}, false, 0);
        graph.add_input({3152}, {3096}, false, 0);
        graph.add_input({3216}, {3152}, false, 0);
        graph.add_input({3256}, {3152}, false, 0);
        // Three writes: nights, city, nights. Each invalidates (and so propagates), then rules rerun.
        IAGGraphInvalidateValue(3032);
        graph.update_attribute({3152}, 0);
        graph.update_attribute({3216}, 0);
        graph.update_attribute({3256}, 0);
        IAGGraphInvalidateValue(3096);
        graph.update_attribute({3152}, 0);
        graph.update_attribute({3216}, 0);
        IAGGraphInvalidateValue(3032);
        graph.update_attribute({3152}, 0);
        graph.update_attribute({3216}, 0);
        graph.update_attribute({3256}, 0);
        if (trap) __builtin_trap();
        if (fail) exit(3);
        // One rule run on a second thread.
        std::thread worker([] { graph.update_attribute({3256}, 1); });
        worker.join();
        checkpoint();
        printf("work %llu\n", (unsigned long long)graph.work);
        return 0;
    }
    """#

    struct Expected {
        var thread: Int
        var kind: String
        var symbol: String
        var attribute: String
        var input: String
    }

    static let expected: [Expected] = {
        func e(_ kind: String, _ attribute: Int, _ input: Int? = nil, thread: Int = 1) -> Expected {
            let symbol = ["invalidate": "IAGGraphInvalidateValue", "propagate_dirty": "IAG::Graph::propagate_dirty",
                          "update": "IAG::Graph::update_attribute", "add_input": "IAG::Graph::add_input"][kind]!
            return Expected(thread: thread, kind: kind, symbol: symbol, attribute: String(attribute),
                            input: input.map(String.init) ?? "-")
        }
        return [
            e("add_input", 3152, 800), e("add_input", 3152, 3032), e("add_input", 3152, 3096),
            e("add_input", 3216, 3152), e("add_input", 3256, 3152),
            e("invalidate", 3032), e("propagate_dirty", 3032), e("update", 3152), e("update", 3216), e("update", 3256),
            e("invalidate", 3096), e("propagate_dirty", 3096), e("update", 3152), e("update", 3216),
            e("invalidate", 3032), e("propagate_dirty", 3032), e("update", 3152), e("update", 3216), e("update", 3256),
            e("update", 3256, thread: 2),
        ]
    }()

    /// Compiles `program` into `dir/engine` (-O0 -g, nothing inlined).
    func buildEngine(_ tools: LLDBToolchain) throws -> URL {
        try tools.compile(Self.program, name: "engine", in: dir, flags: ["-O0", "-g", "-fno-inline", "-pthread"])
    }

    /// The toolchain, the engine built and the recorder written to `recorder.py`.
    func engineAndRecorder() throws -> (LLDBToolchain, URL, URL) {
        let tools = try LLDBToolchain.require()
        let binary = try buildEngine(tools)
        let script = dir.appendingPathComponent("recorder.py")
        XCTAssertEqual(try CLI.run(["lldb-script", "-o", script.path]).status, 0)
        return (tools, binary, script)
    }

    /// The engine launched with `argument` under lldb, its update and invalidate hits recorded
    /// into `recording` with no `--stop` (`onCrash`: lldb's `-k` commands); returns lldb's output
    /// and the recording's text ("" when none was written).
    func recordUnstopped(_ tools: LLDBToolchain, _ binary: URL, script: URL, argument: String, into recording: URL,
                         onCrash: [String] = []) -> (output: String, text: String) {
        let session = tools.session(script: script, binary: binary, [
            "agtrace record --kinds update,invalidate --output \(recording.path)",
            "process launch -- \(argument)",
        ], onCrash: onCrash, directory: dir)
        return (session.output, (try? String(contentsOf: recording, encoding: .utf8)) ?? "")
    }

    func testRecordsTheEngineFromLLDBAndImports() throws {
        let tools = try LLDBToolchain.require()
        let binary = try buildEngine(tools)

        // The script as a user with only the binary gets it.
        let script = dir.appendingPathComponent("agtrace_lldb.py")
        let written = try CLI.run(["lldb-script", "--output", script.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stderr.contains("command script import \(script.path)"), written.stderr)

        let recording = dir.appendingPathComponent("tap.lldb")
        let session = tools.session(script: script, binary: binary, [
            "agtrace record --output \(recording.path)",
            "breakpoint set -n checkpoint",
            "run",
            "agtrace record --status",
            "agtrace record --stop --dump tap.ag-json",
            "agtrace record --status",
        ], directory: dir, tmpInDirectory: true)
        XCTAssertEqual(session.status, 0, session.output)
        XCTAssertFalse(session.output.contains("error:"), session.output)
        XCTAssertTrue(session.output.contains(
            "agtrace: recording invalidate, propagate_dirty, update, add_input (IAG engine, x86_64) to \(recording.path)")
            || session.output.contains("(IAG engine, arm64)"), session.output)
        XCTAssertTrue(session.output.contains(
            "20 hits (invalidate 3, propagate_dirty 3, update 9, add_input 5)"), session.output)
        XCTAssertTrue(session.output.contains("agtrace: stopped: 20 hits"), session.output)
        XCTAssertTrue(session.output.contains("agtrace: not recording"), session.output)
        XCTAssertTrue(session.output.contains("IAGGraphArchiveJSON wrote \(dir.path)/tap.ag-json (found on this machine)"),
                      session.output)

        // The file, line by line.
        let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.hasPrefix("agtrace-lldb-record 1 prefix=IAG arch="), true, lines.first ?? "")
        XCTAssertEqual(lines.first?.hasSuffix(" clock=monotonic_ns kinds=invalidate,propagate_dirty,update,add_input"), true)
        XCTAssertEqual(lines.count, Self.expected.count + 2, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.last?.hasPrefix("stop ") == true && lines.last?.hasSuffix(" hits=20") == true, lines.last ?? "")
        var previous: UInt64 = 0
        for (line, want) in zip(lines.dropFirst().dropLast(), Self.expected) {
            let f = line.split(separator: " ").map(String.init)
            XCTAssertEqual(f.count, 6, line)
            guard f.count == 6, let time = UInt64(f[0]) else { continue }
            XCTAssertGreaterThanOrEqual(time, previous, "time goes forward: \(line)")
            previous = time
            XCTAssertEqual(Array(f[1...]), [String(want.thread), want.kind, want.symbol, want.attribute, want.input], line)
        }

        // Imported: a run with every event in order, times kept; the dump beside it.
        let imported = try CLI.run(["import", recording.path, "--db", db])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout.hasPrefix(
            "imported tap (transcript): events 20, skipped lines 0, incomplete hits 0, stopped in "), true, imported.stdout)
        XCTAssertEqual(imported.stderr, "")
        let ended = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT complete, end_reason FROM runs"])
        XCTAssertEqual(ended.stdout, "complete,end_reason\n1,stopped\n")
        let events = try CLI.run(["query", "--db", db, "--format", "csv", """
            SELECT seq, thread, kind, symbol, coalesce(attribute, '-'), coalesce(input_attribute, '-'), time_ns
            FROM events ORDER BY seq
            """])
        XCTAssertEqual(events.status, 0, events.stderr)
        let rows = events.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(rows.count, Self.expected.count)
        for (k, (row, want)) in zip(rows, Self.expected).enumerated() {
            XCTAssertEqual(Array(row.prefix(6)), [String(k + 1), String(want.thread), want.kind, want.symbol,
                                                  want.attribute, want.input])
            let f = lines[k + 1].split(separator: " ")
            XCTAssertEqual(row.last, String(f[0]), "time_ns is the file's time")
        }

        // The push walks: each write marks 3152, 3216, 3256; 3, 2 and 3 + 1 (the thread) rules
        // ran after it, all of them marked ones (so all explained by the write).
        let walks = try CLI.run(["report", "dirty-walks", "--run", "tap", "--db", db, "--format", "csv"])
        XCTAssertEqual(walks.status, 0, walks.stderr)
        XCTAssertEqual(walks.stdout, "seq,root,marked,updates,reran,line\n6,3032,3,3,3,7\n11,3096,3,2,2,12\n15,3032,3,4,4,16\n")

        // Perfetto: the hits on the recorder's clock, µs from the first hit (update and
        // invalidate hits only: 12 slices).
        let perfetto = try CLI.run(["export", "perfetto", "--run", "tap", "--db", db])
        XCTAssertEqual(perfetto.status, 0, perfetto.stderr)
        let trace = try JSONSerialization.jsonObject(with: Data(perfetto.stdout.utf8)) as? [String: Any]
        let slices = (trace?["traceEvents"] as? [[String: Any]] ?? []).filter { $0["ph"] as? String == "X" }
        let times = lines.dropFirst().dropLast().map { UInt64($0.split(separator: " ")[0])! }
        var wanted: [Int: Double] = [:]
        for (k, want) in Self.expected.enumerated() where want.kind == "update" || want.kind == "invalidate" {
            wanted[k + 1] = Double(times[k] - times[0]) / 1000
        }
        XCTAssertEqual(slices.count, 12)
        for slice in slices {
            guard let seq = (slice["args"] as? [String: Any])?["seq"] as? Int, let ts = (slice["ts"] as? NSNumber)?.doubleValue else {
                XCTFail("slice without seq or ts: \(slice)")
                continue
            }
            XCTAssertEqual(ts, wanted[seq] ?? -1, accuracy: 0.001, "seq \(seq)")
        }

        // The dump shares the recording's name: its label 'tap' is taken by the run, so it is
        // refused (never a 'tap-2'), and imported under a label of its own.
        let taken = try CLI.run(["import", dir.appendingPathComponent("tap.ag-json").path, "--db", db])
        XCTAssertEqual(taken.status, 1, taken.stderr)
        XCTAssertTrue(taken.stderr.contains("the label 'tap' (from the file's name) is taken by run 'tap'"), taken.stderr)
        let dump = try CLI.run(["import", "--label", "tap-dump", dir.appendingPathComponent("tap.ag-json").path, "--db", db])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertTrue(dump.stdout.contains("graphs 1, nodes 1, edges 0"), dump.stdout)
    }

    /// Sessions that end without `--stop`: the app returns from main (exit status 0: the
    /// recorder's breakpoint on exit() writes the `exit` line, a complete recording), calls
    /// exit(3) (failed), or dies of a trap (no exit() is called: `cut: no stop line`). The last two
    /// are refused by `check` and `baseline`.
    func testARecordingNotStoppedEndsWithTheAppsExitOrIsCut() throws {
        let (tools, binary, script) = try engineAndRecorder()
        for (argument, events, reason, complete) in [("", 12, "exited 0", 1), ("fail", 11, "exited 3", 0),
                                                     ("trap", 11, "cut: no stop line", 0)] {
            let name = argument.isEmpty ? "returns" : argument
            let recording = dir.appendingPathComponent(name + ".lldb")
            let (output, text) = recordUnstopped(tools, binary, script: script, argument: argument, into: recording)
            XCTAssertTrue(output.contains("agtrace: recording invalidate, update (IAG engine"), output)
            XCTAssertFalse(text.contains("\nstop "), text)
            XCTAssertEqual(text.contains("\nexit "), argument != "trap", text)
            let imported = try CLI.run(["import", recording.path, "--db", db])
            XCTAssertEqual(imported.status, 0, imported.stderr)
            XCTAssertTrue(imported.stdout.contains("events \(events), skipped lines 0, incomplete hits 0, \(reason) in "), "\(name): \(imported.stdout)")
            let ended = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT complete, end_reason FROM runs WHERE label = '\(name)'"])
            XCTAssertEqual(ended.stdout, "complete,end_reason\n\(complete),\(reason)\n", name)
            // The gate: a complete recording is counted; the others are refused, exit 3.
            // (`fail` and `trap` print the program's output before the end: nothing of it is in the file.)
            let baseline = try CLI.run(["baseline", "--transcript", recording.path, "--output", dir.appendingPathComponent(name + ".json").path])
            XCTAssertEqual(baseline.status, complete == 1 ? 0 : 3, "\(name): \(baseline.stderr)")
            if complete == 0 {
                XCTAssertTrue(baseline.stderr.contains("did not end normally (\(reason))"), baseline.stderr)
            }
        }
    }

    /// `agtrace record --stop` after the app crashed (lldb's `-k`, run on a crash): the file
    /// gets a `crash` line before its `stop` line, and is refused as crashed, not complete.
    func testStoppingAfterACrashIsACrash() throws {
        let (tools, binary, script) = try engineAndRecorder()
        let recording = dir.appendingPathComponent("trapped.lldb")
        let (output, text) = recordUnstopped(tools, binary, script: script, argument: "trap", into: recording,
                                             onCrash: ["agtrace record --stop"])
        XCTAssertTrue(output.contains("agtrace: the app is stopped by a crash ("), output)
        XCTAssertTrue(text.contains("\ncrash ") && text.contains("\nstop "), text)
        let imported = try CLI.run(["import", recording.path, "--db", db])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("events 11, skipped lines 0, incomplete hits 0, crashed: "), imported.stdout)
        let baseline = try CLI.run(["baseline", "--transcript", recording.path, "--output", dir.appendingPathComponent("t.json").path])
        XCTAssertEqual(baseline.status, 3, baseline.stderr)
        XCTAssertTrue(baseline.stderr.contains("did not end normally (crashed: "), baseline.stderr)
    }

    func testTheEmbeddedScriptIsTheRepositorysFile() throws {
        let result = try CLI.run(["lldb-script"])
        XCTAssertEqual(result.status, 0)
        let file = CLI.packageRoot.appendingPathComponent("lldb/agtrace_lldb.py")
        XCTAssertEqual(result.stdout, try String(contentsOf: file, encoding: .utf8))
        XCTAssertEqual(try CLI.run(["lldb-script", "extra"]).status, 2)
    }
}
