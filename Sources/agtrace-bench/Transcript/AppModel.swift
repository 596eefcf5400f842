/// One breakpoint hit: `attribute` is the node (reader for add_input), `input` the edge's input.
struct Hit {
    var kind: HitKind
    var attribute: UInt32
    var input: UInt32 = 0
}

/// A tiny simulated SwiftUI app whose engine calls the breakpoints record: views own @State
/// signals and a body; building a view runs its rules (update + add_input per read), a write
/// invalidates a signal, propagates dirtiness, and reruns the display list, the body and
/// some of its children. Program output follows each episode, as in real sessions.
struct AppModel {
    private struct View {
        var name: String
        var signals: [UInt32]
        var body: UInt32
        var children: [UInt32]
        var display: UInt32
        var renders = 0
    }

    private var random: SeededRandom
    private var cursor: UInt32 = 536
    private var views: [View] = []
    private let time = AppModel.timeAttribute
    private let environment = AppModel.environmentAttribute
    /// Told of every view built, when a dump of the app is asked for (`--dump`).
    var dump: NamingDump?
    static let timeAttribute: UInt32 = 536
    static let environmentAttribute: UInt32 = 568

    init(seed: UInt64, session: Int) {
        random = SeededRandom(keys: seed, UInt64(session), 0x7A)
        cursor = 600
    }

    private mutating func allocate() -> UInt32 {
        cursor += UInt32(4 * random.within(6...24))
        return cursor
    }

    /// Appends one episode's hits and returns the line the program printed after it.
    mutating func episode(into hits: inout [Hit]) -> String {
        // Apps keep making views (lists scroll, sheets open): builds never stop entirely.
        if views.isEmpty || random.chance(views.count < 40 ? 30 : 12) {
            return build(into: &hits)
        }
        return write(into: &hits)
    }

    private mutating func build(into hits: inout [Hit]) -> String {
        let name = random.pick(Vocabulary.viewStems).lowercased()
        let signals = (0..<random.within(1...3)).map { _ in allocate() }
        let body = allocate()
        let children = (0..<random.within(0...3)).map { _ in allocate() }
        let display = allocate()
        var view = View(name: name, signals: signals, body: body, children: children, display: display)
        dump?.view(name, signals: signals, body: body, children: children, display: display)
        // Pull order: the display list first, then inward through the children to the body,
        // each rule recording the reads it makes (add_input: reader, input).
        let chain = [display] + children.reversed() + [body]
        for (i, node) in chain.enumerated() {
            hits.append(Hit(kind: .update, attribute: node))
            if i == 0 { hits.append(Hit(kind: .addInput, attribute: node, input: time)) }
            if i + 1 < chain.count {
                hits.append(Hit(kind: .addInput, attribute: node, input: chain[i + 1]))
                continue
            }
            for s in signals { hits.append(Hit(kind: .addInput, attribute: node, input: s)) }
            hits.append(Hit(kind: .addInput, attribute: node, input: time))
            hits.append(Hit(kind: .addInput, attribute: node, input: environment))
            if let parent = views.isEmpty ? nil : random.pick(views), random.chance(40) {
                // A child view reading its parent's binding: the parent's signal gains a reader.
                hits.append(Hit(kind: .addInput, attribute: node, input: parent.signals[0]))
            }
        }
        view.renders = 1
        views.append(view)
        return "\(name) first [\(random.within(1...99))]"
    }

    private mutating func write(into hits: inout [Hit]) -> String {
        let v = random.below(views.count)
        let view = views[v]
        let signal = random.pick(view.signals)
        let writes = random.chance(20) ? 2 : 1
        for _ in 0..<writes {
            hits.append(Hit(kind: .invalidate, attribute: signal))
            hits.append(Hit(kind: .propagateDirty, attribute: signal))
        }
        hits.append(Hit(kind: .update, attribute: view.display))
        if random.chance(80) {
            hits.append(Hit(kind: .update, attribute: view.body))
            for child in view.children where random.chance(60) {
                hits.append(Hit(kind: .update, attribute: child))
            }
        }
        views[v].renders += 1
        return "\(view.name) after write \(views[v].renders) [\(random.within(1...99))]"
    }
}
