/// What the readers do with one stored kind's rows beyond SQL, declared by the format folder
/// that stores it (`FormatFacts.hooks`): what a report over it says besides its rows, how it is
/// laid out in time (`export perfetto`), its parts of the HTML page (`export html`), and SQL of
/// its own. `ReportRunner`, `ExportRunner` and `HTMLReport` iterate the registry's kinds and
/// call these; none of them names a kind (`FormatLayoutTests`). The gate's counting and
/// `compare`'s are the kind's `MeasuredKind`.
public struct KindHooks: Sendable {
    public var report: ReportHooks
    /// `export perfetto --OPTION L`; nil when the kind has no timeline.
    public var timeline: TimelineHook?
    /// `export html --OPTION L` (and `--compare A B` of two of it); nil when the page shows none.
    var html: HTMLHooks?
    /// What `findings` finds in one of its rows (and notes of what it cannot judge); nil when
    /// the kind yields none.
    var findings: (@Sendable (FindingsContext) throws -> [Finding])?
    /// The help of its label option in `export` ("the trace to export (perfetto, html)").
    public var exportHelp: String
    /// Query files of its own (file name, text), beside the library's `Queries/*.sql`: a format
    /// from outside the library brings its reports so (`ReportRegistry.files`).
    public var queries: [QueryText]

    init(report: ReportHooks = ReportHooks(), timeline: TimelineHook? = nil, html: HTMLHooks? = nil,
         findings: (@Sendable (FindingsContext) throws -> [Finding])? = nil, exportHelp: String = "", queries: [QueryText] = []) {
        self.report = report
        self.timeline = timeline
        self.html = html
        self.findings = findings
        self.exportHelp = exportHelp
        self.queries = queries
    }
}

/// One SQL file: its name (which picks its report and variant, as `Queries/`'s do) and text.
public struct QueryText: Sendable {
    public var file: String
    public var text: String
    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }
}

extension StoredKind {
    /// The hooks of the format that stores it (none for a kind no registered format stores).
    public var hooks: KindHooks { InputFormats.format(storing: self)?.facts.hooks ?? KindHooks() }
}
