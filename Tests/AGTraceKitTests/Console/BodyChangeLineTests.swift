import XCTest
@testable import AGTraceKit

/// `_printChanges` / `_logChanges` lines (../shared/formats/swiftui-changes.md): the view, the
/// tokens and their kinds; lines of another shape are not body runs.
final class BodyChangeLineTests: XCTestCase {
    func tokens(_ line: String) throws -> [String] {
        try XCTUnwrap(bodyChange(line), line).tokens.map { "\($0.kind):\($0.name)" }
    }

    func testEveryTokenShape() throws {
        XCTAssertEqual(try tokens("ContentModel: @self, @identity, _sheetShown, _counter changed."),
                       ["self:@self", "identity:@identity", "property:_sheetShown", "property:_counter"])
        XCTAssertEqual(try tokens("ChildView: @dependencies, @self changed."), ["dependencies:@dependencies", "self:@self"])
        XCTAssertEqual(try tokens("CategoryList.Container: _categories, @16, _status, @184 changed."),
                       ["property:_categories", "offset:@16", "property:_status", "offset:@184"])
        XCTAssertEqual(try tokens("V: __n changed."), ["property:__n"])
        XCTAssertEqual(try tokens("CategoryList.Container: \\Storage<Optional<Status>>.output changed."),
                       ["keypath:\\Storage<Optional<Status>>.output"])
        XCTAssertEqual(try tokens("V: \\Store<Dictionary<String, Int>>.totals, _x changed."),
                       ["keypath:\\Store<Dictionary<String, Int>>.totals", "property:_x"], "`, ` inside brackets does not split")
        XCTAssertEqual(try tokens("V: \\Model.<computed 0x0000000104e3c7a0 (String)> changed."),
                       ["keypath:\\Model.<computed 0x0000000104e3c7a0 (String)>"])
    }

    func testViewNames() throws {
        XCTAssertEqual(try bodyChange("BaseGraphView<WeekSectionViewModel>: @self changed.")?.view, "BaseGraphView<WeekSectionViewModel>")
        XCTAssertEqual(try bodyChange("Inspector<Dictionary<String, Int>>: unchanged.")?.view, "Inspector<Dictionary<String, Int>>")
        XCTAssertEqual(try bodyChange("AnimalDetail.Presenter: @self changed.")?.view, "AnimalDetail.Presenter")
        let unchanged = try XCTUnwrap(bodyChange("ContentModel: unchanged."))
        XCTAssertTrue(unchanged.unchanged)
        XCTAssertEqual(unchanged.tokens, [])
    }

    func testNotesAfterTheLineAreIgnored() throws {
        XCTAssertEqual(try tokens("Toolbar: @16 changed.   <- after tapping Edit"), ["offset:@16"])
        XCTAssertEqual(try bodyChange("ContentModel: unchanged. (second tap)")?.unchanged, true)
    }

    func testOtherLinesAreNoBodyRuns() throws {
        for line in ["Error: value changed.", "Note: the value changed.", "My View: @self changed.", "V: changed.",
                     "V: @self changed", "V: @self changed.x", "V: @selfish changed.", "V: @ changed.", "V: _ changed.",
                     "V: \\NoDot changed.", "V: _a-b changed.", ".V: @self changed.", "V.: @self changed.", "V<: @self changed.",
                     "() $R6 = {}", "ViewModel.init", "V: @self,_x changed.", ": @self changed."] {
            XCTAssertNil(try bodyChange(line), line)
        }
    }
}
