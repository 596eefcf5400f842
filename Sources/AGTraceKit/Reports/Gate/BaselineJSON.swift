import Foundation

/// A baseline file's JSON as a small tree that keeps what a dictionary would lose: every
/// member of an object in file order with its line (so a duplicated key is seen and named,
/// instead of the last one silently winning), and every number exactly as far as an Int64
/// holds it (a count past 2^63 is not bent into a negative or a crash).
///
/// Built with the archive importer's `JSONTokenizer`: one JSON grammar in the project, and
/// its depth limit (a baseline nested 10,000 deep is refused, not a stack overflow).
indirect enum BaselineJSON {
    struct Member {
        var key: String
        var value: BaselineJSON
        var line: Int
    }

    case object([Member])
    case array([BaselineJSON])
    case string(String)
    /// `integer` when the number is whole and fits an Int64; `double` always.
    case number(integer: Int64?, double: Double)
    case bool(Bool)
    case null

    /// A baseline is a few hundred keys (a large app's views: a few thousand, ~100 KB): a file
    /// above this is not one, and is refused while reading, before it is held (`/dev/zero` as
    /// the baseline, or `-` fed something endless, stops here instead of filling memory).
    public static let maxFileSize = 8 << 20

    /// Parses a whole document. Throws `JSONSyntaxError` for bad JSON, and `DuplicateKey` for
    /// an object that names a key twice.
    static func parse(_ bytes: [UInt8]) throws -> BaselineJSON {
        let tokenizer = JSONTokenizer(source: MemorySource(bytes), bufferSize: max(64, bytes.count + 1), maxDepth: 64)
        let first = try tokenizer.next()
        let value = try read(first, tokenizer)
        _ = try tokenizer.next()  // .end, or a syntax error for trailing text
        return value
    }

    struct DuplicateKey: Error {
        var key: String
        var line: Int
        var firstLine: Int
        /// The keys of the enclosing objects, outermost first.
        var path: [String]
    }

    private static func read(_ token: JSONToken, _ t: JSONTokenizer, path: [String] = []) throws -> BaselineJSON {
        switch token {
        case .objectStart:
            var members: [Member] = []
            var seen: [String: Int] = [:]
            while true {
                let next = try t.next()
                if next == .objectEnd { return .object(members) }
                // After `{` or `,` the tokenizer only returns a key (or a syntax error).
                let key = t.string
                let line = t.tokenLine
                if let firstLine = seen[key] {
                    throw DuplicateKey(key: key, line: line, firstLine: firstLine, path: path)
                }
                seen[key] = line
                let value = try read(try t.next(), t, path: path + [key])
                members.append(Member(key: key, value: value, line: line))
            }
        case .arrayStart:
            var items: [BaselineJSON] = []
            while true {
                let next = try t.next()
                if next == .arrayEnd { return .array(items) }
                items.append(try read(next, t, path: path))
            }
        case .string: return .string(t.string)
        case .number: return .number(integer: t.integer, double: t.double)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .key, .objectEnd, .arrayEnd, .end:
            throw t.error("unexpected token")
        }
    }

    // MARK: Reading values

    var members: [Member]? {
        if case .object(let m) = self { return m }
        return nil
    }

    subscript(key: String) -> BaselineJSON? {
        members?.first(where: { $0.key == key })?.value
    }

    func member(_ key: String) -> Member? {
        members?.first(where: { $0.key == key })
    }

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A finite number.
    var double: Double? {
        if case .number(_, let d) = self, d.isFinite { return d }
        return nil
    }

    /// What a count is: a whole number, exactly, or why not.
    enum Whole {
        case value(Int64)
        /// Whole, but below 0 or above `Baseline.maxCount` (also past Int64, either way).
        case outOfRange(String)
        case notWhole
    }

    var whole: Whole {
        guard case .number(let integer, let double) = self else { return .notWhole }
        if let integer {
            if integer < 0 || integer > Baseline.maxCount { return .outOfRange(String(integer)) }
            return .value(integer)
        }
        // Written with a fraction or exponent (`3.0`, `1e3`), or too large for an Int64.
        guard double.isFinite, double == double.rounded() else { return .notWhole }
        if double >= 0 && double <= Double(Baseline.maxCount) { return .value(Int64(double)) }
        // The nearest double: exact for powers of two like 2^63, close enough to name the entry.
        return .outOfRange(String(format: "%.0f", double))
    }
}
