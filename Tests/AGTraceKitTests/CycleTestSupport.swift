import Foundation
@testable import AGTraceKit

/// Cycle reports written into migration 13's tables as the importers write them (the console,
/// trace and recorder importers live elsewhere; their contract is the schema's descriptions).
struct StoredCycles {
    let db: Database

    /// A `consoles` row (no bytes behind it), its id.
    func console(_ label: String) throws -> Int64 {
        try db.prepare("INSERT INTO consoles(label, source, line_count) VALUES (?1, ?2, 0)").bindAndRun([.text(label), .text("\(label).log")])
        return try db.scalar("SELECT id FROM consoles WHERE label = ?1", [.text(label)])!.intValue!
    }

    struct Frame {
        var stack: Int64?
        var attribute: Int64?
        var count: Int64? = 1
        var index: Int64? = 0
        var inputs: Int64? = 1
        var flags: String? = "PD"
        var name: String? = nil
    }

    /// One `cycles` row with its frames (top first) and digraph labels; its id.
    @discardableResult
    func report(kind: String, owner: Int64, position: Int64, attribute: Int64?, level: Int64?, form: String = "header",
                complete: Bool = true, frames: [Frame] = [], labels: [Int64: String] = [:]) throws -> Int64 {
        try db.prepare("INSERT INTO cycles(kind, owner_id, position, attribute, level, form, complete) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
            .bindAndRun([.text(kind), .integer(owner), .integer(position), attribute.map { .integer($0) } ?? .null,
                         level.map { .integer($0) } ?? .null, .text(form), .integer(complete ? 1 : 0)])
        let id = db.lastInsertRowid
        for (i, f) in frames.enumerated() {
            func v(_ x: Int64?) -> SQLValue { x.map { .integer($0) } ?? .null }
            try db.prepare("""
                INSERT INTO cycle_frames(cycle_id, ordinal, stack_index, frame_index, attribute, count, input_index, input_count, flags, name)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                """).bindAndRun([.integer(id), .integer(Int64(i)), v(f.stack), f.stack == nil ? .null : .integer(0), v(f.attribute),
                                 v(f.count), v(f.index), v(f.inputs), f.flags.map { .text($0) } ?? .null, f.name.map { .text($0) } ?? .null])
        }
        for (attribute, label) in labels {
            try db.prepare("INSERT INTO cycle_labels(cycle_id, attribute, label) VALUES (?1, ?2, ?3)")
                .bindAndRun([.integer(id), .integer(attribute), .text(label)])
        }
        return id
    }

    /// What SampleArchives/cycles/sheet-height.log holds, stored as the console importer stores
    /// it: the level-2 report through 2136 twice (lines 3 and 11), the level-3 one through
    /// 2312 (line 19) with its digraph labels.
    func sheetHeight(console: Int64) throws {
        let loop: [Frame] = [
            Frame(stack: 4, attribute: 2248, index: 0, inputs: 2), Frame(stack: 3, attribute: 2200, index: 0, inputs: 1),
            Frame(stack: 2, attribute: 2168, index: 1, inputs: 2), Frame(stack: 1, attribute: 2136, index: 0, inputs: 3, flags: "PDV"),
            Frame(stack: 0, attribute: 2080, index: 2, inputs: 4, flags: "DV"),
        ]
        try report(kind: "console", owner: console, position: 3, attribute: 2136, level: 2, frames: loop)
        try report(kind: "console", owner: console, position: 11, attribute: 2136, level: 2, frames: loop)
        try report(kind: "console", owner: console, position: 19, attribute: 2312, level: 3, frames: [
            Frame(stack: 2, attribute: 2344, index: 0, inputs: 1), Frame(stack: 1, attribute: 2312, index: 0, inputs: 2, flags: "PDV"),
            Frame(stack: 0, attribute: 2080, index: 3, inputs: 4, flags: "DV"),
        ], labels: [2312: "DynamicBody<ViewBodyAccessor<CounterLabe…", 2344: "DynamicBody<ViewBodyAccessor<CounterFiel…", 2080: "RootDisplayList"])
    }
}
