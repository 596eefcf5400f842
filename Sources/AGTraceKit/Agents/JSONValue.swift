import Foundation

/// A JSON value as the MCP server reads and writes it. Objects keep their keys in order, so
/// what the server writes reads the same every time; `.raw` is JSON text already made (a
/// report's rows as `--format json` writes them), spliced in unchanged so a tool's structured
/// result is the CLI's output byte for byte.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case raw(String)

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }

    /// The member `key` of an object (nil for anything else, or no such member).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var isNull: Bool { if case .null = self { true } else { false } }
    public var members: [(String, JSONValue)]? { if case .object(let m) = self { m } else { nil } }

    /// Compact JSON text (one line: stdio frames one message per line).
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            // JSON has no NaN or infinity: unknown is null.
            if d.isFinite { out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)" } else { out += "null" }
        case .string(let s): out += JSONText.quote(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSONText.quote(key) + ":"
                value.write(to: &out)
            }
            out += "}"
        case .raw(let text): out += text
        }
    }
}

extension JSONValue: Decodable {
    /// Read with Foundation's decoder: a number is an integer when it is one that fits in 64
    /// bits, else a double (a huge id is then no integer, and is refused as an id).
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let i = try? c.decode(Int64.self) { self = .int(i); return }
        if let d = try? c.decode(Double.self) { self = .double(d); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([JSONValue].self) { self = .array(a); return }
        let o = try c.decode([String: JSONValue].self)
        self = .object(o.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}
