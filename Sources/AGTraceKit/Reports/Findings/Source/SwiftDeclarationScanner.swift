import Foundation

/// A SwiftUI view declared in the app's sources: a `struct`, `class`, `enum` or `actor`
/// conforming to `View` (or `SwiftUI.View`), or an `extension … : View`, named as
/// `_printChanges` prints it (enclosing types joined by `.`, generic parameters left out).
public struct ViewDeclaration: Codable, Equatable, Sendable {
    public var name: String
    /// The path relative to the scanned folder.
    public var file: String
    /// The line of the declaring keyword (`struct`, `extension`…), from 1.
    public var line: Int
}

/// Finds the view declarations of Swift source text (`SwiftTokens` keeps comments, strings
/// and undecidable `#if` branches out of it).
public enum SwiftDeclarationScanner {
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension"]
    /// Words that may follow `class` without it declaring a type (`class func`, `class var`).
    static let notTypeNames: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "static", "final", "override", "private",
                                           "fileprivate", "internal", "public", "open", "convenience", "required", "typealias"]

    public static func declarations(in source: String, file: String) -> [ViewDeclaration] {
        let tokens = SwiftTokens(source).tokens
        var found: [ViewDeclaration] = []
        // Open braces: the qualified name of the type each opens (nil for any other brace).
        var scopes: [String?] = []
        var pendingScope: String?? = nil
        var k = 0
        func word(_ j: Int) -> String? { j < tokens.count ? tokens[j].text : nil }
        while k < tokens.count {
            let t = tokens[k].text
            if t == "{" {
                scopes.append(pendingScope ?? nil)
                pendingScope = nil
                k += 1
                continue
            }
            if t == "}" {
                _ = scopes.popLast()
                k += 1
                continue
            }
            guard typeKeywords.contains(t), let first = word(k + 1), isName(first), !notTypeNames.contains(first),
                  k == 0 || word(k - 1) != "." else {
                k += 1
                continue
            }
            let keywordLine = tokens[k].line
            // The name: dotted for an extension (`extension Outer.Inner`).
            var name = first
            var j = k + 2
            if t == "extension" {
                while word(j) == ".", let next = word(j + 1), isName(next) {
                    name += "." + next
                    j += 2
                }
            }
            // Generic parameters (`<T: Hashable>`), skipped with their nested brackets.
            if word(j) == "<" { j = skipAngles(tokens, from: j) }
            // The inheritance clause up to `where` or `{`; a conformance to View at depth 0.
            var conforms = false
            if word(j) == ":" {
                j += 1
                var depth = 0
                while let w = word(j), w != "{", !(w == "where" && depth == 0) {
                    if w == "<" || w == "(" || w == "[" { depth += 1 }
                    if w == ">" || w == ")" || w == "]" { depth -= 1 }
                    if depth == 0, w == "View", word(j + 1) != ".", (word(j - 1) != "." || (word(j - 2) == "SwiftUI" && word(j - 3) != ".")) {
                        conforms = true
                    }
                    j += 1
                }
            }
            while let w = word(j), w != "{", w != "}" { j += 1 }  // a where clause
            let enclosing = t == "extension" ? nil : scopes.compactMap { $0 }.last
            let qualified = enclosing.map { $0 + "." + name } ?? name
            if conforms { found.append(ViewDeclaration(name: qualified, file: file, line: keywordLine)) }
            pendingScope = .some(qualified)
            k = j
        }
        return found
    }

    static func isName(_ s: String) -> Bool {
        guard let c = s.unicodeScalars.first else { return false }
        return CharacterSet.letters.contains(c) || c == "_"
    }

    private static func skipAngles(_ tokens: [SwiftTokens.Token], from start: Int) -> Int {
        var depth = 0
        var j = start
        while j < tokens.count {
            if tokens[j].text == "<" { depth += 1 }
            if tokens[j].text == ">" { depth -= 1; if depth == 0 { return j + 1 } }
            if tokens[j].text == "{" { return j }
            j += 1
        }
        return j
    }

    /// Every `.swift` file under `folder` (hidden folders and `.build` left out), in path order.
    public static func declarations(inFolder folder: String) throws -> [ViewDeclaration] {
        let root = URL(fileURLWithPath: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportUsageError("--source \(folder): no such folder (give the folder of the app's Swift sources)")
        }
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var paths: [String] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" { walker.skipDescendants(); continue }
            if url.pathExtension == "swift" { paths.append(url.path) }
        }
        let prefix = root.standardizedFileURL.path.hasSuffix("/") ? root.standardizedFileURL.path : root.standardizedFileURL.path + "/"
        var found: [ViewDeclaration] = []
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(path: path, message: "cannot read it")
            }
            let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
            let relative = standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : standardized
            found += declarations(in: String(decoding: data, as: UTF8.self), file: relative)
        }
        return found
    }
}
