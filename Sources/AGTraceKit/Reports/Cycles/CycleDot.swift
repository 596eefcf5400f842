import Foundation

/// `agtrace cycles --format dot`: each closed chain's loop, each open chain's printed stack, as Graphviz DOT text (the layout is
/// Graphviz's). Arrows are input -> reader, as in `export dot`: each frame reads the one above
/// it, the top frame reads N. A closed chain draws its loop; an open one its printed frames and
/// N apart (dashed: where N sits is not known); a header alone, N. With a dump, a step the dump
/// holds no edge for is dashed and labelled so.
public enum CycleDot {
    /// One graph, every chain a cluster of it (`cycles --format dot`).
    public static func write(_ outcome: CycleOutcome, to out: TextSink) {
        out.write(header)
        for chain in outcome.chains { write(chain, of: outcome, to: out) }
        out.write("}\n")
    }

    /// A graph for each of the first `limit` chains, each its own picture (`export html`):
    /// Graphviz lays out many small graphs in time that grows with their number, but one graph
    /// of many clusters far faster than that (400 chains of a console: 1.3 s as one graph,
    /// 0.3 s as 400).
    public static func graphs(_ outcome: CycleOutcome, limit: Int) -> [String] {
        outcome.chains.prefix(limit).map { chain in
            let out = StringSink()
            out.write(header)
            write(chain, of: outcome, to: out)
            out.write("}\n")
            return out.text
        }
    }

    private static let header = "digraph cycles {\n  rankdir=BT;\n  node [shape=box, fontname=\"Helvetica\"];\n"

    /// One chain as a cluster.
    private static func write(_ chain: CycleChain, of outcome: CycleOutcome, to out: TextSink) {
        let c = chain.number
        let owner = chain.first.owner ?? "#\(chain.first.ownerId)"
        let title = "chain \(c): \(chain.first.kind.rawValue) '\(owner)', \(chain.reportCount) report\(chain.reportCount == 1 ? "" : "s"), through \(chain.attribute.map(String.init) ?? "unknown") (\(Self.shape(chain)))"
        out.write("  subgraph cluster_\(c) {\n    label=\(DotExport.quote(title));\n")
        let frames = chain.loopFrames.filter { $0.attribute != nil }
        var drawn = Set<Int64>()
        for frame in frames {
            let attribute = frame.attribute!
            guard drawn.insert(attribute).inserted else { continue }
            let name = CycleNaming.name(frame.names)
            var lines = [name.view ?? name.rule ?? "unknown", "#\(attribute)"]
            if name.view != nil, let rule = name.rule { lines.insert(rule, at: 1) }
            if let flags = frame.flags, !flags.isEmpty { lines.append(flags) }
            let bold = attribute == chain.attribute ? ", penwidth=2" : ""
            out.write("    \(node(c, attribute)) [label=\(DotExport.quote(lines.joined(separator: "\n")))\(bold)];\n")
        }
        if let n = chain.attribute, !drawn.contains(n) {
            let why = chain.loop == .noFrames ? "a header only: no frames" : "not on the printed stack"
            let name = CycleNaming.name(chain.first.throughNames)
            let named = (name.view ?? name.rule).map { "\($0)\n" } ?? ""
            out.write("    \(node(c, n)) [label=\(DotExport.quote("\(named)#\(n)\n\(why)")), style=dashed, penwidth=2];\n")
        }
        for frame in frames {
            guard let reader = frame.attribute, let input = chain.reads(frame) else { continue }
            var style = ""
            switch outcome.edge(chain: c, ordinal: frame.ordinal) {
            case false?: style = " [style=dashed, label=\"no edge in the dump\"]"
            case nil where chain.loop == .open && frame.ordinal == 0: style = " [style=dashed]"
            default: break
            }
            out.write("    \(node(c, input)) -> \(node(c, reader))\(style);\n")
        }
        out.write("  }\n")
    }

    private static func node(_ chain: Int, _ attribute: Int64) -> String { "c\(chain)_\(attribute)" }

    /// What the cluster shows: a loop only when the chain closes; an open chain is its printed
    /// stack, not a loop.
    static func shape(_ chain: CycleChain) -> String {
        switch chain.loop {
        case .closed: return "closed: the loop"
        case .open: return "open: the printed stack, no loop known"
        case .noFrames: return "no frames"
        }
    }
}
