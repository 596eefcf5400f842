import XCTest
@testable import AGTraceKit

/// Compression is one decoding layer, registered once (`Compressions`): the sniffer, a folder
/// of exports and the label all read it from there, and `imports.compression` names it.
final class CompressionLayerTests: TemporaryDirectoryTestCase {
    func testTheLayersAreRegisteredOnce() {
        XCTAssertEqual(Compressions.all.map(\.name), ["gzip", "raw DEFLATE"])
        XCTAssertEqual(Compressions.all.filter(\.withoutMagic).map(\.name), ["raw DEFLATE"], "tried only on what no format is sure of")
        XCTAssertEqual(Labels.defaultLabel(for: "/x/planner-edit.ag-trace.gz"), "planner-edit", "the layer's ending leaves the label")
    }

    /// A folder of exports reads a gzip'd member through the same layer as a file.
    func testAFolderMemberIsReadThroughTheLayer() throws {
        let folder = dir.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gz = try XCTUnwrap(FileManager.default.contents(atPath: TestPaths.sample("xctrace/updates-xcode27.xml.gz")))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent("updates.xml.gz").path, contents: gz))
        XCTAssertTrue(XctraceFolder.isRecording(folder.path))
        let imp = try importer()
        let item = try XCTUnwrap(imported(try imp.importItem(folder.path)))
        XCTAssertEqual(item.kind, .xctrace)
        XCTAssertEqual(item[count: "rows"], 364)
        // A file's layer is named in its row; a gzip'd trace's too.
        let trace = try XCTUnwrap(imported(try imp.importItem(TestPaths.sample("traces/planner-edit.ag-trace.gz"))))
        XCTAssertEqual(trace.compression, "gzip")
        XCTAssertEqual(try imp.db.scalar("SELECT compression FROM imports WHERE label = 'planner-edit'")?.stringValue, "gzip")
    }
}
