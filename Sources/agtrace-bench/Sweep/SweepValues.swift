import Foundation

/// A value a command line needs that only the database knows (an attribute to start from, a
/// view, a write's seq), looked up once per size with `agtrace query`. Each is the busiest of its
/// kind, so the command does the most work the input offers.
enum SweepValue: Hashable {
    /// The attribute of dump `label` read by the most nodes (a walk's worst case).
    case hub(String)
    /// A dirty node of dump `label` (a dump after a write: why explains it).
    case dirty(String)
    /// The view naming the most nodes of dump `label`.
    case dumpView(String)
    /// Trace `label`'s most written attribute.
    case written(String)
    /// Trace `label`'s most evaluated attribute.
    case evaluated(String)
    /// The view of trace `label`'s most evaluations.
    case traceView(String)
    /// The seq of trace `label`'s middle write.
    case middleWrite(String)
    /// Run `label`'s most updated attribute.
    case updated(String)
    /// The view of Instruments recording `label`'s most updates.
    case recordingView(String)

    var shown: String {
        switch self {
        case .hub, .dirty, .written, .evaluated, .updated: return "ATTR"
        case .dumpView, .traceView, .recordingView: return "VIEW"
        case .middleWrite: return "SEQ"
        }
    }

    private static func quoted(_ label: String) -> String { "'" + label.replacingOccurrences(of: "'", with: "''") + "'" }

    var sql: String {
        switch self {
        case .hub(let label):
            return "SELECT e.src_attribute FROM edges e JOIN snapshots s ON s.id = e.snapshot_id WHERE s.label = \(Self.quoted(label)) GROUP BY e.src_attribute ORDER BY count(*) DESC, e.src_attribute LIMIT 1"
        case .dirty(let label):
            return "SELECT n.attribute FROM nodes n JOIN snapshots s ON s.id = n.snapshot_id WHERE s.label = \(Self.quoted(label)) AND n.flags & 1 = 1 ORDER BY n.attribute LIMIT 1"
        case .dumpView(let label):
            return "SELECT v.view FROM node_views v JOIN snapshots s ON s.id = v.snapshot_id WHERE s.label = \(Self.quoted(label)) GROUP BY v.view ORDER BY count(*) DESC, v.view LIMIT 1"
        case .written(let label):
            return "SELECT w.attribute FROM trace_writes w JOIN traces t ON t.id = w.trace_id WHERE t.label = \(Self.quoted(label)) GROUP BY w.attribute ORDER BY count(*) DESC, w.attribute LIMIT 1"
        case .evaluated(let label):
            return "SELECT u.attribute FROM trace_updates u JOIN traces t ON t.id = u.trace_id WHERE t.label = \(Self.quoted(label)) GROUP BY u.attribute ORDER BY count(*) DESC, u.attribute LIMIT 1"
        case .traceView(let label):
            return "SELECT u.view FROM trace_updates u JOIN traces t ON t.id = u.trace_id WHERE t.label = \(Self.quoted(label)) AND u.view IS NOT NULL GROUP BY u.view ORDER BY count(*) DESC, u.view LIMIT 1"
        case .middleWrite(let label):
            let trace = "(SELECT id FROM traces WHERE label = \(Self.quoted(label)))"
            return "SELECT seq FROM trace_writes WHERE trace_id = \(trace) ORDER BY seq LIMIT 1 OFFSET (SELECT count(*) / 2 FROM trace_writes WHERE trace_id = \(trace))"
        case .updated(let label):
            return "SELECT e.attribute FROM run_events e JOIN runs r ON r.id = e.run_id WHERE r.label = \(Self.quoted(label)) AND e.kind = 'update' AND e.attribute IS NOT NULL GROUP BY e.attribute ORDER BY count(*) DESC, e.attribute LIMIT 1"
        case .recordingView(let label):
            return "SELECT u.view FROM xctrace_updates u JOIN xctrace_recordings r ON r.id = u.recording_id WHERE r.label = \(Self.quoted(label)) AND u.view IS NOT NULL AND u.view <> '' GROUP BY u.view ORDER BY count(*) DESC, u.view LIMIT 1"
        }
    }
}
