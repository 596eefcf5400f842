/// One line of the engine's `stack/text` description (`AGGraphDescription(NULL, {"format":
/// "stack/text"})`), which the lldb recorder writes at a cycle: `  #%d: %u %s -> %s`, the
/// frame, its attribute, its body type and its value type.
enum CycleStackText {
    /// The frame's attribute and body type; nil when the line is not one.
    static func frame(_ line: Substring) -> CycleRecord.Frame? {
        var rest = line.drop(while: { $0 == " " || $0 == "\t" })
        guard rest.first == "#" else { return nil }
        rest = rest.dropFirst()
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else { return nil }
        rest = rest.dropFirst(digits.count + 2)
        let number = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !number.isEmpty, let attribute = UInt32(number) else { return nil }
        rest = rest.dropFirst(number.count)
        guard rest.first == " " else { return nil }
        let types = rest.dropFirst()
        let body = bodyType(types)
        return CycleRecord.Frame(attribute: Int64(attribute), name: body.isEmpty ? nil : String(body))
    }

    /// The text before the ` -> ` that separates the body type from the value type: the first
    /// outside brackets (a body type's generic arguments may hold a function type's `->`).
    static func bodyType(_ types: Substring) -> Substring {
        var depth = 0
        var i = types.startIndex
        while i < types.endIndex {
            let c = types[i]
            if types[i...].hasPrefix(" -> ") && depth == 0 { return types[..<i] }
            if types[i...].hasPrefix("->") {
                i = types.index(i, offsetBy: 2)
                continue
            }
            if c == "<" || c == "(" || c == "[" { depth += 1 }
            if (c == ">" || c == ")" || c == "]") && depth > 0 { depth -= 1 }
            i = types.index(after: i)
        }
        return types  // no value type printed: all of it names the body
    }
}
