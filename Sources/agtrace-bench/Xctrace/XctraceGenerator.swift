import Foundation

/// Counts of a generated export, printed to stderr and kept beside it.
struct XctraceCounts: CountsFile {
    var rows = 0, bodyUpdates = 0, durationSum = 0, bytes = 0
    var seconds = 0.0

    var listed: [(key: String, value: Int)] { [("rows", rows), ("body_updates", bodyUpdates), ("duration_sum", durationSum)] }
}

/// Writes an `xctrace export` of a `swiftui-updates` table (Xcode 27's 18 columns) shaped like a
/// real one: rows of an app's body updates frame after frame, each value given an id where first
/// written and a ref afterwards (threads, processes, strings, hierarchies repeat; start times and
/// most durations do not), sentinels for the empty cells, until the file holds `bytes` bytes.
enum XctraceGenerator {
    static let columns: [(String, String)] = [
        ("start", "start-time"), ("duration", "duration"), ("id", "uint64"), ("update-type", "string"), ("allocations", "uint64"),
        ("description", "string"), ("category", "string"), ("view-hierarchy", "string"), ("module", "string"),
        ("view-name", "string"), ("process", "process"), ("thread", "thread"), ("root-causes", "string"), ("severity", "string"),
        ("downstream-cost", "duration"), ("downstream-events", "uint64"), ("cause-graph-node", "uint64"), ("full-cause-graph-node", "uint64"),
    ]

    static func run(bytes target: Int, seed: UInt64, output: String) throws -> XctraceCounts {
        let started = Date()
        var counts = XctraceCounts()
        var rng = SeededRandom(keys: seed, 0x58)
        let sink = try FileSink(path: output)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        var written = 0
        func emit(_ s: String) { out.append(contentsOf: s.utf8) }
        func flush() throws {
            try out.withUnsafeBytes { try sink.write($0) }
            written += out.count
            out.removeAll(keepingCapacity: true)
        }
        let views = (0..<400).map { "Feature\($0 % 40)Row\($0)" }
        let hierarchies = (0..<400).map { "ContentView ← NavigationStack ← List ← Section\($0 % 9) ← Feature\($0 % 40)Row\($0)" }
        var nextId = 1
        var ids: [String: Int] = [:]
        func value(_ tag: String, _ text: String, fmt: String? = nil, dedupe: Bool = true) -> String {
            let key = tag + "\u{1}" + text
            if dedupe, let id = ids[key] { return "<\(tag) ref=\"\(id)\"/>" }
            let id = nextId
            nextId += 1
            if dedupe { ids[key] = id }
            return "<\(tag) id=\"\(id)\" fmt=\"\(fmt ?? text)\">\(text)</\(tag)>"
        }
        emit("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[14]'><schema name=\"swiftui-updates\">")
        for (m, t) in columns { emit("<col><mnemonic>\(m)</mnemonic><name>\(m)</name><engineering-type>\(t)</engineering-type></col>") }
        emit("</schema>\n")
        var processId = 0
        var time = 100_000_000
        var first = true
        while written + out.count < target - 64 {
            let v = Int(rng.within(0...399))
            let body = rng.within(0...9) < 8
            let duration = Int(rng.within(20...900)) * 1000
            time += duration + Int(rng.within(1...50)) * 1000
            counts.rows += 1
            if body { counts.bodyUpdates += 1 }
            counts.durationSum += duration
            var row = "<row>"
            row += value("start-time", "\(time)", fmt: "00:00.\(time / 1_000_000)", dedupe: false)
            row += value("duration", "\(duration)", fmt: "\(duration / 1000) µs")
            row += value("uint64", "\(counts.rows)", dedupe: false)
            row += value("string", body ? "View Body Updates" : "Other Updates")
            row += counts.rows % 3 == 0 ? value("uint64", "\(counts.rows % 17)") : "<sentinel/>"
            row += value("string", body ? views[v] + ".body" : "DynamicContainerInfo&lt;DynamicLayoutViewAdaptor&gt;")
            row += value("string", "Update")
            row += value("string", hierarchies[v])
            row += value("string", body ? "FeedApp" : "SwiftUI")
            row += value("string", v % 5 == 0 ? "[unknown view: created before tracing started?]" : views[v])
            if first {
                processId = nextId
                row += "<process id=\"\(processId)\" fmt=\"FeedApp (4242)\"><pid id=\"\(processId + 1)\" fmt=\"4242\">4242</pid></process>"
                row += "<thread id=\"\(processId + 2)\" fmt=\"Main Thread 0x1 (FeedApp, pid: 4242)\"><tid id=\"\(processId + 3)\" fmt=\"0x1\">1</tid><process ref=\"\(processId)\"/></thread>"
                nextId += 4
                first = false
            } else {
                row += "<process ref=\"\(processId)\"/><thread ref=\"\(processId + 2)\"/>"
            }
            row += "<sentinel/>"
            row += value("string", duration > 500_000 ? "High" : "Low")
            row += value("duration", "\(duration / 3)", fmt: "\(duration / 3000) µs")
            row += value("uint64", "\(v % 7)")
            row += value("uint64", "\(v)")
            row += value("uint64", "18446744073709551615", fmt: "0xffffffffffffffff")
            row += "</row>\n"
            emit(row)
            if out.count >= 1 << 20 { try flush() }
        }
        emit("</node></trace-query-result>\n")
        try flush()
        counts.bytes = try sink.close()
        counts.seconds = Date().timeIntervalSince(started)
        return counts
    }
}
