import Foundation
import XCTest

/// `agtrace record --cycles` for real: a small C++ "engine" with the engine's names (prefix
/// IAG) that finds a cycle twice and calls `IAG::Graph::print_cycle` each time, with a
/// stand-in `IAGGraphDescription` printing the update stack as `stack/text` (over a few
/// CoreFoundation names of its own, so that the recorder's expression is the one it runs
/// against Apple's engine) and `IAGGraphArchiveJSON`; run under `lldb --batch`, the file read
/// line by line and imported.
final class RecorderCycleCLITests: CLITestCase {
    static let program = StandInEngine.declarations + #"""
    #include <cstring>
    #include <string>

    // The rules: attribute, body type, value type, the attribute it reads (0: none). The frame
    // 1160 reads the body 1048, which is updating: a cycle through 1048.
    struct Rule { uint32_t attribute; const char *body; const char *value; uint32_t reads; };
    static const Rule rules[] = {
        {1000, "DisplayListRule", "Array<String>", 1048},
        {1048, "DynamicBody<ViewBodyAccessor<SheetContent>>", "ModifiedContent<GeometryReader<Text>, _FrameLayout>", 1088},
        {1088, "GeometryReaderLayout", "ViewGeometry", 1120},
        {1120, "PreferenceTransform<HeightKey, (CGFloat) -> CGFloat>", "CGFloat", 1160},
        {1160, "FrameLayoutRule", "ViewSize", 1048},
    };
    static const Rule *stack[16];
    static int depth = 0;
    static IAG::Graph graph;

    static const Rule *rule(uint32_t attribute) {
        for (const Rule &r : rules) if (r.attribute == attribute) return &r;
        return nullptr;
    }

    __attribute__((noinline)) void IAG::Graph::print_cycle(data::ptr<Node> node) {
        work += node._offset;
        printf("=== AttributeGraph: cycle detected through attribute %u ===\n", node._offset);
        fflush(stdout);
    }

    __attribute__((noinline)) uint32_t IAG::Graph::update_attribute(data::ptr<Node> node, unsigned int options) {
        for (int i = 0; i < depth; i++) {
            if (stack[i]->attribute == node._offset) { print_cycle(node); return 0; }
        }
        const Rule *r = rule(node._offset);
        stack[depth++] = r;
        if (r->reads) update_attribute({r->reads}, options);
        depth--;
        return 1;
    }

    // A few of CoreFoundation's names, enough for the recorder's expression: a string is a
    // C string, a dictionary holds one pair.
    struct Pair { const void *key; const void *value; };
    extern "C" {
    int kCFTypeDictionaryKeyCallBacks, kCFTypeDictionaryValueCallBacks;
    __attribute__((noinline)) const void *CFStringCreateWithCString(const void *, const char *text, unsigned int) { return strdup(text); }
    __attribute__((noinline)) const void *CFDictionaryCreate(const void *, const void **keys, const void **values, long n,
                                                             const void *, const void *) {
        Pair *p = (Pair *)malloc(sizeof(Pair));
        p->key = n > 0 ? keys[0] : nullptr;
        p->value = n > 0 ? values[0] : nullptr;
        return p;
    }
    __attribute__((noinline)) unsigned char CFStringGetCString(const void *s, char *buffer, long size, unsigned int) {
        snprintf(buffer, size, "%s", (const char *)s);
        return 1;
    }
    __attribute__((noinline)) void CFRelease(const void *p) { free((void *)p); }

    // The update stack, top first, as the engine's `stack/text` description prints it.
    __attribute__((noinline)) const void *IAGGraphDescription(const void *graph, const void *options) {
        const Pair *p = (const Pair *)options;
        if (graph || !p || strcmp((const char *)p->key, "format") || strcmp((const char *)p->value, "stack/text")) return nullptr;
        std::string out;
        char line[512];
        for (int i = depth - 1, k = 0; i >= 0; i--, k++) {
            snprintf(line, sizeof line, "  #%d: %u %s -> %s\n", k, stack[i]->attribute, stack[i]->body, stack[i]->value);
            out += line;
        }
        return strdup(out.c_str());
    }

    // A one-node archive, at the path given (absolute) or in the temporary directory.
    __attribute__((noinline)) void IAGGraphArchiveJSON(const char *name) {
        const char *dir = getenv("TMPDIR");
        char path[4096];
        if (name[0] == '/') snprintf(path, sizeof path, "%s", name);
        else snprintf(path, sizeof path, "%s/%s", dir ? dir : "/tmp", name);
        FILE *f = fopen(path, "w");
        if (!f) return;
        fprintf(f, "{\"version\": 2, \"graphs\": [{\"id\": 1, \"types\": [{\"id\": 1, \"name\": \"FrameLayoutRule\", "
                   "\"value\": \"ViewSize\"}], \"nodes\": [{\"id\": 1160, \"type\": 0}], \"edges\": []}]}\n");
        fclose(f);
        printf("Wrote graph data to \"%s\".\n", path);
        fflush(stdout);
    }
    }

