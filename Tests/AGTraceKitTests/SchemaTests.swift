import XCTest
@testable import AGTraceKit

/// A new database gets `Schema.current` in one go; one created by an older agtrace gets the
/// migrations. Both must end with the same tables, indexes and views.
final class SchemaTests: XCTestCase {
    func testCurrentSchemaEqualsTheMigrationsReplayed() throws {
        let replayed = try Database(rawPath: ":memory:", readOnly: false, create: true)
        for m in Schema.migrations { try replayed.execute(m) }
        let direct = try Database(rawPath: ":memory:", readOnly: false, create: true)
        try direct.execute(Schema.current)
        let a = try Self.objects(replayed), b = try Self.objects(direct)
        XCTAssertGreaterThan(a.count, 20)
        XCTAssertEqual(a.map(\.name), b.map(\.name))
        for (x, y) in zip(a, b) { XCTAssertEqual(x, y, "\(x.name) differs; replayed:\n\(x.sql)") }
    }

    /// Rows the migrations put in (trace_kinds) are in a new database too.
    func testCurrentSchemaHoldsTheMigrationsRows() throws {
        let replayed = try Database(rawPath: ":memory:", readOnly: false, create: true)
        for m in Schema.migrations { try replayed.execute(m) }
        let direct = try Database(rawPath: ":memory:", readOnly: false, create: true)
        try direct.execute(Schema.current)
        var seeded = 0
        for table in try Self.objects(replayed) where table.type == "table" {
            let columns = try replayed.scalar("SELECT count(*) FROM pragma_table_info(?1)", [.text(table.name)])?.intValue ?? 1
            let select = "SELECT * FROM \"\(table.name)\" ORDER BY " + (1...max(columns, 1)).map(String.init).joined(separator: ", ")
            let a = try replayed.rows(select), b = try direct.rows(select)
            XCTAssertEqual(a, b, table.name)
            if !a.isEmpty { seeded += 1 }
        }
        XCTAssertGreaterThan(seeded, 0)
    }

    /// What opening a database compares it with, worked out when CurrentSchema.swift was
    /// written (so that no command builds the schema to hash it): the migrations' count, the
    /// hash a database records in `schema_hash`, and the hash of SQLite's own rows, the same
    /// for a database made by `current` and one brought forward by the migrations.
    func testTheGeneratedConstantsAreTheSchemas() throws {
        XCTAssertEqual(Schema.latestVersion, Schema.migrations.count)
        let replayed = try Database(rawPath: ":memory:", readOnly: false, create: true)
        for m in Schema.migrations { try replayed.execute(m) }
        let direct = try Database(rawPath: ":memory:", readOnly: false, create: true)
        try direct.execute(Schema.current)
        for db in [replayed, direct] {
            XCTAssertEqual(SchemaObjects.hash(of: try SchemaObjects.objects(in: db)), Schema.currentHash)
            XCTAssertEqual(try SchemaObjects.rawHash(in: db), Schema.currentRawHash)
        }
        XCTAssertEqual(try SchemaObjects.definitionHash(version: Schema.latestVersion), Schema.currentHash)
    }

    /// The published migrations (1…21, as agtrace shipped them at f181f7d) still make
    /// exactly what they made, byte for byte: parts of their text are generated (the
    /// Instruments views, the `is_app` list), and a generator's change must never reach a
    /// migration that has already run on someone's database.
    func testThePublishedMigrationsMakeWhatTheyMade() throws {
        let db = try Database(rawPath: ":memory:", readOnly: false, create: true)
        for m in Schema.migrations.prefix(21) { try db.execute(m) }
        XCTAssertEqual(try SchemaObjects.rawHash(in: db), "9f2a1aff48a480e131a9df5f0c7d7c8e85f48cddacb6f4337ae1771ae1673ca6")
        XCTAssertEqual(SchemaObjects.hash(of: try SchemaObjects.objects(in: db)), "26e2c8e2741b5bd03fc4b045b38a8948728416cb633723a72bd013fa1af49f06")
    }

    struct Object: Equatable {
        var type: String
        var name: String
        var table: String
        var sql: String
    }

    /// sqlite_master, with the text SQLite rewrites on a rename (quotes) and layout ignored.
    static func objects(_ db: Database) throws -> [Object] {
        try db.rows("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY name").map { row in
            let sql = row[3].description.replacingOccurrences(of: "\"", with: "")
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
                .replacingOccurrences(of: " (", with: "(")
            return Object(type: row[0].description, name: row[1].description, table: row[2].description, sql: sql)
        }
    }
}
