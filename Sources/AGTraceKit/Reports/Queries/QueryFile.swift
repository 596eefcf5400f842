/// One SQL file of `Queries/`, with what its comment header declares.
///
/// Header lines come first, one per key, `-- key: value`:
/// - `name`: the report (files sharing a name are variants of one report) or, with
///   `internal: yes`, the name a command uses to find the query.
/// - `summary`: the report's one line for `agtrace report --list` (on one variant only).
/// - `description`: what this variant returns (one line).
/// - `params`: the options it binds, `run (required), snapshot (optional)`. `run` is a run
///   label, `snapshot`, `from` and `to` are snapshot labels, `trace` a trace label (each bound
///   as its id), any other
///   name is a value (e.g. `attribute`). Each is bound by name: `:run`, `:snapshot`…
/// - `by`: the `--by` value that selects this variant (`rule`); absent: no `--by`.
/// - `flags: app-only`: the valueless options it takes (`--app-only`), each bound by name with
///   `-` as `_` (`:app_only`): 1 when given, NULL when not.
/// - `details: yes`: the variant `--details` selects (one row per item where the others give
///   one per group: per node a write marked, where `dirty-walks` gives one per write).
/// - `needs: profile`: refuse (exit 1) when the snapshot holds no profile data.
/// - `compute`: the rows are the input of a Swift step (`dirty-walks`), not the output.
/// - `internal: yes`: used by a command (diff, walk, export), not listed as a report.
/// - `with: ALIAS = FILE`: the statement reads another query's rows as the table ALIAS
///   (`with: u = updates-run`: the run's update hits per attribute, written once in
///   updates-run.sql). The registry runs `WITH ALIAS AS (that query) this statement` (a
///   statement that has a `WITH` of its own gets ALIAS as its first expression); the
///   named parameters are shared.
/// Other comment lines (with spaces before any colon) are free text.
public struct QueryFile: Sendable, Equatable {
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var required: Bool
    }

    public let fileName: String
    public let name: String
    public let summary: String?
    public let description: String
    public let parameters: [Parameter]
    public let by: String?
    /// Valueless options it takes (`app-only`).
    public let flags: [String]
    /// Selected by `--details`.
    public let details: Bool
    public let needsProfile: Bool
    public let compute: String?
    public let isInternal: Bool
    /// Column units for people (`units: total_seconds seconds, share fraction`): table and
    /// markdown show seconds in s, ms or µs and fractions in percent; csv and json keep the
    /// raw numbers.
    public let units: [String: ColumnUnit]
    /// `with: ALIAS = FILE`: the query whose rows this one reads as ALIAS.
    public struct Input: Sendable, Equatable {
        public var alias: String
        public var fileName: String
    }
    public let input: Input?
    /// The statement as it runs (after `ReportRegistry` resolved `with`: the input's statement
    /// in front as a common table expression).
    public internal(set) var sql: String

    public var required: [String] { parameters.filter(\.required).map(\.name) }
    public var optional: [String] { parameters.filter { !$0.required }.map(\.name) }

    static let keys = ["name", "summary", "description", "params", "by", "details", "needs", "compute", "internal", "units", "with", "flags"]

    /// A header's values by key (one of `keys`): a dozen short strings compared, where a
    /// dictionary hashed each key (every `report` reads 106 headers at its start).
    struct Header: Equatable {
        private(set) var values = [String?](repeating: nil, count: QueryFile.keys.count)
        subscript(key: String) -> String? { QueryFile.keys.firstIndex(of: key).flatMap { values[$0] } }
        var dictionary: [String: String] {
            var pairs: [String: String] = [:]
            for (key, value) in zip(QueryFile.keys, values) where value != nil { pairs[key] = value }
            return pairs
        }

        mutating func add(_ key: String, index: Int?, _ value: String, fileName: String) throws {
            guard let index else { throw QueryFileError(fileName: fileName, message: "unknown header key '\(key)'") }
            guard values[index] == nil else { throw QueryFileError(fileName: fileName, message: "header key '\(key)' given twice") }
            values[index] = value
        }
    }

    public init(fileName: String, text: String) throws {
        self.fileName = fileName
        sql = text
        let header = try Self.header(of: text, fileName: fileName)
        guard let name = header["name"], !name.isEmpty else {
            throw QueryFileError(fileName: fileName, message: "no '-- name:' header")
        }
        guard let description = header["description"], !description.isEmpty else {
            throw QueryFileError(fileName: fileName, message: "no '-- description:' header")
        }
        self.name = name
        self.description = description
        summary = header["summary"]
        by = header["by"]
        flags = Substring(header["flags"] ?? "").fields(",").map { String($0.trimmed(\.isSpace)) }.filter { !$0.isEmpty }
        details = header["details"] == "yes"
        compute = header["compute"]
        isInternal = header["internal"] == "yes"
        var units: [String: ColumnUnit] = [:]
        for item in Substring(header["units"] ?? "").fields(",") {
            let words = item.fields(" ").map(String.init)
            guard words.count == 2, let unit = ColumnUnit(rawValue: words[1]) else {
                throw QueryFileError(fileName: fileName, message: "units: '\(item.trimmed(\.isSpace))' is not 'COLUMN seconds' or 'COLUMN fraction'")
            }
            units[words[0]] = unit
        }
        self.units = units
        if let with = header["with"] {
            let parts = Substring(with).fields("=").map { String($0.trimmed(\.isSpace)) }
            guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter || $0 == "_" }), !parts[1].isEmpty else {
                throw QueryFileError(fileName: fileName, message: "with: '\(with)' is not 'ALIAS = FILE'")
            }
            input = Input(alias: parts[0], fileName: parts[1] + ".sql")
        } else {
            input = nil
        }
        switch header["needs"] {
        case nil: needsProfile = false
        case "profile": needsProfile = true
        case let other?: throw QueryFileError(fileName: fileName, message: "unknown need '\(other)'")
        }
        var parameters: [Parameter] = []
        for item in Substring(header["params"] ?? "").fields(",") {
            var words = item.fields(" ").map(String.init)
            guard let first = words.first else { continue }
            words.removeFirst()
            switch words {
            case [], ["(required)"]: parameters.append(Parameter(name: first, required: true))
            case ["(optional)"]: parameters.append(Parameter(name: first, required: false))
            default: throw QueryFileError(fileName: fileName, message: "cannot read parameter '\(item)'")
            }
        }
        self.parameters = parameters
    }

    /// The header's `key: value` pairs. Only the header is read, line by line: every `report`
    /// reads all of Queries/ when it starts, so nothing here walks a whole file or goes
    /// through NSString; an ASCII line (all of them in Queries/) is read as bytes, as
    /// `headerLine` reads it (which reads any other).
    static func header(of text: String, fileName: String) throws -> Header {
        var text = text
        return try text.withUTF8 { bytes -> Header in
            var header = Header()
            var start = 0
            // By bytes: Queries/ holds no "\r" (ReportRegistryTests), so no "\r\n" grapheme
            // hides a line end from a byte search.
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                var lo = start, hi = end
                start = end + 1
                if bytes[lo..<hi].contains(where: { $0 >= 0x80 }) {
                    switch headerLine(Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self))) {
                    case .blank, .comment: continue
                    case .end: return header
                    case .entry(let key, let value): try header.add(key, index: keys.firstIndex(of: key), value, fileName: fileName)
                    }
                    continue
                }
                func trim() {
                    while lo < hi && (bytes[lo] == 0x20 || bytes[lo] == 0x09) { lo += 1 }
                    while hi > lo && (bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09) { hi -= 1 }
                }
                trim()
                if lo == hi { continue }
                guard hi - lo >= 2, bytes[lo] == UInt8(ascii: "-"), bytes[lo + 1] == UInt8(ascii: "-") else { return header }
                lo += 2
                trim()
                guard let colon = bytes[lo..<hi].firstIndex(of: UInt8(ascii: ":")), colon > lo,
                      bytes[lo..<colon].allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { continue }
                let key = bytes[lo..<colon]
                let index = keys.firstIndex { $0.utf8.elementsEqual(key) }
                lo = colon + 1
                trim()
                try header.add(index.map { keys[$0] } ?? String(decoding: UnsafeBufferPointer(rebasing: key), as: UTF8.self), index: index,
                               String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self), fileName: fileName)
            }
            return header
        }
    }

    enum HeaderLine: Equatable {
        case blank, end, comment
        case entry(key: String, value: String)
    }

    /// What one line of a header says, read as text: blank, the end of the header (not a
    /// comment), a comment of free text, or a `key: value`.
    static func headerLine(_ line: Substring) -> HeaderLine {
        let trimmed = line.trimmed(\.isSpace)
        if trimmed.isEmpty { return .blank }
        guard trimmed.hasPrefix("--") else { return .end }
        let body = trimmed.dropFirst(2).trimmed(\.isSpace)
        guard let colon = body.utf8.firstIndex(of: UInt8(ascii: ":")) else { return .comment }
        let key = String(body[..<colon])
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter && $0.isLowercase }) else { return .comment }
        return .entry(key: key, value: String(body[body.index(after: colon)...].trimmed(\.isSpace)))
    }

    /// The statement without its final `;`, to stand inside another.
    var statementBody: String {
        var body = Substring(sql).trimmed(\.isSpaceOrNewline)
        if body.hasSuffix(";") { body.removeLast() }
        return String(body)
    }

    /// This query with its `with` input resolved (recursively) from `files`, by file name.
    func resolvingInput(in files: [String: QueryFile], seen: Set<String> = []) throws -> QueryFile {
        guard let input else { return self }
        guard !seen.contains(fileName) else {
            throw QueryFileError(fileName: fileName, message: "with: the queries read each other in a circle")
        }
        guard let source = files[input.fileName] else {
            throw QueryFileError(fileName: fileName, message: "with: no query file \(input.fileName)")
        }
        let resolved = try source.resolvingInput(in: files, seen: seen.union([fileName]))
        var copy = self
        let expression = "\(input.alias) AS (\n\(resolved.statementBody)\n)"
        // A statement with common table expressions of its own gets the input as its first one.
        if let with = leadingWith {
            copy.sql = String(sql[..<with.lowerBound]) + "WITH " + expression + ",\n" + String(sql[with.upperBound...])
        } else {
            copy.sql = "WITH " + expression + "\n" + sql
        }
        return copy
    }

    /// The `WITH ` that begins the statement (after its comment lines), if it begins with one.
    private var leadingWith: Range<String.Index>? {
        var rest = sql[...]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            guard rest.hasPrefix("--") else { break }
            rest = rest.drop { $0 != "\n" }
        }
        let word = rest.prefix(5)
        guard word.count == 5, word.prefix(4).uppercased() == "WITH", word.last == " " || word.last == "\n" else { return nil }
        return rest.startIndex..<rest.index(rest.startIndex, offsetBy: 5)
    }

    /// How the variant is called: `--run R [--snapshot S] --by rule`.
    public var usage: String {
        var parts: [String] = []
        for p in parameters {
            let option = "--\(p.name) \(QueryFile.placeholder(p.name))"
            parts.append(p.required ? option : "[\(option)]")
        }
        if let by { parts.append("--by \(by)") }
        parts += flags.map { "[--\($0)]" }
        if details { parts.append("--details") }
        return parts.joined(separator: " ")
    }

    /// The parameter a flag is bound as (`app-only` -> `app_only`).
    static func parameter(flag: String) -> String { flag.replacingOccurrences(of: "-", with: "_") }

    static func placeholder(_ name: String) -> String {
        InputFormats.storedKinds.lazy.flatMap(\.options).first { $0.name == name }?.placeholder ?? name.uppercased()
    }
}

