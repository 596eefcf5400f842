import Foundation
import XCTest
@testable import AGTraceKit

/// The reports that sum a recording's updates group its rows by value ids first
/// (`xctrace_update_cells`) and name each distinct group once. They must give the rows the
/// plain queries over `xctrace_updates` give, whatever the export's ids: one text under several
/// ids (a writer that never `ref`s), repeats by `ref`, missing cells, a description under two
/// update types, Apple's modules beside the app's.
final class XctraceUpdateCellsTests: DatabaseTestCase {
    /// The straightforward forms, every update read through the view (the reports' SQL before
    /// `xctrace_update_cells`): the oracle.
    static let plain: [String: String] = [
        "xctrace-updates.sql": """
            SELECT update_type, module, is_app, count(*) AS updates,
                   CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END,
                   CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) / 1e9 END
            FROM xctrace_updates WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
            GROUP BY update_type, module ORDER BY 5 DESC, updates DESC, update_type, module
            """,
        "xctrace-updates-by-rule.sql": """
            SELECT description, min(update_type), min(module), min(view), count(*) AS updates,
                   CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END,
                   CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) / 1e9 END
            FROM xctrace_updates WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
            GROUP BY description ORDER BY 6 DESC, updates DESC, description
            """,
        "xctrace-updates-by-view.sql": """
            SELECT view, min(module), sum(update_type = 'View Body Updates'), count(*) AS updates,
                   CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END,
                   CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) / 1e9 END,
                   CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 / count(*) END
            FROM xctrace_updates WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
            GROUP BY view ORDER BY 5 DESC, updates DESC, view
            """,
        "xctrace-rule-cost.sql": """
            WITH u AS (SELECT * FROM xctrace_updates WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)),
            d AS (SELECT description, min(update_type) AS update_type, min(module) AS module, min(view) AS view, count(*) AS updates,
                         CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) END AS self_ns,
                         CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) END AS downstream_ns,
                         CASE WHEN count(duration_ns) = count(*) THEN max(duration_ns) END AS max_ns FROM u GROUP BY description),
            r AS (SELECT description, duration_ns, row_number() OVER (PARTITION BY description ORDER BY duration_ns) AS position FROM u),
            p AS (SELECT d.*, CASE WHEN d.self_ns IS NOT NULL THEN r.duration_ns END AS p95_ns
                  FROM d JOIN r ON r.description IS d.description AND r.position = (d.updates * 95 + 99) / 100),
            w AS (SELECT sum(self_ns) AS ns, count(*) - count(self_ns) AS untimed FROM p)
            SELECT p.description, p.update_type, p.module, p.view, p.updates, p.self_ns / 1e9, p.downstream_ns / 1e9,
                   p.self_ns / 1e9 / p.updates, p.p95_ns / 1e9, p.max_ns / 1e9,
                   CASE WHEN w.untimed = 0 AND w.ns > 0 THEN 1.0 * p.self_ns / w.ns END
            FROM p, w ORDER BY p.self_ns DESC, p.updates DESC, p.description
            """,
    ]

    static let columns = ["start", "duration", "update-type", "description", "module", "downstream-cost"]

    /// One update: a cell per column, each its own element with an id unless `ref`d (`ref:`
    /// the id of an earlier value) or missing (a sentinel).
    enum Cell { case value(String), ref(Int), missing }

    func document(_ rows: [[Cell]]) -> String {
        let cols = Self.columns.map { "<col><mnemonic>\($0)</mnemonic><name>\($0)</name><engineering-type>\($0)</engineering-type></col>" }.joined()
        var id = 0
        var text = "<?xml version='1.0'?>\n<trace-query-result>\n<node xpath=\"//trace-toc[1]/run[1]/data[1]/table[1]\"><schema name=\"swiftui-updates\">\(cols)</schema>\n"
        for row in rows {
            text += "<row>"
            for (column, cell) in zip(Self.columns, row) {
                switch cell {
                case .value(let v):
                    id += 1
                    text += "<\(column) id=\"\(id)\">\(XMLText.escape(v))</\(column)>"
                case .ref(let r): text += "<\(column) ref=\"\(r)\"/>"
                case .missing: text += "<sentinel/>"
                }
            }
            text += "</row>\n"
        }
        return text + "</node></trace-query-result>\n"
    }

    /// Seeded rows over a few texts: most cells written out (a new id for the same text), some
    /// `ref`s to an earlier value of their column, some missing.
    func randomRows(seed: UInt64, count: Int) -> [[Cell]] {
        var random = SeededRandom(seed: seed)
        let texts: [[String]] = [
            ["1000", "2000", "3000"],
            ["1500", "2500", "3500", "7", "0"],
            ["View Body Updates", "Other Updates", "Representable Updates"],
            ["FeedRow.body", "AvatarView.body", "DynamicContainerInfo<X>", "FeedRow", "body"],
            ["FeedApp", "SwiftUI", "SwiftUICore", "OtherApp"],
            ["10", "20", "40000"],
        ]
        var idsByColumn: [[Int]] = Array(repeating: [], count: Self.columns.count)
        var nextId = 0
        var rows: [[Cell]] = []
        for _ in 0..<count {
            var row: [Cell] = []
            for column in Self.columns.indices {
                let roll = random.int(0...19)
                if roll == 0 {
                    row.append(.missing)
                } else if roll < 8, let earlier = idsByColumn[column].randomElement(using: &random) {
                    row.append(.ref(earlier))
                } else {
                    nextId += 1
                    idsByColumn[column].append(nextId)
                    row.append(.value(texts[column][random.int(0...(texts[column].count - 1))]))
                }
            }
            rows.append(row)
        }
        return rows
    }

