// Writes docs/cli.md (every command's --help), docs/schema.md (the prose of SchemaDocument
// with the reference of a fresh database's tables, views and columns),
// Sources/AGTraceKit/Store/CurrentSchema.swift (the migrations replayed, written whole) and the
// table of formats in README.md and docs/formats.md (from the registry: KindWords).
// Run from the repository's root: `swift run agtrace-docs`. DocsTests fail when they are stale.
import AGTraceCLI
import AGTraceKit
import Foundation

let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : FileManager.default.currentDirectoryPath
do {
    // The schema first: a fresh database is made from the built CurrentSchema.swift, so after a
    // new migration that file is written and the tool is run again by its rebuilt self.
    let currentSchemaPath = root + "/Sources/AGTraceKit/Store/CurrentSchema.swift"
    let currentSchema = try Schema.generatedCurrentSchemaFile()
    if (try? String(contentsOfFile: currentSchemaPath, encoding: .utf8)) != currentSchema {
        try currentSchema.write(toFile: currentSchemaPath, atomically: true, encoding: .utf8)
        print("wrote \(currentSchemaPath) (a migration was added): run `swift run agtrace-docs` again for docs/cli.md and docs/schema.md")
        exit(0)
    }
    let cli = AGTraceCLI.referenceDocument()
    let schema = try SchemaDocument.freshDocument()
    try cli.write(toFile: root + "/docs/cli.md", atomically: true, encoding: .utf8)
    try schema.text.write(toFile: root + "/docs/schema.md", atomically: true, encoding: .utf8)
    for document in KindWords.tableDocuments {
        let path = root + "/" + document.path
        guard let fresh = KindWords.withFormatsTable(try String(contentsOfFile: path, encoding: .utf8), linkBase: document.linkBase) else {
            FileHandle.standardError.write(Data("agtrace-docs: error: \(document.path) has no table of formats (its markers are gone)\n".utf8))
            exit(1)
        }
        try fresh.write(toFile: path, atomically: true, encoding: .utf8)
    }
    if !schema.undescribed.isEmpty {
        FileHandle.standardError.write(Data("agtrace-docs: warning: no description in SchemaReference.swift for: \(schema.undescribed.joined(separator: ", "))\n".utf8))
        exit(1)
    }
    print("wrote docs/cli.md, docs/schema.md, Sources/AGTraceKit/Store/CurrentSchema.swift and the tables of formats in README.md and docs/formats.md under \(root)")
} catch {
    FileHandle.standardError.write(Data("agtrace-docs: error: \(error)\n".utf8))
    exit(1)
}
