/// Ready-made investigations: each prompt is the steps, in tool calls, that answer one
/// question an engineer brings to SwiftUI performance work.
enum Prompts {
    struct Prompt {
        var name: String
        var title: String
        var description: String
        var arguments: [(name: String, description: String, required: Bool)]
        var text: @Sendable ([String: String]) -> String

        var json: JSONValue {
            .object([("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
                     ("arguments", .array(arguments.map {
                         .object([("name", .string($0.name)), ("description", .string($0.description)), ("required", .bool($0.required))])
                     }))])
        }
    }

    static let all: [Prompt] = [
        Prompt(name: "why-does-view-rerender", title: "Why does view V re-render?",
               description: "Find which writes make a SwiftUI view's body run again, and how often, in a stored recording.",
               arguments: [("view", "the SwiftUI view (e.g. TripView)", true),
                           ("recording", "the label of a trace, run, console or Instruments recording (see the list tool); empty: pick one", false)]) { a in
            let view = a["view"] ?? "V"
            let recording = a["recording"].flatMap { $0.isEmpty ? nil : $0 }
            return """
            Find out why the SwiftUI view \(view) re-renders, using the agtrace tools.
            1. Call list\(recording.map { " and find \($0)" } ?? " and choose the recording of the interaction (a trace is best: it records every evaluation and write)"); note its kind.
            2. Count the view's body runs: report with name "updates", by "view" and the recording's label (trace, run, console or xctrace). Find \(view)'s row.
            3. Ask why: why with view "\(view)" and the recording (trace / run with a snapshot / xctrace), then again with by "cause" to sum the runs per write or state.
            4. For the heaviest cause, show what its write marks: walk from the written attribute (why's cause_root) over the same trace, or report dirty-walks.
            5. Answer: how many times \(view) ran, which writes or states caused how many of those runs, whether its value changed (unchanged runs are wasted work), and which state or dependency to narrow. Quote the numbers; null means unknown, never 0.
            """
        },
        Prompt(name: "what-regressed", title: "What regressed between A and B?",
               description: "Compare two recordings of one interaction (before and after a change) and name what does more work.",
               arguments: [("a", "the recording before (label or file under the root)", true), ("b", "the recording after", true)]) { a in
            let before = a["a"] ?? "A", after = a["b"] ?? "B"
            return """
            Find what regressed between \(before) (before) and \(after) (after), using the agtrace tools.
            1. Call compare with a ["\(before)"] and b ["\(after)"] (by view when the recordings name views). Read the (total) row first, then the rows with the largest delta and self-seconds growth; note unchanged evaluations (wasted work).
            2. Call compare again with writes true: which writes re-ran more views in B, and which views only B re-ran.
            3. For the worst view, call why with that view over B to see the write behind its extra runs.
            4. If a baseline file exists, check with it and B gives the CI verdict (exitStatus 1: regressed).
            5. Answer: what does more work in B (views, counts, seconds), which write causes it, and how sure the numbers are (one recording a side has no time verdict; say so).
            """
        },
        Prompt(name: "explain-cycle", title: "Explain this cycle",
               description: "Read an AttributeGraph cycle report frame by frame and name the views whose reads close the loop.",
               arguments: [("source", "the console, trace or run label holding the cycle report (see list)", false),
                           ("snapshot", "a dump taken at the cycle, to name the frames", false)]) { a in
            let source = a["source"].flatMap { $0.isEmpty ? nil : $0 }
            let snapshot = a["snapshot"].flatMap { $0.isEmpty ? nil : $0 }
            return """
            Explain the AttributeGraph cycle\(source.map { " recorded in \($0)" } ?? ""), using the agtrace tools.
            1. Call cycles\(source.map { " with console, trace or run \"\($0)\" (whichever kind list shows it is)" } ?? "")\(snapshot.map { " and snapshot \"\($0)\"" } ?? ""). Each chain is one stack; frames with in_loop 1 form the loop, top first; reads is what each frame was reading.
            2. Name the loop in views: frame by frame, which view's rule read which other node, up to the read of the cycle's attribute N that closed it. A frame with an empty view is unknown: say so, do not guess.
            3. With a snapshot, check the edges (edge column): a step without an edge in the dump runs through something the dump cannot see.
            4. Answer: the views in the loop, the read that closes it (usually a view reading state it writes during its own update, or a geometry or preference feeding back), and where to break it.
            """
        },
    ]

    static func prompt(named name: String) -> Prompt? { all.first { $0.name == name } }
}