    int main() {
        // Two passes, each entering the cycle once (the engine reports it at each).
        graph.update_attribute({1000}, 0);
        graph.update_attribute({1000}, 0);
        printf("work %llu\n", (unsigned long long)graph.work);
        return 0;
    }
    """#

    /// The stack at both cycles, as the recorder writes it.
    static let stack = [
        "#0: 1160 FrameLayoutRule -> ViewSize",
        "#1: 1120 PreferenceTransform<HeightKey, (CGFloat) -> CGFloat> -> CGFloat",
        "#2: 1088 GeometryReaderLayout -> ViewGeometry",
        "#3: 1048 DynamicBody<ViewBodyAccessor<SheetContent>> -> ModifiedContent<GeometryReader<Text>, _FrameLayout>",
        "#4: 1000 DisplayListRule -> Array<String>",
    ]

    /// `debugInfo: false`: no debug info, as Apple's framework has none (lldb then knows no
    /// prototype and no type of the CoreFoundation names: the recorder's casts must do).
    func buildEngine(_ tools: LLDBToolchain, debugInfo: Bool = true) throws -> URL {
        try tools.compile(Self.program, name: "cycles", in: dir, flags: ["-O0", debugInfo ? "-g" : "-g0", "-fno-inline"])
    }

    /// Records `binary` with `record` (the recorder's arguments); returns lldb's output.
    func record(_ tools: LLDBToolchain, _ binary: URL, _ record: String) throws -> String {
        let script = dir.appendingPathComponent("agtrace_lldb.py")
        if !FileManager.default.fileExists(atPath: script.path) {
            XCTAssertEqual(try CLI.run(["lldb-script", "--output", script.path]).status, 0)
        }
        let session = tools.session(script: script, binary: binary, ["breakpoint set -n main", "run", record, "continue"],
                                    directory: dir, tmpInDirectory: true)
        XCTAssertEqual(session.status, 0, session.output)
        XCTAssertFalse(session.output.contains("error:"), session.output)
        return session.output
    }

    func testTheFirstCycleGetsItsStackAndADumpBesideTheRecording() throws {
        let tools = try LLDBToolchain.require()
        let binary = try buildEngine(tools)
        let recording = dir.appendingPathComponent("sheet.lldb")
        let dump = dir.appendingPathComponent("sheet-cycle-1.ag-json").path
        let output = try record(tools, binary, "agtrace record --cycles --kinds update --output \(recording.path)")
        XCTAssertTrue(output.contains("agtrace: recording update, cycles (a stack and a dump at the first) (IAG engine, "), output)
        XCTAssertTrue(output.contains("agtrace: cycle 1 through attribute 1048, 5 frames, dump \(dump) (in \(recording.path))"), output)
        XCTAssertTrue(output.contains("agtrace: cycle 2 through attribute 1048 (in \(recording.path))"), output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dump), "the dump is beside the recording")

        // The file: the hits, the cycles between them, the stack after the first.
        let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.hasPrefix("agtrace-lldb-record 2 prefix=IAG arch="), true, lines.first ?? "")
        XCTAssertEqual(lines.first?.hasSuffix(" clock=monotonic_ns kinds=update cycles=first"), true, lines.first ?? "")
        let cycles = lines.filter { $0.hasPrefix("cycle ") }.map { $0.split(separator: " ").dropFirst(3).joined(separator: " ") }
        XCTAssertEqual(cycles, ["1 1048 \(dump)", "2 1048 -"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("cycle-stack ") }, Self.stack.map { "cycle-stack 1 " + $0 })
        XCTAssertEqual(lines.filter { $0.contains(" update ") }.count, 12, "6 rule runs a pass, the cycle's read included")
        XCTAssertTrue(lines.last?.hasPrefix("exit ") == true && lines.last?.hasSuffix(" status=0 hits=12") == true,
                      "lldb --batch ends with the app's exit (cycle lines are not hits): \(lines.last ?? "")")

        // Imported with its dump: the run's cycles, and the snapshot its path finds.
        let imported = try CLI.run(["import", recording.path, dump, "--db", db])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("imported sheet (transcript): events 12, skipped lines 0, incomplete hits 0, cycles 2, exited 0 in "),
                      imported.stdout)
        XCTAssertTrue(imported.stdout.contains("imported sheet-cycle-1 (archive)"), imported.stdout)
        let rows = try CLI.run(["query", "--db", db, "--format", "csv", """
            SELECT c.kind, c.owner_id = r.id AS owner, c.position, c.attribute, coalesce(c.level, '-') AS level, c.form, c.complete,
                   (SELECT s.label FROM snapshots s WHERE s.source = c.dump) AS dump
            FROM cycles c JOIN runs r ON r.label = 'sheet' ORDER BY c.id
            """])
        XCTAssertEqual(rows.stdout, """
            kind,owner,position,attribute,level,form,complete,dump
            run,1,1,1048,-,recorder,1,sheet-cycle-1
            run,1,2,1048,-,recorder,1,

