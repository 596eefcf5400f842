import Foundation
@testable import AGTraceKit

/// Random `xctrace export` documents in the shapes of docs/xctrace.md: tables of contents and
/// query results of known and unknown schemas, ids and refs (to earlier rows, into nested
/// elements, to ids never given, to the element around them), sentinels, entities good and
/// bad, both quotes, CDATA, comments, cells too many or too few, cut anywhere.
extension InputMutator {
    mutating func xctrace() -> [UInt8] {
        let schemas = ["potential-hangs", "swiftui-updates", "hitches", "time-profile", "something-new", ""]
        let mnemonics = ["start", "duration", "hang-type", "thread", "process", "update-type", "description", "module", "weight", "time", "x"]
        let tags = ["start-time", "duration", "string", "uint64", "thread", "process", "tid", "pid", "backtrace", "frame", "binary", "sentinel"]
        let texts = ["597113458", "0", "-1", "007", "18446744073709551615", "99999999999999999999", "Severe Hang", "a &amp; b", "&lt;", "&#65;",
                     "&#x1F600;", "&bogus;", "&", "", "FeedRow.body", "View Body Updates", "<![CDATA[<x>]]>", "Ünï"]
        var out = pick(["<?xml version=\"1.0\"?>\n", "<?xml version='1.0' encoding='utf-8'?>\n", "", "\u{FEFF}", "<!-- c -->\n"])
        if rng.chance(0.15) {
            out += "<trace-toc><run number=\"\(rng.int(0...3))\"><info><target><device name=\"d\" platform=\"macOS\" os-version=\"26\"/>"
            out += "<process name=\"App\" pid=\"\(pick(["1", "x", ""]))\"/></target><summary><duration>\(pick(["2.5", "x", ""]))</duration>"
            out += "<template-name>\(pick(["SwiftUI", "a &amp; b", "&x;"]))</template-name></summary></info><data>"
            for _ in 0..<rng.int(0...5) { out += "<table schema=\"\(pick(schemas))\" \(pick(["", "class='x'", "a=\"&quot;\""]))/>" }
            out += "</data></run></trace-toc>\n"
        } else {
            out += "<trace-query-result>\n<node xpath='//x'><schema name=\"\(pick(schemas))\">"
            let columns = rng.int(0...8)
            for _ in 0..<columns {
                out += "<col><mnemonic>\(pick(mnemonics))</mnemonic><name>n</name><engineering-type>\(pick(tags))</engineering-type></col>"
            }
            out += "</schema>\n"
            var nextId = 1
            for _ in 0..<rng.int(0...12) {
                out += "<row>"
                for _ in 0..<max(0, columns + rng.int(-1...1)) { out += cell(&nextId, tags: tags, texts: texts, depth: 0) }
                out += "</row>\n"
            }
            out += "</node></trace-query-result>\n"
        }
        var bytes = Array(out.utf8)
        if rng.chance(0.3) { bytes = Array(bytes.prefix(rng.int(0...bytes.count))) }
        if rng.chance(0.3) { bytes = mutate(bytes, others: []) }
        return bytes
    }

    private mutating func cell(_ nextId: inout Int, tags: [String], texts: [String], depth: Int) -> String {
        let tag = pick(tags)
        if tag == "sentinel" { return "<sentinel/>" }
        if nextId > 1 && rng.chance(0.35) {
            let ref = rng.chance(0.9) ? rng.int(1...(nextId - 1)) : rng.int(nextId...(nextId + 3))
            return "<\(tag) ref=\(pick(["\"\(ref)\"", "'\(ref)'", "\"x\""]))/>"
        }
        let id = nextId
        nextId += 1
        let fmt = rng.chance(0.7) ? " fmt=\(pick(["\"a &quot;b&quot;\"", "'x'", "\"\(pick(texts))\""]))" : ""
        var inner = ""
        if depth < 3 && rng.chance(0.3) {
            for _ in 0..<rng.int(1...3) { inner += cell(&nextId, tags: tags, texts: texts, depth: depth + 1) }
        } else {
            inner = pick(texts)
        }
        return "<\(tag) id=\"\(id)\"\(fmt)>\(inner)</\(tag)>"
    }
}

extension FuzzOracle {
    /// What an export's read gave: its records' digest, or the refusal's message.
    enum XctraceOutcome: Equatable {
        case read(digest: Int, tables: Int, rows: Int, notes: [String])
        case refused(String)
        case unexpected(String)
    }

    static func readXctrace(_ source: ByteSource, chunk: Int) -> XctraceOutcome {
        let sink = XctraceDigestSink()
        do {
            let summary = try XctraceReader(source: source, firstValueId: 1, path: { _ in "fuzz" }, chunk: chunk).read(into: sink)
            return .read(digest: sink.hasher.finalize(), tables: summary.tables, rows: summary.rows, notes: summary.notes.map(\.message))
        } catch let e as XctraceFormatError {
            return .refused(e.description)
        } catch let e as InputError {
            return .refused(e.description)
        } catch {
            return .unexpected("\(type(of: error)): \(error)")
        }
    }

    /// The xctrace reader on the bytes, in one read and trickled: the same records or the same
    /// refusal (with its offset); only its own errors; rows that name values it delivered.
    static func checkXctrace(_ bytes: [UInt8]) -> String? {
        let whole = readXctrace(MemorySource(bytes), chunk: 1 << 20)
        if case .unexpected(let message) = whole { return "an xctrace read may only throw XctraceFormatError: \(message)" }
        let trickled = readXctrace(TrickleSource(bytes), chunk: 64)
        if whole != trickled { return "the outcome depends on how the bytes arrive: \(whole) in one read, \(trickled) trickled" }
        _ = XctraceFormat.isExport(Array(bytes.prefix(64 * 1024)))
        return nil
    }
}

/// Hashes every record the reader delivers, and checks that rows and children name values
/// already delivered (or still open: a compound value is delivered when it closes).
final class XctraceDigestSink: XctraceSink {
    var hasher = Hasher()
    private var tableId: Int64 = 0
    func run(_ run: XctraceRun) throws { hasher.combine(run.number); hasher.combine(run.template) }
    func tocTable(run: Int, position: Int, schema: String, attributes: String?) throws {
        hasher.combine(position); hasher.combine(schema); hasher.combine(attributes)
    }
    func table(_ head: XctraceTableHead) throws -> Int64 {
        hasher.combine(head.schema)
        for c in head.columns { hasher.combine(c.mnemonic); hasher.combine(c.slot) }
        tableId += 1
        return tableId
    }
    func value(id: Int64, tag: String, raw: UnsafeBufferPointer<UInt8>?, number: Int64?, fmt: UnsafeBufferPointer<UInt8>?, attributes: String?) throws {
        hasher.combine(id); hasher.combine(tag); hasher.combine(number); hasher.combine(attributes)
        if let raw { hasher.combine(bytes: UnsafeRawBufferPointer(raw)) } else { hasher.combine(-1) }
        if let fmt { hasher.combine(bytes: UnsafeRawBufferPointer(fmt)) } else { hasher.combine(-2) }
    }
    func child(parent: Int64, position: Int, child: Int64) throws { hasher.combine(parent); hasher.combine(position); hasher.combine(child) }
    func row(table: Int64, position: Int, cells: UnsafeBufferPointer<Int64>, more: String?) throws {
        hasher.combine(table); hasher.combine(position)
        for c in cells { hasher.combine(c) }
        hasher.combine(more)
    }
    func tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool) throws {
        hasher.combine(rows); hasher.combine(sentinels); hasher.combine(complete)
    }
}
