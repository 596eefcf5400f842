import Foundation
import XCTest
@testable import AGTraceKit

/// Shared helpers of the breakpoint-transcript tests.
enum BreakpointFixtures {
    static var sampleTranscripts: URL { TestPaths.sampleArchives.appendingPathComponent("transcripts") }
    static let sampleNames = ["trip-frame-info.lldb.log", "trip-interactive.lldb.log", "trip-bt-registers.lldb.log",
                              "trip-expressions.lldb.log", "trip-log-message.txt", "trip-mixed.lldb.log"]
    static func sampleBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: sampleTranscripts.appendingPathComponent(name)))
    }

    /// What lldb echoes for `breakpoint set -n FUNCTION -G true COMMANDS` on Apple's
    /// AttributeGraph, and its answer: breakpoint `number` at address `number` * 0x1000.
    static func appleBreakpoint(_ number: Int, _ function: String, _ commands: String) -> String {
        let signatures = [
            "AG::Graph::update_attribute": "(AG::data::ptr<AG::Node>, unsigned int)",
            "AG::Graph::propagate_dirty": "(AG::AttributeID)",
            "AG::Graph::add_input": "(AG::data::ptr<AG::Node>, AG::AttributeID, bool, unsigned char)",
        ]
        let address = String(number * 0x1000, radix: 16)
        return """
            (lldb) breakpoint set -n \(function) -G true \(commands)
            Breakpoint \(number): where = AttributeGraph`\(function)\(signatures[function] ?? ""), \
            address = 0x\(String(repeating: "0", count: 16 - address.count))\(address)

            """
    }

    /// Echoed `p/d`-style commands, each with the `(unsigned int) VALUE` lldb prints.
    static func printed(_ values: (command: String, value: Int)...) -> String {
        values.map { "(lldb)  \($0.command)\n(unsigned int) \($0.value)\n" }.joined()
    }

    /// Echoed hits of the shape `-C "bt 1" -C "register read REG"`: for each, `bt 1` and then
    /// `backtrace` (lldb's lines for it, each ending in a newline; none when empty), and the
    /// register as lldb shows it (its name right-aligned in 8 columns, 8 hex digits).
    static func registerHits(_ hits: [(register: String, value: Int)], backtrace: String = "") -> String {
        hits.map { hit in
            let hex = String(hit.value, radix: 16)
            return "(lldb)  bt 1\n" + backtrace + "(lldb)  register read \(hit.register)\n"
                + String(repeating: " ", count: max(0, 8 - hit.register.count)) + hit.register
                + " = 0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex + "\n"
        }.joined()
    }

    /// An x86-64 session on `agdriver` (the IAG engine) up to `(lldb) run`: auto-continuing
    /// breakpoints 1 to 4 on invalidate, propagate_dirty, update_attribute and add_input, each
    /// with its `-C` commands (e.g. `-C "p/d $edi"`), and lldb's answers.
    static func agdriverSession(invalidate: String, propagateDirty: String, update: String, addInput: String) -> String {
        """
        (lldb) breakpoint set -n IAGGraphInvalidateValue -G true \(invalidate)
        Breakpoint 1: where = agdriver`::IAGGraphInvalidateValue(IAGAttribute) + 11 at IAGGraph.cpp:614:42, address = 0x000000000006753b
        (lldb) breakpoint set -n IAG::Graph::propagate_dirty -G true \(propagateDirty)
        Breakpoint 2: where = agdriver`IAG::Graph::propagate_dirty(IAG::AttributeID) + 29 at Graph.cpp:1688:19, address = 0x0000000000051c0d
        (lldb) breakpoint set -n IAG::Graph::update_attribute -G true \(update)
        Breakpoint 3: where = agdriver`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int) + 32 at Graph.cpp:1150:11, address = 0x0000000000054090
        (lldb) breakpoint set -n IAG::Graph::add_input -G true \(addInput)
        Breakpoint 4: where = agdriver`IAG::Graph::add_input(IAG::data::ptr<IAG::Node>, IAG::AttributeID, bool, unsigned char) + 44 at Graph.cpp:634:33, address = 0x000000000005003c
        (lldb) run

        """
    }
}

struct ParsedTranscript {
    var events: [BreakpointEvent]
    var summary: TranscriptSummary

    init(events: [BreakpointEvent], summary: TranscriptSummary) {
        self.events = events
        self.summary = summary
    }

    init(_ text: String, path: String = "test.lldb.log") throws {
        try self.init(bytes: Array(text.utf8), path: path)
    }

    init(bytes: [UInt8], path: String = "test.lldb.log") throws {
        var sink = CollectingSink()
        summary = try TranscriptReader(source: MemorySource(bytes), path: path).read(into: &sink)
        events = sink.events
    }

    init(file: URL) throws {
        var sink = CollectingSink()
        summary = try TranscriptReader(source: FileSource(path: file.path), path: file.path).read(into: &sink)
        events = sink.events
    }

    func count(_ kind: EventKind) -> Int { events.filter { $0.kind == kind }.count }

    /// Hits per attribute for one kind, e.g. `[792: 3, 760: 1]`.
    func perAttribute(_ kind: EventKind) -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for event in events where event.kind == kind {
            if let attribute = event.attribute { counts[attribute, default: 0] += 1 }
        }
        return counts
    }

    /// `add_input` edges as "input->reader", in order.
    var edges: [String] {
        events.filter { $0.kind == .addInput }.map { "\($0.inputAttribute.map(String.init) ?? "nil")->\($0.attribute.map(String.init) ?? "nil")" }
    }

    var kindCounts: [EventKind: Int] {
        var counts: [EventKind: Int] = [:]
        for event in events { counts[event.kind, default: 0] += 1 }
        return counts
    }

    var dump: String {
        events.map { "\($0.seq) L\($0.line) \($0.kind.rawValue) \($0.symbol) bp=\($0.breakpoint ?? "-") t=\($0.thread.map(String.init) ?? "-") a=\($0.attribute.map(String.init) ?? "nil") i=\($0.inputAttribute.map(String.init) ?? "-") frames=\($0.frames.count)" }
            .joined(separator: "\n") + "\nsummary: \(summary)"
    }
}
