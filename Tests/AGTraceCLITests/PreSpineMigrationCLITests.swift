import AGTraceKit
import Foundation
import XCTest

/// A database made before the spine (schema 20, every stored kind: Tests/Fixtures/pre-spine)
/// opened by today's agtrace: migrated to `imports` and `<kind>_facts`, it answers every one
/// of 251 questions with the same bytes and exit status the old binary gave.
final class PreSpineMigrationCLITests: CLITestCase {
    static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/pre-spine")

    struct Question: Decodable {
        var arguments: [String]
        var status: Int32
        var sha256: String
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.copyItem(atPath: Self.fixture.appendingPathComponent("agtrace.db").path, toPath: db)
    }

    func testEveryAnswerOfTheOldBinaryIsTheSameAfterTheMigration() throws {
        let questions = try JSONDecoder().decode([Question].self, from: Data(contentsOf: Self.fixture.appendingPathComponent("expected.json")))
        XCTAssertEqual(questions.count, 251)
        for q in questions {
            let r = try runAgtrace(q.arguments + ["--db", db], status: nil)
            var hash = SHA256()
            hash.update(Array(r.stdout.utf8))
            XCTAssertEqual(r.status, q.status, "agtrace \(q.arguments.joined(separator: " ")): \(r.stderr)")
            XCTAssertEqual(hash.finalizeHex(), q.sha256, "agtrace \(q.arguments.joined(separator: " ")) answers otherwise than before the spine:\n\(r.stdout)")
        }
    }

    func testTheSpineHoldsEveryImportWithWhatItsKindKnew() throws {
        let kinds = try runAgtrace(["query", "--db", db, "--format", "csv",
                                    "SELECT kind, count(*), count(sha256), count(size_bytes), sum(complete = 0), sum(complete IS NULL) FROM imports GROUP BY kind ORDER BY kind"],
                                   status: 0).stdout
        XCTAssertEqual(kinds, """
        kind,count(*),count(sha256),count(size_bytes),sum(complete = 0),sum(complete IS NULL)
        console,17,17,17,2,15
        recording,4,4,4,0,2
        run,14,14,14,3,3
        snapshot,16,16,16,0,0
        trace,17,17,17,1,0

        """)
        let version = try runAgtrace(["query", "--db", db, "--format", "csv", "PRAGMA user_version"], status: 0).stdout
        XCTAssertEqual(version.split(whereSeparator: \.isNewline).last.map(String.init), String(Schema.latestVersion))
        // Every kind's rows hang from their import: deleting one removes its facts row and notes.
        try runAgtrace(["delete", "--db", db, "tap-stepper-crashed"], status: 0)
        let left = try runAgtrace(["query", "--db", db, "--format", "csv",
                                   "SELECT (SELECT count(*) FROM imports WHERE label = 'tap-stepper-crashed') + (SELECT count(*) FROM runs WHERE label = 'tap-stepper-crashed') + (SELECT count(*) FROM import_notes WHERE label = 'tap-stepper-crashed')"],
                                  status: 0).stdout
        XCTAssertTrue(left.hasSuffix("\n0\n"), left)
    }
}