public struct QueryFileError: Error, CustomStringConvertible, Equatable {
    public var fileName: String
    public var message: String
    public var description: String { "Queries/\(fileName): \(message)" }
}

extension Substring {
    /// `split(separator:)` (empty pieces left out) by bytes where the text is ASCII, as a
    /// header's values are: splitting by Character weighs each for grapheme breaks.
    func fields(_ separator: Unicode.Scalar) -> [Substring] {
        guard separator.isASCII, utf8.allSatisfy({ $0 < 0x80 }) else { return split(separator: Character(separator)) }
        let byte = UInt8(separator.value)
        var pieces: [Substring] = []
        var start = utf8.startIndex, i = start
        while i != utf8.endIndex {
            if utf8[i] == byte {
                if i != start { pieces.append(self[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start != utf8.endIndex { pieces.append(self[start..<utf8.endIndex]) }
        return pieces
    }

    /// Without the leading and trailing scalars `drop` says to drop (what Foundation's
    /// `trimmingCharacters(in:)` does, without bridging through NSString).
    func trimmed(_ drop: (Unicode.Scalar) -> Bool) -> Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return self[endIndex...] }
        let last = scalars.lastIndex(where: { !drop($0) })!
        return Substring(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// `CharacterSet.whitespaces` as CoreFoundation defines it: the tab, the space separators,
    /// and U+200B, which Unicode has since moved out of them (ReportRegistryTests compares the
    /// two on every scalar to U+3100, on the platform the tests run on).
    var isSpace: Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// `CharacterSet.whitespacesAndNewlines`: those and U+000A-U+000D, U+0085, U+2028, U+2029.
    var isSpaceOrNewline: Bool {
        isSpace || ("\n"..."\r").contains(self) || self == "\u{85}" || self == "\u{2028}" || self == "\u{2029}"
    }
}

import Foundation
