import Foundation

/// What a dump given with `--snapshot` says about a chain. Ids are reused once their subgraph is
/// destroyed, so a dump of another moment names other nodes: how many of the chain's frames it
/// has and names is said, and a name it gives that the report's own names contradict is warned.
enum CycleSnapshotCheck {
    /// How many of the chain's frames (with an attribute) the dump has a node for, and names.
    static func counts(_ chain: CycleChain) -> (frames: Int, present: Int, named: Int) {
        let frames = chain.frames.filter { $0.attribute != nil }
        return (frames.count, frames.filter(\.names.inSnapshot).count,
                frames.filter { CycleNaming.name($0.names).source == .snapshot }.count)
    }

    /// "names k of n" (the `snapshot_names` column).
    static func summary(_ chain: CycleChain) -> String {
        let c = counts(chain)
        return "names \(c.named) of \(c.frames)"
    }

    static func say(_ chain: CycleChain, label: String, log: CommandLog) {
        let c = counts(chain)
        let line = "snapshot '\(label)' names \(c.named) of \(c.frames) frames of chain \(chain.number) (it has \(c.present) of those ids at all)"
        if c.named < c.frames {
            log.say(.warning(line + ": a dump of another moment names other nodes (ids are reused once their subgraph is destroyed); take it at the cycle, at a breakpoint on print_cycle"))
        } else {
            log.say(.line(line))
        }
        for frame in chain.frames {
            guard let own = CycleNaming.disagreement(frame.names), let attribute = frame.attribute else { continue }
            let theirs = frame.names.snapshotRule ?? frame.names.snapshotView ?? ""
            let source = frame.names.recorderName != nil ? "the recorder" : "the report's digraph"
            log.say(.warning("chain \(chain.number), frame \(frame.position ?? String(frame.ordinal)) (attribute \(attribute)): snapshot '\(label)' names it \(theirs), \(source) says \(own): the dump is of another moment"))
        }
    }

    /// For each frame: whether the dump holds the input edge from the attribute it was reading
    /// into it. A step of the loop (of every frame, when the chain is open) without one is said:
    /// the loop runs through something the dump cannot see.
    static func edges(_ chain: CycleChain, in db: Database, snapshot: Int64, label: String, log: CommandLog) throws -> [Int: Bool] {
        let query = ReportRegistry.query("cycles-edges")
        var result: [Int: Bool] = [:]
        var missing: [String] = []
        for frame in chain.frames {
            guard let reader = frame.attribute, let input = chain.reads(frame) else { continue }
            let row = try query.rows(in: db, ["snapshot": .integer(snapshot), "input": .integer(input), "reader": .integer(reader)]).rows
            let connected = row.first?.first?.intValue == 1
            result[frame.ordinal] = connected
            if !connected && chain.inLoop(frame) != false { missing.append("\(input) -> \(reader)") }
        }
        if !missing.isEmpty {
            // An open chain shows no loop: its stack, not a loop, runs through what is missing.
            let what = chain.loop == .closed ? "the loop runs" : "the stack (open: no loop is known) runs"
            log.say(.line("chain \(chain.number): snapshot '\(label)' holds no input edge \(missing.joined(separator: ", ")): \(what) through something the dump cannot see"))
        }
        return result
    }
}
