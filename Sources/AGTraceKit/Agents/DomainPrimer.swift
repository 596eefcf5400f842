/// The few lines every tool's description starts from: what the evidence is, in the domain's
/// words, so an agent can choose a tool and its arguments without guessing.
enum DomainPrimer {
    static let text = """
    agtrace reads the evidence of SwiftUI's private engine, AttributeGraph: numbered nodes \
    (attributes), each running a rule (a view's body, a modifier); an edge is made when a rule \
    reads another node. A @State write invalidates a node; the push walk marks every reader \
    downstream dirty; the pull walk reruns what the screen needs. Stored evidence, each named \
    by a label (see the list tool): a snapshot (an archive, one dump of the whole graph), a run \
    (an lldb breakpoint transcript of updates and invalidations), a trace (an AG_TRACE \
    recording of every evaluation and write), a console (a log with cycle reports, warnings and \
    _printChanges lines), an Instruments recording (xctrace export). Views name nodes; writes \
    cause walks; null in a result means unknown, never 0.
    """

    /// The primer, then the tool's own lines.
    static func describe(_ own: String) -> String { own + "\n\n" + text }
}
