import XCTest
@testable import AGTraceKit

/// The pipeline's writer thread and the reader share one SQLite connection, one at a time.
final class RecordPipelineTests: XCTestCase {
    /// Stands for a store: what it holds must be let go on the writer thread before the reader
    /// is told the writer is done, never later on that thread while the reader uses the
    /// connection again (a store's release finalizes its statements).
    final class Store: @unchecked Sendable {
        var written = 0
    }

    func testTheWriterLetsGoOfItsStoreBeforeFinishReturns() throws {
        for round in 0..<200 {
            weak var released: Store?
            let pipeline: RecordPipeline<Int>
            do {
                let store = Store()
                released = store
                let box = UncheckedBox(store)
                pipeline = RecordPipeline(batchSize: 4, write: { box.value.written += $0.count })
            }
            for i in 0..<10 { try pipeline.add(i) }
            try pipeline.finish()
            XCTAssertNil(released, "round \(round): the writer thread still held the store after finish()")
        }
    }

    func testAfterAFailureAbandonReturnsAndTheStoreIsReleased() throws {
        struct Failure: Error {}
        for round in 0..<200 {
            weak var released: Store?
            let pipeline: RecordPipeline<Int>
            do {
                let store = Store()
                released = store
                let box = UncheckedBox(store)
                pipeline = RecordPipeline(batchSize: 4, write: { _ in _ = box.value; throw Failure() })
            }
            for i in 0..<3 { try pipeline.add(i) }
            XCTAssertThrowsError(try pipeline.finish())
            pipeline.abandon()  // after finish threw: must not wait a second time
            XCTAssertNil(released, "round \(round)")
        }
    }
}
