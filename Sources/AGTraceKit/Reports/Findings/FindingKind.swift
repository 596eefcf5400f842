/// The catalogue of what `agtrace findings` names: each kind of finding, with what it detects,
/// its fix in one sentence and its entry in docs/findings.md (the thresholds are in
/// `FindingThresholds`). The raw value is the rule id SARIF, baselines and fingerprints use: it
/// never changes once published.
public enum FindingKind: String, CaseIterable, Codable, Sendable {
    case wastedBodyRuns = "wasted-body-runs"
    case broadInvalidation = "broad-invalidation"
    case wholeObjectDependency = "whole-object-dependency"
    case identityChurn = "identity-churn"
    case dependencyCycle = "dependency-cycle"
    case stateModifiedDuringUpdate = "state-modified-during-update"
    case slowBody = "slow-body"
    case updateInHitch = "update-in-hitch"
    case repeatedBodyInPass = "repeated-body-in-pass"
    case repeatingWrite = "repeating-write"

    /// Where docs/findings.md is published; each kind's entry is its anchor (`#wasted-body-runs`).
    public static let documentationURL = "https://github.com/agtrace/agtrace/blob/main/docs/findings.md"

    /// The kind's entry in docs/findings.md.
    public var helpURI: String { Self.documentationURL + "#" + rawValue }

    /// A few words, for a table's column and SARIF's rule name.
    public var title: String {
        switch self {
        case .wastedBodyRuns: "Wasted body runs"
        case .broadInvalidation: "Broad invalidation"
        case .wholeObjectDependency: "Whole-object dependency"
        case .identityChurn: "Identity churn"
        case .dependencyCycle: "Dependency cycle"
        case .stateModifiedDuringUpdate: "State modified during view update"
        case .slowBody: "Slow body"
        case .updateInHitch: "Update inside a hitch"
        case .repeatedBodyInPass: "Body evaluated more than once in one update"
        case .repeatingWrite: "Repeating write"
        }
    }

    /// What it detects, in one sentence (SARIF's shortDescription).
    public var summary: String {
        switch self {
        case .wastedBodyRuns: "A view's body ran and produced the same value: the work changed nothing on screen."
        case .broadInvalidation: "One write re-ran many views, most of which produced no change."
        case .wholeObjectDependency: "A view re-ran again and again because an object it holds changed, not because of a value of its own."
        case .identityChurn: "A view's storage was destroyed and created anew while it stayed on screen (its identity changed)."
        case .dependencyCycle: "AttributeGraph found an attribute that depends on itself; SwiftUI breaks the loop with a stale value."
        case .stateModifiedDuringUpdate: "State was written while SwiftUI was updating views (undefined behavior, and another update pass)."
        case .slowBody: "A view's body took longer than Instruments' threshold for a long view body update (500 µs)."
        case .updateInHitch: "A view's updates took a large share of a frame that missed its deadline (a hitch)."
        case .repeatedBodyInPass: "A view's body was evaluated more than once in one update of the graph."
        case .repeatingWrite: "The same state was written again and again at a steady rate (a timer or an animation), re-running bodies on every tick."
        }
    }

    /// The fix, in one sentence.
    public var fix: String {
        switch self {
        case .wastedBodyRuns: "Give the view only the values it shows (split it, or make its inputs Equatable) so SwiftUI can skip the body when they did not change."
        case .broadInvalidation: "Move the written state down to the views that read it, or pass each view the part it needs instead of the whole value."
        case .wholeObjectDependency: "Pass the view the properties it reads (values or bindings), or make the model @Observable so each view tracks only what its body reads."
        case .identityChurn: "Give ForEach stable ids, keep .id() values stable, and prefer a modifier or one branch over if/else or AnyView swaps of the same view."
        case .dependencyCycle: "Break the loop: do not write state from a value the same state feeds (a preference, a geometry reader, onChange) during the update; defer the write or derive the value instead."
        case .stateModifiedDuringUpdate: "Move the write out of body and out of update-time callbacks (into an action, a task or onChange), so state changes only between updates."
        case .slowBody: "Move the expensive work out of body (precompute it in the model, cache it, or do it in a task) and keep body to describing views."
        case .updateInHitch: "Make the view's update cheaper or less frequent during the interaction (see its slow-body and wasted-body-runs findings), or defer the work past the frame."
        case .repeatedBodyInPass: "Look for a value that changes again during the same update (a preference or geometry feeding state, an onChange writing state) and compute it once."
        case .repeatingWrite: "Scope the ticking state to the smallest view that shows it (TimelineView or a leaf view), so one tick re-runs one small body."
        }
    }

    /// The default severity, before a finding's own numbers raise it.
    public var defaultSeverity: FindingSeverity {
        switch self {
        case .dependencyCycle, .stateModifiedDuringUpdate: .error
        default: .warning
        }
    }
}

/// How bad a finding is; SARIF's `level` and a workflow command's name.
public enum FindingSeverity: String, Codable, Sendable, Comparable, CaseIterable {
    case note, warning, error

    public static func < (a: FindingSeverity, b: FindingSeverity) -> Bool { a.rank < b.rank }
    var rank: Int { switch self { case .note: 0; case .warning: 1; case .error: 2 } }
}
