import AGTraceCLI
import AGTraceKit
import Foundation
import XCTest

/// The generated reference docs match the code: regenerate with `swift run agtrace-docs`.
final class DocsTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @MainActor func testCLIReferenceIsCurrent() throws {
        XCTAssertEqual(try read("docs/cli.md"), AGTraceCLI.referenceDocument(),
                       "docs/cli.md is stale: run `swift run agtrace-docs` and commit the result")
    }

    /// README's and docs/formats.md's tables of formats are the registry's (`KindWords`).
    func testTheTablesOfFormatsAreCurrent() throws {
        for document in KindWords.tableDocuments {
            let text = try read(document.path)
            let fresh = try XCTUnwrap(KindWords.withFormatsTable(text, linkBase: document.linkBase), "\(document.path): the table's markers are gone")
            XCTAssertEqual(text, fresh, "\(document.path)'s table of formats is stale: run `swift run agtrace-docs` and commit the result")
        }
        let table = KindWords.formatsTable(linkBase: "")
        for format in InputFormats.all { XCTAssertTrue(table.contains("| \(format.noun) |"), format.kind.rawValue) }
    }

    func testSchemaReferenceIsCurrent() throws {
        let fresh = try SchemaDocument.freshDocument()
        XCTAssertEqual(try read("docs/schema.md"), fresh.text,
                       "docs/schema.md is stale: run `swift run agtrace-docs` and commit the result")
    }

    func testCurrentSchemaIsTheMigrationsReplayed() throws {
        XCTAssertEqual(try read("Sources/AGTraceKit/Store/CurrentSchema.swift"), try Schema.generatedCurrentSchemaFile(),
                       "CurrentSchema.swift is stale: run `swift run agtrace-docs` and commit the result")
    }

    func testEveryTableViewAndColumnIsDescribed() throws {
        let fresh = try SchemaDocument.freshDocument()
        XCTAssertEqual(fresh.undescribed, [], "describe these in Sources/AGTraceKit/Store/SchemaReference.swift")
    }

    func testAMissingDescriptionIsFound() {
        let objects = [SchemaDocument.Object(name: "snapshots", kind: "table", columns: [("id", "INTEGER"), ("brand_new", "TEXT")]),
                       SchemaDocument.Object(name: "mystery", kind: "view", columns: [("x", "")])]
        let missing = SchemaDocument.undescribed(objects)
        XCTAssertTrue(missing.contains("snapshots.brand_new"))
        XCTAssertTrue(missing.contains("mystery"))
        XCTAssertFalse(missing.contains("snapshots.id"))
    }
}