    func testTheReportsGiveThePlainQueriesRows() throws {
        for seed: UInt64 in [1, 2, 3, 4] {
            let path = write("updates-\(seed).xml", document(randomRows(seed: seed, count: 300)))
            let item = try XCTUnwrap(imported(try Importer(database: db).importFile(path)))
            let id = try XCTUnwrap(db.scalar("SELECT id FROM xctrace_recordings WHERE label = ?1", [.text(item.label)])?.intValue)
            XCTAssertGreaterThan(try db.scalar("SELECT count(*) FROM xctrace_updates WHERE recording_id = ?1", [.integer(id)])?.intValue ?? 0, 250)
            for (file, plain) in Self.plain {
                let variant = try XCTUnwrap(ReportRegistry.reports.flatMap(\.variants).first { $0.fileName == file }, file)
                for appOnly in [SQLValue.null, .integer(1)] {
                    let values: [String: SQLValue] = ["xctrace": .integer(id), "app_only": appOnly]
                    let got = try variant.rows(in: db, values).rows
                    let expected = try db.rows(plain.replacingOccurrences(of: ":xctrace", with: "?1").replacingOccurrences(of: ":app_only", with: "?2"),
                                               [.integer(id), appOnly])
                    XCTAssertEqual(got, expected, "\(file), seed \(seed), app-only \(appOnly)")
                    XCTAssertFalse(got.isEmpty, file)
                }
            }
        }
    }

    /// A view whose every update leaves its update type out has an unknown count of body
    /// updates (NULL, as the plain query says), not 0.
    func testBodyUpdatesOfUnknownTypeStayUnknown() throws {
        let lonely: [Cell] = [.value("1"), .value("2"), .missing, .value("Lonely.body"), .value("App"), .value("3")]
        let known: [Cell] = [.value("4"), .value("5"), .value("View Body Updates"), .value("Row.body"), .value("App"), .value("6")]
        let path = write("unknown-type.xml", document([lonely, lonely, known]))
        let item = try XCTUnwrap(imported(try Importer(database: db).importFile(path)))
        let id = try XCTUnwrap(db.scalar("SELECT id FROM xctrace_recordings WHERE label = ?1", [.text(item.label)])?.intValue)
        let variant = try XCTUnwrap(ReportRegistry.reports.flatMap(\.variants).first { $0.fileName == "xctrace-updates-by-view.sql" })
        let rows = try variant.rows(in: db, ["xctrace": .integer(id), "app_only": .null]).rows
        XCTAssertEqual(rows.map { [$0[0], $0[2], $0[3]] }, [[.text("Row"), .integer(1), .integer(1)], [.text("Lonely.body"), .null, .integer(2)]])
        let plain = Self.plain["xctrace-updates-by-view.sql"]!.replacingOccurrences(of: ":xctrace", with: "?1").replacingOccurrences(of: ":app_only", with: "?2")
        XCTAssertEqual(rows, try db.rows(plain, [.integer(id), .null]))
    }

    /// What the gate counts (`check`, `compare`, `baseline` of recordings), the same way.
    func testTheGateCountsGiveThePlainQueryRows() throws {
        let path = write("counts.xml", document(randomRows(seed: 9, count: 300)))
        let item = try XCTUnwrap(imported(try Importer(database: db).importFile(path)))
        let id = try XCTUnwrap(db.scalar("SELECT id FROM xctrace_recordings WHERE label = ?1", [.text(item.label)])?.intValue)
        let plain = """
            SELECT coalesce(CASE WHEN ?2 = 1 THEN description ELSE view END, '(no view)') AS key, count(*),
                   CASE WHEN ?3 = 1 AND count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END
            FROM xctrace_updates WHERE recording_id = ?1 AND (?2 = 1 OR update_type = 'View Body Updates') GROUP BY key ORDER BY key
            """
        for byRule in [SQLValue.null, .integer(1)] {
            for withSeconds in [SQLValue.null, .integer(1)] {
                let got = try ReportRegistry.query("xctrace-counts").rows(in: db, ["xctrace": .integer(id), "by_rule": byRule, "with_seconds": withSeconds]).rows
                let expected = try db.rows(plain, [.integer(id), byRule, withSeconds])
                XCTAssertEqual(got.sorted { $0[0].description < $1[0].description }, expected, "by_rule \(byRule), with_seconds \(withSeconds)")
                XCTAssertGreaterThan(got.count, 1)
            }
        }
    }

    /// The cells view is written out from the same declaration as `xctrace_updates`: a column
    /// per mnemonic, each the slot the reader writes it to.
    func testTheCellsViewReadsTheUpdatesSlots() throws {
        let path = write("one.xml", document([[.value("5"), .value("6"), .value("View Body Updates"), .value("A.body"), .value("App"), .value("9")]]))
        _ = try XCTUnwrap(imported(try Importer(database: db).importFile(path)))
        let row = try XCTUnwrap(db.textRows("""
            SELECT s.raw, d.number, t.raw, m.raw, c.number FROM xctrace_update_cells x
            JOIN xctrace_values s ON s.id = x.start_value JOIN xctrace_values d ON d.id = x.duration_value
            JOIN xctrace_values t ON t.id = x.update_type_value JOIN xctrace_values m ON m.id = x.module_value
            JOIN xctrace_values c ON c.id = x.downstream_cost_value
            """).first)
        XCTAssertEqual(row, ["", "6", "View Body Updates", "App", "9"])
        XCTAssertEqual(try db.scalar("SELECT start_ns FROM xctrace_updates")?.intValue, 5)
    }
}
