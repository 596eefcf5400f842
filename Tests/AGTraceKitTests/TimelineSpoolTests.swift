import XCTest
@testable import AGTraceKit

/// The spool's parts that big timelines reach: records past the memory limit, and a run's
/// arrows numbered by counting instead of sorting.
final class TimelineSpoolTests: XCTestCase {
    func testRecordsReadBackFromMemoryAndFile() throws {
        // A 64-byte limit: most records go to the temporary file, the last ones stay in memory.
        let buffer = SpillBuffer(limit: 64)
        var random = SeededRandom(seed: 51)
        var written: [(offset: Int, bytes: [UInt8])] = []
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            written.append((try buffer.append { $0.append(contentsOf: bytes) }, bytes))
        }
        // In order, then in a shuffled order (reads that jump back and forth between windows).
        var order = Array(written.indices)
        for k in order.indices.reversed() { order.swapAt(k, Int(random.next() % UInt64(k + 1))) }
        for k in Array(written.indices) + order {
            let read = try buffer.read(written[k].offset, written[k].bytes.count) { Array($0) }
            XCTAssertEqual(read, written[k].bytes, "record \(k)")
        }
    }

    /// Slices named by their seq, with arrows held per write; the ids read back are those of
    /// sorting the (to, from) seq pairs that have both slices, as the scratch database did.
    func testHeldArrowsAreNumberedInTheOrderOfTheirSeqs() throws {
        var random = SeededRandom(seed: 47)
        for round in 0..<20 {
            let spool = try TimelineSpool(process: "p", clock: .hitOrder)
            // Seqs 1...n, some without a slice; added in seq order or, every other round, shuffled.
            var seqs = (1...Int64(60 + round)).filter { _ in random.next() % 5 != 0 }
            if round % 2 == 1 { for k in seqs.indices.reversed() { seqs.swapAt(k, Int(random.next() % UInt64(k + 1))) } }
            for seq in seqs {
                try spool.addSlice(Timeline.Slice(name: "s\(seq)", category: "update", thread: 1, start: Double(seq), duration: 1, args: []), seq: seq)
            }
            var pairs: [(to: Int64, from: Int64)] = []
            for from in 1...Int64(60 + round) where random.next() % 3 == 0 {
                let to = (0..<Int(random.next() % 6)).map { _ in from + 1 + Int64(random.next() % 30) }
                try spool.holdFlows(fromSeq: from, toSeqs: to)
                pairs += to.map { ($0, from) }
            }
            try spool.drawHeldFlows()
            let drawn = pairs.filter { seqs.contains($0.to) && seqs.contains($0.from) }.sorted { ($0.to, $0.from) < ($1.to, $1.from) }
            XCTAssertEqual(spool.flowCount, drawn.count)
            let reader = try spool.reader()
            while let s = try reader.nextSlice() {
                let seq = Int64(String(decoding: reader.sliceBytes[s.name], as: UTF8.self).dropFirst(2).dropLast())!
                let out = drawn.indices.filter { drawn[$0].from == seq }.map { Int32($0 + 1) }
                let into = drawn.indices.filter { drawn[$0].to == seq }.map { Int32($0 + 1) }
                XCTAssertEqual(s.flowsOut, out, "round \(round), arrows from seq \(seq)")
                XCTAssertEqual(s.flowsIn, into, "round \(round), arrows into seq \(seq)")
            }
        }
    }

    /// The byte writers of numbers against what they replaced: `String(i)`, and decimal
    /// microseconds made from strings (negative times included: a trace's may be).
    func testNumbersWrittenAsBytesAreWhatTheStringsWere() {
        func microsecondsAsStrings(_ ns: Int64) -> String {
            let whole = ns / 1000, fraction = abs(ns % 1000)
            guard fraction != 0 else { return String(whole) }
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            return (ns < 0 && whole == 0 ? "-" : "") + "\(whole).\(digits)"
        }
        var random = SeededRandom(seed: 29)
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 999, -999, 1000, -1000, 1001, -1001, 1010, -1100, .max, .min, .min + 1]
        for _ in 0..<20_000 {
            let v = Int64(bitPattern: random.next())
            values += [v, v >> 20, v >> 40, v >> 54]
        }
        for v in values {
            var bytes: [UInt8] = []
            bytes.appendDecimal(v)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(v))
            XCTAssertEqual(PerfettoExport.microseconds(v), microsecondsAsStrings(v), "\(v) ns")
        }
    }

    func testArrowsHeldOutOfOrderAreRefused() throws {
        let spool = try TimelineSpool(process: "p", clock: .hitOrder)
        for seq in Int64(1)...4 {
            try spool.addSlice(Timeline.Slice(name: "s", category: "update", thread: 1, start: Double(seq), duration: 1, args: []), seq: seq)
        }
        try spool.holdFlows(fromSeq: 2, toSeqs: [3])
        XCTAssertThrowsError(try spool.holdFlows(fromSeq: 1, toSeqs: [4])) {
            XCTAssertEqual("\($0)", "the arrows from seq 1 were held after those from seq 2: a timeline holds each write's arrows at once, in seq order")
        }
    }
}
