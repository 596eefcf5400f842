import Foundation

/// Which source named a frame, in the order they are asked.
public enum CycleNameSource: String, Sendable, CaseIterable {
    /// The dump given with `--snapshot` (its node of that id, its rule, its view).
    case snapshot
    /// The trace's own types (a report of kind 'trace').
    case trace
    /// The recorder's `stack/text` description (`record --cycles`).
    case recorder
    /// The console's `digraph` block (`AG_PRINT_CYCLES=3`).
    case digraph
}

/// A frame's name: its rule and view, and who gave them. Nobody: all nil (unknown, never made up).
public struct CycleName: Equatable, Sendable {
    public var rule, view: String?
    public var source: CycleNameSource?

    public static let unknown = CycleName()
}

/// The naming order: a dump taken at the cycle, the trace's types, the recorder's name, the
/// console's digraph label. The first source that names the attribute names it whole (rule and
/// view come from one source, so they never contradict each other).
public enum CycleNaming {
    public static func name(_ names: CycleFrameNames) -> CycleName {
        if names.inSnapshot, names.snapshotRule != nil || names.snapshotView != nil {
            return CycleName(rule: names.snapshotRule, view: names.snapshotView, source: .snapshot)
        }
        if names.traceRule != nil || names.traceView != nil {
            return CycleName(rule: names.traceRule, view: names.traceView, source: .trace)
        }
        if let name = names.recorderName {
            return CycleName(rule: name, view: ViewName.fromRule(name), source: .recorder)
        }
        if let label = names.digraphLabel {
            // A label cut by the engine ("…") names no view unless the view fits in it.
            return CycleName(rule: label, view: ViewName.fromRule(label), source: .digraph)
        }
        return .unknown
    }

    /// The report's own name for the frame (the recorder's, else the digraph's), when the dump
    /// names it otherwise: ids are reused, so a dump of another moment names other nodes.
    /// Nil when they agree or either says nothing.
    public static func disagreement(_ names: CycleFrameNames) -> String? {
        guard names.inSnapshot, let own = names.recorderName ?? names.digraphLabel else { return nil }
        let given = [names.snapshotRule, names.snapshotDescription].compactMap { $0 }
        guard !given.isEmpty || names.snapshotView != nil else { return nil }
        let cut = own.hasSuffix("…") ? String(own.dropLast()) : own
        let stem = cut.trimmingCharacters(in: .whitespaces)
        for text in given where text == own || (!stem.isEmpty && (text.hasPrefix(stem) || stem.hasPrefix(text))) {
            return nil
        }
        if let view = names.snapshotView, let ownView = ViewName.fromRule(own), view == ownView { return nil }
        return own
    }
}
