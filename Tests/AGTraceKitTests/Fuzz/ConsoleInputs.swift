import Foundation

/// Random console logs in the shapes of docs/formats.md#console-logs: cycle reports at every
/// level (frames whole, cut anywhere or out of place, digraph blocks), traps and os_log lines of
/// the same or other attributes, SwiftUI's warnings, body-change lines with every token shape
/// and near misses, behind every prefix the reader takes off, with LF, CRLF or no line end.
extension InputMutator {
    mutating func console() -> [UInt8] {
        let ids = ["278848", "7", "0", "4294967295", "4294967296", "99999999999", "-1", ""]
        let views = ["ContentView", "A.B", "Editor<Date>", "Inspector<Dictionary<String, Int>>", "V<", "My View", "_x", "V.", "Ünï"]
        let tokens = ["@self", "@identity", "@dependencies", "@16", "@", "_counter", "__n", "_", "\\Storage<Optional<Status>>.output",
                      "\\Store<Dictionary<String, Int>>.totals", "\\M.<computed 0x0 (String)>", "\\NoDot", "value", "<", ")", "[x, y]"]
        let prefixes = ["", "", "2024-04-01 11:18:40.997781+0800 App[893:14394] [SwiftUI] ", "2026-01-01T10:00:00.123Z ",
                        "2024-04-01 11:18:40.997781+0800 0x1a Info 0x0 893 0 MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ",
                        "11:18:40.997 MyApp[893:14394] ", "`", "  ", "2024-04-01 11:18:40 ", "[error] "]
        var lines: [String] = []
        for _ in 0..<rng.int(0...40) {
            let id = pick(ids)
            var line: String
            switch rng.int(0...13) {
            case 0: line = "=== AttributeGraph: cycle detected through attribute \(id) ==="
            case 1: line = "=== Evaluation stack ==="
            case 2, 3:
                let whole = "frame \(rng.int(0...30)).\(rng.int(0...3)): attribute \(id); count=\(rng.int(0...3)), index=\(rng.int(0...3))/\(rng.int(0...3)) \(pick(["PD", "", "PDV", "V", "CX", "P D"]))"
                line = rng.chance(0.3) ? String(whole.prefix(rng.int(0...whole.count))) : whole
            case 4: line = pick(["===", "digraph {", "}", "  _\(id)[label=\"\(id): \(pick(views))\" style=dashed];", "  _1 -> _2[color=red];",
                                 "  _\(id)[label=\"unclosed", "  _\(id)[label=\"\\\"q\\\" \\\\\"];"])
            case 5: line = pick(["precondition failure: cyclic graph: \(id)", "AttributeGraph precondition failure: cyclic graph: \(id).",
                                 "Cycle detected through attribute: \(id)"])
            case 6: line = pick(["Modifying state during view update, this will cause undefined behavior.",
                                 "Publishing changes from within view updates is not allowed, this will cause undefined behavior.",
                                 "Thread 1: Fatal error: attempting to create attribute with no subgraph:",
                                 "attempting to create attribute with no subgraph: \(pick(views))", pick(views)])
            case 7, 8, 9:
                let n = rng.int(0...5)
                var ts: [String] = []
                for _ in 0..<n { ts.append(pick(tokens)) }
                line = n == 0 ? "\(pick(views)): unchanged." : "\(pick(views)): \(ts.joined(separator: pick([", ", ",", ", , "]))) changed."
                if rng.chance(0.2) { line += pick([" <- note", "x", "  ", "."]) }
            case 10: line = pick(["() $R6 = {}", "ViewModel.init", "Error: value changed.", "", "   ", "\t"])
            case 11: line = String(repeating: pick(["<", "(", "[", ">", "frame 1.", "=== "]), count: rng.int(1...3000))
            case 12: line = string()
            default: line = pick(lines.isEmpty ? [""] : lines)
            }
            if rng.chance(0.4) { line = pick(prefixes) + line }
            lines.append(line)
        }
        let end = pick(["\n", "\r\n", "\r", ""])
        var text = lines.joined(separator: end)
        if rng.chance(0.7) { text += end }
        return Array(text.utf8)
    }
}
