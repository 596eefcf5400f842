import Foundation
@testable import AGTraceKit

/// Deterministic generators and mutators of hostile inputs for the fuzz harness. Everything
/// comes from one seeded generator, so that `seed` + `iteration` reproduces any input.
struct InputMutator {
    var rng: SeededRandom

    init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    mutating func pick<T>(_ items: [T]) -> T { items[rng.int(0...(items.count - 1))] }

    // MARK: Archives

    /// A random archive in the documented shape, with everything optional sometimes left out,
    /// keys in random order, unknown keys, references sometimes out of range, values sometimes
    /// of the wrong type. Most of them read; many are refused.
    mutating func archive() -> [UInt8] {
        var out = "{"
        var members: [String] = []
        if rng.chance(0.8) { members.append("\"version\":\(pick(["2", "1", "0", "-1", "3", "null", "2.0", "\"2\""]))") }
        if rng.chance(0.2) { members.append("\"counters\":{\"bytes\":\(number()),\"max_bytes\":\(number())}") }
        let graphCount = rng.int(0...3)
        var graphs: [String] = []
        for g in 0..<graphCount { graphs.append(graph(g, graphCount: graphCount)) }
        if rng.chance(0.97) { members.append("\"graphs\":[" + graphs.joined(separator: ",") + "]") }
        if rng.chance(0.2) { members.append("\"\(pick(["unknown", "x", "graphs2", ""]))\":\(anyValue(depth: 0))") }
        members.shuffle(using: &rng)
        out += members.joined(separator: ",") + "}"
        if rng.chance(0.05) { out += pick([" ", "\n", "x", "{}", "\u{0}"]) }
        return Array(out.utf8)
    }

    mutating func graph(_ g: Int, graphCount: Int) -> String {
        let types = rng.int(0...6)
        let nodes = rng.int(0...20)
        func nodeIndex(_ m: inout InputMutator) -> String {
            if m.rng.chance(0.03) { return m.pick(["-1", "\(nodes)", "2147483648", "1e3", "null", "\"0\""]) }
            return nodes == 0 ? "0" : "\(m.rng.int(0...(nodes - 1)))"
        }
        var members: [String] = []
        members.append("\"id\":\(number())")
        members.append("\"types\":[" + (0..<types).map { _ in
            var keys = ["\"name\":\(string())", "\"value\":\(string())", "\"id\":\(number())", "\"size\":\(number())", "\"flags\":\(number())"]
            if rng.chance(0.2) { keys.append("\"profile\":\(profile())") }
            if rng.chance(0.1) { keys.append("\"events\":{\(string()):\(profile())}") }
            keys.shuffle(using: &rng)
            return "{" + keys.filter { _ in rng.chance(0.85) }.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]")
        members.append("\"nodes\":[" + (0..<nodes).map { _ in
            var keys = ["\"id\":\(rng.chance(0.97) ? String(rng.int(0...5000) * 4) : pick(["-4", "4294967296", "null", "1.5"]))",
                        "\"type\":\(types == 0 || rng.chance(0.02) ? pick(["0", "-1", "99"]) : String(rng.int(0...(types - 1))))"]
            if rng.chance(0.5) { keys.append("\"desc\":\(string())") }
            if rng.chance(0.3) { keys.append("\"value\":\(string())") }
            if rng.chance(0.5) { keys.append("\"flags\":\(number())") }
            if rng.chance(0.1) { keys.append("\"subgraph_flags\":\(number())") }
            if rng.chance(0.1) { keys.append("\"profile\":\(profile())") }
            if rng.chance(0.05) { keys.append("\"events\":{\(string()):\(profile())}") }
            keys.shuffle(using: &rng)
            return "{" + keys.filter { _ in rng.chance(0.97) }.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]")
        members.append("\"edges\":[" + (0..<rng.int(0...30)).map { _ in
            var keys = ["\"src\":\(nodeIndex(&self))", "\"dst\":\(nodeIndex(&self))"]
            if rng.chance(0.3) { keys.append("\"offset\":\(number())") }
            if rng.chance(0.5) { keys.append("\"flags\":\(number())") }
            keys.shuffle(using: &rng)
            return "{" + keys.filter { _ in rng.chance(0.98) }.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]")
        let subgraphs = rng.int(0...4)
        members.append("\"subgraphs\":[" + (0..<subgraphs).map { _ in
            var keys = ["\"id\":\(number())", "\"context_id\":\(number())"]
            if rng.chance(0.2) { keys.append("\"invalid\":\(pick(["true", "false", "1", "null", "\"x\""]))") }
            if rng.chance(0.7) { keys.append("\"nodes\":[" + (0..<rng.int(0...8)).map { _ in nodeIndex(&self) }.joined(separator: ",") + "]") }
            for key in ["parents", "children"] where rng.chance(0.3) {
                keys.append("\"\(key)\":[" + (0..<rng.int(0...3)).map { _ in
                    rng.chance(0.6) ? String(rng.int(0...subgraphs))
                        : "{\"graph\":\(rng.int(0...graphCount)),\"subgraph_id\":\(number())}"
                }.joined(separator: ",") + "]")
            }
            keys.shuffle(using: &rng)
            return "{" + keys.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]")
        if rng.chance(0.5) {
            let trees = rng.int(0...5)
            members.append("\"trees\":[" + (0..<trees).map { _ in
                var keys: [String] = []
                if rng.chance(0.7) { keys.append("\"node\":\(nodeIndex(&self))") }
                if rng.chance(0.3) { keys.append("\"offset\":\(number())") }
                if rng.chance(0.7) { keys.append("\"desc\":\(string())") }
                if rng.chance(0.2) { keys.append("\"root\":true") }
                if rng.chance(0.3) { keys.append("\"flags\":\(number())") }
                if rng.chance(0.5) { keys.append("\"children\":[" + (0..<rng.int(0...3)).map { _ in String(rng.int(0...trees)) }.joined(separator: ",") + "]") }
                if rng.chance(0.3) { keys.append("\"nodes\":[" + (0..<rng.int(0...3)).map { _ in nodeIndex(&self) }.joined(separator: ",") + "]") }
                if rng.chance(0.3) {
                    keys.append("\"values\":{" + (0..<rng.int(0...3)).map { _ in
                        "\(string()):{\"node\":\(nodeIndex(&self))\(rng.chance(0.3) ? ",\"offset\":\(number())" : "")}"
                    }.joined(separator: ",") + "}")
                }
                keys.shuffle(using: &rng)
                return "{" + keys.joined(separator: ",") + "}"
            }.joined(separator: ",") + "]")
        }
        for key in ["update_count", "change_count", "transaction_count"] where rng.chance(0.4) { members.append("\"\(key)\":\(number())") }
        for key in ["update_total", "changed_total"] where rng.chance(0.2) { members.append("\"\(key)\":\(pick(["0.5", "1e-7", "-0.0", "1e308", "3"]))") }
        if rng.chance(0.2) { members.append("\"counters\":{\"nodes\":\(number()),\"updates\":\(number())}") }
        if rng.chance(0.1) { members.append("\"marks\":[{\"name\":\(string()),\"timestamp\":1.5}]") }
        if rng.chance(0.1) { members.append("\"events\":{\(string()):\(profile())}") }
        if rng.chance(0.05) { members.append(members[rng.int(0...(members.count - 1))]) }  // a duplicated key
        members.shuffle(using: &rng)
        return "{" + members.joined(separator: ",") + "}"
    }

    mutating func profile() -> String {
        var keys = ["\"update_count\":\(number())", "\"change_count\":\(number())", "\"update_total\":0.25", "\"changed_total\":1e-9"]
        if rng.chance(0.3) { keys.append("\"marks\":[{\"name\":\(string()),\"timestamp\":\(number()),\"update_count\":1}]") }
        keys.shuffle(using: &rng)
        return "{" + keys.filter { _ in rng.chance(0.8) }.joined(separator: ",") + "}"
    }

    mutating func number() -> String {
        if rng.chance(0.85) { return String(rng.int(0...100_000)) }
        return pick(["0", "-0", "-1", "4294967295", "4294967296", "9223372036854775807", "-9223372036854775808",
                     "9223372036854775808", "18446744073709551616", "1e400", "-1e400", "1.0", "1.5", "0.1e1", "1E+2",
                     "123456789012345678901234567890", "null", "true", "\"12\"", "[]", "{}"])
    }

    mutating func string() -> String {
        if rng.chance(0.7) { return "\"" + pick(["Text", "External<Time>", "DynamicBody<ViewBodyAccessor<Trip>>", "", "a b", "x"]) + "\"" }
        return pick(["\"\\u0000\"", "\"\\ud83d\\ude00\"", "\"\\ud800\"", "\"\\udc00x\"", "\"\\\"quoted\\\"\"", "\"tab\\tnew\\nline\"",
                     "\"…→\"", "\"<a|b,c>\"", "\"\\/\"", "\"" + String(repeating: "long", count: 300) + "\"", "null", "5", "[]"])
    }

    mutating func anyValue(depth: Int) -> String {
        switch rng.int(0...(depth > 3 ? 3 : 5)) {
        case 0: return number()
        case 1: return string()
        case 2: return pick(["true", "false", "null"])
        case 3: return "\"s\""
        case 4: return "[" + (0..<rng.int(0...3)).map { _ in anyValue(depth: depth + 1) }.joined(separator: ",") + "]"
        default: return "{" + (0..<rng.int(0...3)).map { _ in "\(string()):\(anyValue(depth: depth + 1))" }.joined(separator: ",") + "}"
        }
    }

    // MARK: Transcripts

    /// Lines of every shape the transcript reader knows, with random numbers, symbols and
    /// breakpoint ids, shuffled together with lines of sample transcripts and junk.
    mutating func transcript(samples: [[UInt8]]) -> [UInt8] {
        let symbols = ["AGGraphInvalidateValue", "AG::Graph::propagate_dirty", "AG::Graph::update_attribute", "AG::Graph::add_input",
                       "OAGGraphInvalidateValue", "IAG::Graph::add_input", "AGGraphGetValue", "AG::Graph::value_set",
                       "SwiftUI.StoredLocationBase.set", "Trip.body.getter", "main", "?", "AG::Graph::add_output"]
        let registers = ["rdi", "rsi", "rdx", "edi", "esi", "edx", "x0", "x1", "x2", "w0", "w1", "w2"]
        var lines: [String] = []
        let sampleLines: [String] = samples.isEmpty ? [] : String(decoding: pick(samples), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<rng.int(0...60) {
            let sym = pick(symbols), reg = pick(registers), bp = "\(rng.int(0...12)).\(rng.int(0...3))"
            let value = rng.chance(0.8) ? String(rng.int(0...70000)) : pick(["-1", "4294967296", "0x", "18446744073709551616", "abc", ""])
            let hex = "0x" + String(UInt64(rng.int(0...Int(Int32.max))), radix: 16)
            let line: String
            switch rng.int(0...17) {
            case 0: line = "(lldb) breakpoint set -n \(sym) -G true -C \"bt \(rng.int(0...3))\" -C \"register read \(reg)\""
            case 1: line = "Breakpoint \(rng.int(0...12)): where = AttributeGraph`\(sym)(AG::AttributeID) + 12, address = \(hex)"
            case 2: line = "* thread #\(rng.int(0...9)), queue = 'com.apple.main-thread', stop reason = breakpoint \(bp)"
            case 3: line = "  * frame #0: \(hex) AttributeGraph`\(sym)(AG::data::ptr<AG::Node>, unsigned int) + \(rng.int(0...99))"
            case 4: line = "    frame #\(rng.int(0...600)): \(hex) SwiftUI`\(sym) + \(value)"
            case 5: line = "(lldb)  register read \(reg)"
            case 6: line = "      \(reg) = \(hex)"
            case 7: line = "(lldb)  p/d $\(reg)"
            case 8: line = "(\(pick(["int", "unsigned int", "AG::AttributeID", "uint32_t"]))) $\(rng.int(0...99)) = \(value)"
            case 9: line = "\(sym) \(value) \(rng.chance(0.5) ? value : "")"
            case 10: line = "frame #0: \(hex) AttributeGraph`\(sym)(this=\(hex), node=(_offset = \(value)), options=0) at Graph.mm:1036:17"
            case 11: line = "(lldb) breakpoint command add \(rng.int(0...12))"
            case 12: line = pick(["> bt 1", "> p/d $esi", "> frame info", "> DONE", "DONE", "Enter your debugger command(s).  Type 'DONE' to end."])
            case 13: line = pick(["Process 7311 resuming", "(lldb) continue", "Target 0: (Trip) stopped.", "(lldb) run", "warning: x", "error: y"])
            case 14: line = "(lldb)  frame variable node input\n(AG::data::ptr<AG::Node>) node = (_offset = \(value))\n(AG::AttributeID) input = \(value)"
            case 15: line = "\u{1B}[1m\u{1B}[32m(lldb)\u{1B}[0m  bt \(rng.int(0...3))"
            case 16: line = String(decoding: (0..<rng.int(0...40)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, as: UTF8.self)
            default: line = sampleLines.isEmpty ? "" : pick(sampleLines)
            }
            lines.append(line)
        }
        let separator = rng.chance(0.9) ? "\n" : pick(["\r\n", "\r", "\r\r\n"])
        var bytes = Array(lines.joined(separator: separator).utf8)
        if rng.chance(0.05) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }

    // MARK: Byte-level mutations

    /// Tokens worth inserting into JSON or transcripts.
    static let tokens: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udfff", "\\u00", "null", "true", "false", "-", "-0", "0.",
        "1e", "1e400", "99999999999999999999", "-9223372036854775809", "\"graphs\"", "\"nodes\"", "\"edges\"", "\"types\"",
        "\"subgraphs\"", "\"trees\"", "\"id\":", "\"type\":", "\"src\":", "\"dst\":", "\"children\":", "\"parents\":", "\"values\":",
        "\"node\":", "{\"graph\":0,\"subgraph_id\":1}", "\u{0}", "\u{1B}[", "\r", "\n", "\u{FEFF}", "\u{FFFD}", "(lldb) ", "frame #0: ",
        "stop reason = breakpoint ", "register read ", " = 0x", "$esi", "_offset = ", "Breakpoint 1: where = ", "> DONE",
    ]

    /// One to a few random mutations of `input`; `others` are spliced from.
    mutating func mutate(_ input: [UInt8], others: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0..<rng.int(1...4) {
            let count = bytes.count
            let at = count == 0 ? 0 : rng.int(0...count)
            switch rng.int(0...14) {
            case 0 where count > 0: // flip bits
                let i = rng.int(0...(count - 1)); bytes[i] ^= UInt8(1 << rng.int(0...7))
            case 1 where count > 0: // interesting byte
                bytes[rng.int(0...(count - 1))] = pick([0, 0x7F, 0x80, 0xFF, 0x22, 0x5C, 0x0A, 0x0D, 0x7B, 0x5B, 0x30, 0x2D, 0xC0, 0xED])
            case 2 where count > 0: // delete a range
                let end = min(count, at + rng.int(1...64)); if at < end { bytes.removeSubrange(at..<end) }
            case 3: // insert a token
                bytes.insert(contentsOf: Array(pick(Self.tokens).utf8), at: at)
            case 4 where count > 0: // truncate
                bytes.removeSubrange(rng.int(0...(count - 1))..<count)
            case 5 where count > 0: // duplicate a range
                let start = rng.int(0...(count - 1)), end = min(count, start + rng.int(1...256))
                bytes.insert(contentsOf: Array(bytes[start..<end]), at: at)
            case 6 where !others.isEmpty: // splice another input in
                let other = pick(others)
                if !other.isEmpty {
                    let start = rng.int(0...(other.count - 1)), end = min(other.count, start + rng.int(1...2048))
                    bytes.insert(contentsOf: other[start..<end], at: at)
                }
            case 7: // deep nesting
                let depth = pick([100, 511, 512, 513, 2000, 100_000])
                let open = pick(["[", "{\"a\":"])
                bytes.insert(contentsOf: Array(String(repeating: open, count: depth).utf8), at: at)
            case 8: // a huge number
                bytes.insert(contentsOf: Array((pick(["", "-"]) + "1" + String(repeating: "0", count: pick([20, 400, 511, 600, 5000]))).utf8), at: at)
            case 9: // a long string or line
                let n = pick([1000, 65_535, 65_537, 300_000])
                let body = rng.chance(0.5) ? String(repeating: "a", count: n) : String(repeating: "\\n", count: n / 2)
                bytes.insert(contentsOf: Array(("\"" + body + "\"").utf8), at: at)
            case 10 where count > 0: // repeat a chunk many times
                let start = rng.int(0...(count - 1)), end = min(count, start + rng.int(1...40))
                let chunk = Array(bytes[start..<end])
                var repeated: [UInt8] = []
                for _ in 0..<rng.int(2...2000) { repeated += chunk }
                bytes.insert(contentsOf: repeated, at: at)
            case 11 where count > 1: // swap two bytes
                let i = rng.int(0...(count - 1)), j = rng.int(0...(count - 1)); bytes.swapAt(i, j)
            case 12: // replace a digit run with an extreme number
                if let i = bytes.indices.dropFirst(at > 0 ? at - 1 : 0).first(where: { (0x30...0x39).contains(bytes[$0]) }) {
                    var j = i
                    while j < bytes.count && (0x30...0x39).contains(bytes[j]) { j += 1 }
                    bytes.replaceSubrange(i..<j, with: Array(pick(["4294967295", "4294967296", "2147483647", "2147483648", "9223372036854775808", "1e999", "-0", "00"]).utf8))
                }
            case 13 where count > 0: // random bytes
                bytes.insert(contentsOf: (0..<rng.int(1...32)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
            default: // repeat a key-value pair: duplicated keys
                if let colon = bytes.indices.dropFirst(at > 0 ? at - 1 : 0).first(where: { bytes[$0] == 0x3A }),
                   let quoteEnd = bytes[..<colon].lastIndex(of: 0x22), let quoteStart = bytes[..<quoteEnd].lastIndex(of: 0x22),
                   let comma = bytes[colon...].firstIndex(where: { $0 == 0x2C || $0 == 0x7D }) {
                    bytes.insert(contentsOf: Array(bytes[quoteStart..<comma]) + [0x2C], at: quoteStart)
                }
            }
        }
        return bytes
    }

    // MARK: gzip

    /// `bytes` as a gzip member, with stored (uncompressed) deflate blocks: a valid stream that
    /// exercises the gzip source without a compressor. Sometimes broken on purpose.
    mutating func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var offset = 0
        repeat {
            let n = min(65_535, bytes.count - offset)
            let last: UInt8 = offset + n == bytes.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += bytes[offset..<(offset + n)]
            offset += n
        } while offset < bytes.count
        let crc = CRC32.checksum(bytes)
        let size = UInt32(truncatingIfNeeded: bytes.count)
        for v in [crc, size] { out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        switch rng.int(0...9) {
        case 0: out.removeLast(rng.int(1...min(8, out.count - 10)))   // no trailer
        case 1: out += out                                         // two members
        case 2: out[rng.int(10...(out.count - 1))] ^= 0x40            // corrupt
        case 3: out += [0x1F, 0x8B]                                // a second member that stops at once
        default: break
        }
        return out
    }
}

/// CRC-32 (IEEE), for gzip trailers.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
