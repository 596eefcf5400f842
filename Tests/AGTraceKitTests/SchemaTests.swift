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

    /// Each published migration's text, as SHA-256 of its UTF-8: parts are written out by
    /// code (the Instruments views, the `is_app` list, columns and views several share), and
    /// none may change once it has run on someone's database. A new migration appends its
    /// hash here.
    func testThePublishedMigrationsTextsAreFrozen() throws {
        let frozen = [
            "a057c07acf0b14fc17546bfc5ffd97e594baa22cf6e33df71561e05d10e64423",
            "fd93c822e2056c2d971253e2d202b08189e5aee083e4a5f2b51f890d5db2d47e",
            "ecc4877e66cde3dc1ffe61ead85694d8fee17dc1618a59d42c1274f33058914e",
            "2f23f3b23b3799b3e13f496074c99e7c785848019c659f612eea57646f836dc1",
            "dc20f8b5fc4192921142fe3985023d29cad7f344de6b453244aa67488af82b60",
            "0e489738a41cbba7a2393fdbb749de4d5b5429bc380e442824057ae35a0077da",
            "85c738e66d467a69919ed4b6ed45e815260dc17d1a3b65d2661f97e4d612da46",
            "fe10843b45c705155437fbdab948f3b89acb34ee4bcb464b4e10b87cab9e988d",
            "752cc189f05e9731384aa334a325a038c4dc7e370d77cb6a7052100d9e441471",
            "cd1879da76ae7b5c42f06151aef91e2d52e64d900aaa8b8211da9ab8a6b85b23",
            "841a34e5565352a4adf11089803de8dc80004c97d59911d19b56164bb682542e",
            "05e992bb51151cc98d62398b85026de3005f47c5d9718a517395c90ac3e4d042",
            "1d5745db7e19a682d3591cd9ea129366b8dd2153264aac112a021320e89affb7",
            "8f5d1a17959e65c3286088c6fa3f5bbf9f879bf8c547c1ed15882ae10e60c261",
            "f299f3d4c7ce96b7a4267ce60db2856e7cbd2b2e17ae0ac15b5e951c921f7a6a",
            "d2e31ab1b38e1e06c00d62cf1eb1bb0066d36b045aa13395d7415c679c485dc7",
            "1dacfc96ef52c3a928cee95f92159af5bf151cc92d050c5a13818cbe7c61b104",
            "d2ea5e62ac2cdac1840aaa7aa2c06ecb2af126922b71217a37981c8fe9ecead1",
            "9fdec3e78b9979b866339373be4aae876e5368db2ff9bc3bfaf32c414c359d31",
            "ace1c82434a52ee0731da42f89b7c6c0d2c2649c49f300571ebaf9a66664af42",
            "6f73605bd34d64d46ea4dd77a46f515233755a01497713d17ec8b3701c5aef30",
            "937a05fc228c20c42b7ceaca779b0550580ccc53f3635ecc1213b12b88a64dcb",
            "dfe37277e669a3109c5495239586ff30bcc623d47062a983fc6f444b12498d30",
        ]
        XCTAssertEqual(Schema.migrations.count, frozen.count, "a new migration appends its hash")
        for (i, m) in Schema.migrations.enumerated() where i < frozen.count {
            var sha = SHA256()
            sha.update(Array(m.utf8))
            XCTAssertEqual(sha.finalizeHex(), frozen[i], "migration \(i + 1)'s text changed")
        }
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