            """, rows.stderr)
        let frames = try CLI.run(["query", "--db", db, "--format", "csv", """
            SELECT f.ordinal, f.attribute, f.name, coalesce(f.flags, '-'), coalesce(f.cyclic, '-'), coalesce(f.stack_index, '-')
            FROM cycle_frames f JOIN cycles c ON c.id = f.cycle_id ORDER BY c.id, f.ordinal
            """])
        XCTAssertEqual(frames.stdout.split(separator: "\n").dropFirst().map(String.init), [
            "0,1160,FrameLayoutRule,-,-,-",
            "1,1120,\"PreferenceTransform<HeightKey, (CGFloat) -> CGFloat>\",-,-,-",
            "2,1088,GeometryReaderLayout,-,-,-",
            "3,1048,DynamicBody<ViewBodyAccessor<SheetContent>>,-,-,-",
            "4,1000,DisplayListRule,-,-,-",
        ], frames.stderr)

        // `agtrace cycles --run` names the first report's frames by the dump the recorder took
        // there (no --snapshot needed): 1160 is the one node it holds; the rest, and the second
        // report's frames, by the recorder's own stack names.
        let listed = try CLI.run(["cycles", "--run", "sheet", "--db", db, "--format", "csv"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("1,run,sheet,1,1,1048,closed,1,,,1160,1,,,,FrameLayoutRule,,snapshot,1048,\n"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("1,run,sheet,1,1,1048,closed,1,,,1048,1,,,,DynamicBody<ViewBodyAccessor<SheetContent>>,SheetContent,recorder,1088,\n"),
                      listed.stdout)

        // The CI gate: the recording counted against its own baseline passes on counts, but its
        // two cycle reports fail --max-cycles 0 (exit 1), naming the view of the loop.
        let base = dir.appendingPathComponent("base.json").path
        XCTAssertEqual(try CLI.run(["baseline", "--transcript", recording.path, "--output", base]).status, 0)
        let gated = try CLI.run(["check", "--baseline", base, "--transcript", recording.path, "--max-cycles", "0"])
        XCTAssertEqual(gated.status, 1, gated.stdout + gated.stderr)
        XCTAssertTrue(gated.stdout.hasPrefix("FAIL: 2 cycle reports (through SheetContent), more than --max-cycles 0 allows; no regressions in "), gated.stdout)
        XCTAssertEqual(try CLI.run(["check", "--baseline", base, "--transcript", recording.path, "--max-cycles", "2"]).status, 0)

        // Deleting the run removes its cycles.
        XCTAssertEqual(try CLI.run(["delete", "sheet", "--db", db]).status, 0)
        let left = try CLI.run(["query", "--db", db, "--format", "csv", "SELECT (SELECT count(*) FROM cycles), (SELECT count(*) FROM cycle_frames)"])
        XCTAssertEqual(left.stdout.split(separator: "\n").last, "0,0")
    }

    func testEveryCycleWithEveryAndNoOtherKindsWithoutDebugInfo() throws {
        let tools = try LLDBToolchain.require()
        let binary = try buildEngine(tools, debugInfo: false)
        let recording = dir.appendingPathComponent("each.lldb")
        let output = try record(tools, binary, "agtrace record --cycles --every --kinds none --output \(recording.path)")
        XCTAssertTrue(output.contains("agtrace: recording cycles (a stack and a dump at each) (IAG engine, "), output)
        let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.hasSuffix(" kinds= cycles=every"), true, lines.first ?? "")
        XCTAssertEqual(lines.filter { $0.hasPrefix("cycle-stack ") }.count, 10)
        for k in 1...2 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("each-cycle-\(k).ag-json").path))
        }
        let imported = try CLI.run(["import", recording.path, "--db", db])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("events 0, skipped lines 0, incomplete hits 0, cycles 2, exited 0"), imported.stdout)
        let counts = try CLI.run(["query", "--db", db, "--format", "csv",
                                  "SELECT c.position, count(f.ordinal), c.dump IS NOT NULL FROM cycles c JOIN cycle_frames f ON f.cycle_id = c.id GROUP BY c.id"])
        XCTAssertEqual(counts.stdout.split(separator: "\n").dropFirst().map(String.init), ["1,5,1", "2,5,1"])
        // Mistakes the recorder refuses (one a session: lldb --batch stops at an error).
        for (mistake, refusal) in [("--every", "agtrace: --every goes with --cycles"),
                                   ("--kinds none", "agtrace: --kinds none goes with --cycles")] {
            let refused = tools.session(script: dir.appendingPathComponent("agtrace_lldb.py"), binary: nil,
                                        ["agtrace record \(mistake)"], directory: dir)
            XCTAssertTrue(refused.output.contains(refusal), refused.output)
        }
    }
}
