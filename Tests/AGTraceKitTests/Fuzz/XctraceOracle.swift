// The xctrace half of the oracle, in a file of its own that Fuzz/build.sh compiles with
// FuzzOracle.swift into the libFuzzer binary (the random documents, XctraceInputs.swift, are
// the in-suite harness's only).
#if !AGTRACE_LIBFUZZER
@testable import AGTraceKit
#endif
import Foundation

extension FuzzOracle {
    /// What an export's read gave: its records' digest, or the refusal's message.
    enum XctraceOutcome: Equatable {
        case read(digest: Int, tables: Int, rows: Int, notes: [String])
        case refused(String)
        case unexpected(String)
    }

    static func readXctrace(_ source: ByteSource, chunk: Int) -> XctraceOutcome {
        let sink = XctraceDigestSink()
        do {
            let summary = try XctraceReader(source: source, firstValueId: 1, path: { _ in "fuzz" }, chunk: chunk).read(into: sink)
            return .read(digest: sink.hasher.finalize(), tables: summary.tables, rows: summary.rows, notes: summary.notes.map(\.message))
        } catch let e as XctraceFormatError {
            return .refused(e.description)
        } catch let e as InputError {
            return .refused(e.description)
        } catch {
            return .unexpected("\(type(of: error)): \(error)")
        }
    }

    /// The xctrace reader on the bytes, in one read and trickled: the same records or the same
    /// refusal (with its offset); only its own errors; rows that name values it delivered.
    static func checkXctrace(_ bytes: [UInt8]) -> String? {
        let whole = readXctrace(MemorySource(bytes), chunk: 1 << 20)
        if case .unexpected(let message) = whole { return "an xctrace read may only throw XctraceFormatError: \(message)" }
        let trickled = readXctrace(TrickleSource(bytes), chunk: 64)
        if whole != trickled { return "the outcome depends on how the bytes arrive: \(whole) in one read, \(trickled) trickled" }
        _ = XctraceFormat.isExport(Array(bytes.prefix(64 * 1024)))
        return nil
    }
}

/// Hashes every record the reader delivers, and checks that rows and children name values
/// already delivered (or still open: a compound value is delivered when it closes).
final class XctraceDigestSink: XctraceSink {
    var hasher = Hasher()
    private var tableId: Int64 = 0
    func run(_ run: XctraceRun) throws { hasher.combine(run.number); hasher.combine(run.template) }
    func tocTable(run: Int, position: Int, schema: String, attributes: String?) throws {
        hasher.combine(position); hasher.combine(schema); hasher.combine(attributes)
    }
    func table(_ head: XctraceTableHead) throws -> Int64 {
        hasher.combine(head.schema)
        for c in head.columns { hasher.combine(c.mnemonic); hasher.combine(c.slot) }
        tableId += 1
        return tableId
    }
    func value(id: Int64, tag: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>?, number: Int64?, fmt: UnsafeBufferPointer<UInt8>?, attributes: UnsafeBufferPointer<UInt8>?) throws {
        hasher.combine(id); hasher.combine(bytes: UnsafeRawBufferPointer(tag)); hasher.combine(number)
        if let attributes { hasher.combine(bytes: UnsafeRawBufferPointer(attributes)) } else { hasher.combine(-3) }
        if let raw { hasher.combine(bytes: UnsafeRawBufferPointer(raw)) } else { hasher.combine(-1) }
        if let fmt { hasher.combine(bytes: UnsafeRawBufferPointer(fmt)) } else { hasher.combine(-2) }
    }
    func child(parent: Int64, position: Int, child: Int64) throws { hasher.combine(parent); hasher.combine(position); hasher.combine(child) }
    func row(table: Int64, position: Int, cells: UnsafeBufferPointer<Int64>, more: String?) throws {
        hasher.combine(table); hasher.combine(position)
        for c in cells { hasher.combine(c) }
        hasher.combine(more)
    }
    func tableEnd(table: Int64, rows: Int, sentinels: Int, complete: Bool) throws {
        hasher.combine(rows); hasher.combine(sentinels); hasher.combine(complete)
    }
}
