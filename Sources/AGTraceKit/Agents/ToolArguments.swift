/// One argument a tool takes: its name, JSON type and what it means (the CLI option's help).
public struct ToolArgument: Sendable {
    public enum Kind: Sendable {
        case string
        case integer(minimum: Int64?, maximum: Int64?)
        case number(minimum: Double?, maximum: Double?)
        case boolean
        case strings
        case choice([String])
    }
    public var name: String
    public var kind: Kind
    public var help: String
    public var required = false

    public init(_ name: String, _ kind: Kind, _ help: String, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.help = help
        self.required = required
    }

    var schema: JSONValue {
        var members: [(String, JSONValue)]
        switch kind {
        case .string: members = [("type", "string")]
        case .integer(let min, let max):
            members = [("type", "integer")]
            if let min { members.append(("minimum", .int(min))) }
            if let max { members.append(("maximum", .int(max))) }
        case .number(let min, let max):
            members = [("type", "number")]
            if let min { members.append(("minimum", .double(min))) }
            if let max { members.append(("maximum", .double(max))) }
        case .boolean: members = [("type", "boolean")]
        case .strings: members = [("type", "array"), ("items", ["type": "string"])]
        case .choice(let values): members = [("type", "string"), ("enum", .array(values.map { .string($0) }))]
        }
        members.append(("description", .string(help)))
        return .object(members)
    }

    static func schema(_ arguments: [ToolArgument]) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", "object"),
                                              ("properties", .object(arguments.map { ($0.name, $0.schema) }))]
        let required = arguments.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", false))
        return .object(members)
    }
}

/// A call's arguments, read by name with their types checked: a wrong one is a `ToolError`
/// naming the argument and what it takes.
public struct ToolArguments: Sendable {
    public let values: [(String, JSONValue)]
    public let tool: String

    public init(_ value: JSONValue?, tool: String) throws {
        self.tool = tool
        switch value {
        case nil, .null?: values = []
        case .object(let members)?: values = members
        default: throw ToolError("\(tool): arguments must be an object")
        }
    }

    func value(_ name: String) -> JSONValue? {
        guard let v = values.first(where: { $0.0 == name })?.1, !v.isNull else { return nil }
        return v
    }

    func refuseUnknown(allowed: [ToolArgument]) throws {
        let names = Set(allowed.map(\.name))
        for (key, _) in values where !names.contains(key) {
            let known = allowed.map(\.name).joined(separator: ", ")
            throw ToolError("\(tool): no argument '\(key)' (it takes \(known.isEmpty ? "none" : known))")
        }
        for argument in allowed where argument.required && value(argument.name) == nil {
            throw ToolError("\(tool): '\(argument.name)' is required (\(argument.help))")
        }
    }

    public func string(_ name: String) throws -> String? {
        guard let v = value(name) else { return nil }
        guard case .string(let s) = v else { throw ToolError("\(tool): '\(name)' takes a string, not \(v.text.prefix(40))") }
        return s
    }

    public func requiredString(_ name: String) throws -> String {
        guard let s = try string(name) else { throw ToolError("\(tool): '\(name)' is required") }
        return s
    }

    public func strings(_ name: String) throws -> [String] {
        guard let v = value(name) else { return [] }
        guard case .array(let items) = v else { throw ToolError("\(tool): '\(name)' takes an array of strings") }
        return try items.map {
            guard case .string(let s) = $0 else { throw ToolError("\(tool): '\(name)' takes an array of strings, not \($0.text.prefix(40))") }
            return s
        }
    }

    public func bool(_ name: String) throws -> Bool {
        guard let v = value(name) else { return false }
        guard case .bool(let b) = v else { throw ToolError("\(tool): '\(name)' takes true or false, not \(v.text.prefix(40))") }
        return b
    }

    public func int(_ name: String, minimum: Int64? = nil, maximum: Int64? = nil) throws -> Int64? {
        guard let v = value(name) else { return nil }
        let n: Int64
        switch v {
        case .int(let i): n = i
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: n = Int64(d)
        default: throw ToolError("\(tool): '\(name)' takes a whole number, not \(v.text.prefix(40))")
        }
        if let minimum, n < minimum { throw ToolError("\(tool): '\(name)' takes \(minimum) or more, not \(n)") }
        if let maximum, n > maximum { throw ToolError("\(tool): '\(name)' takes at most \(maximum), not \(n)") }
        return n
    }

    public func number(_ name: String) throws -> Double? {
        guard let v = value(name) else { return nil }
        switch v {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: throw ToolError("\(tool): '\(name)' takes a number, not \(v.text.prefix(40))")
        }
    }
}
