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
