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

    /// Where the test watches the store go: only a weak reference.
    final class Released { weak var store: Store? }

    /// A pipeline whose writer alone holds a new store; `released` watches it.
    func pipeline(released: Released, write: @escaping (Store, [Int]) throws -> Void) -> RecordPipeline<Int> {
        let store = Store()
        released.store = store
        let box = UncheckedBox(store)
        return RecordPipeline(batchSize: 4, write: { try write(box.value, $0) })
    }

    func testTheWriterLetsGoOfItsStoreBeforeFinishReturns() throws {
        for round in 0..<200 {
            let released = Released()
            let pipeline = pipeline(released: released) { store, batch in store.written += batch.count }
            for i in 0..<10 { try pipeline.add(i) }
            try pipeline.finish()
            XCTAssertNil(released.store, "round \(round): the writer thread still held the store after finish()")
        }
    }

    func testAfterAFailureAbandonReturnsAndTheStoreIsReleased() throws {
        struct Failure: Error {}
        for round in 0..<200 {
            let released = Released()
            let pipeline = pipeline(released: released) { _, _ in throw Failure() }
            for i in 0..<3 { try pipeline.add(i) }
            XCTAssertThrowsError(try pipeline.finish()) { XCTAssertTrue($0 is Failure, "\($0)") }
            pipeline.abandon()  // after finish threw: must not wait a second time
            XCTAssertNil(released.store, "round \(round)")
        }
    }
}
