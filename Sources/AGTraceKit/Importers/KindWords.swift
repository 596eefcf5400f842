/// The registry in words, for help texts and docs: the stored kinds and formats listed from
/// `InputFormats`, so that a format added there is named everywhere a list of them is said.
public enum KindWords {
    /// "snapshots, runs, traces, consoles and recordings" (`conjunction`: "and", "or").
    public static func plurals(_ conjunction: String) -> String { InputFormats.storedKinds.map(\.plural).listed(conjunction) }
    /// "snapshot, run, trace, console or recording".
    public static func nouns(_ conjunction: String) -> String { InputFormats.storedKinds.map(\.noun).listed(conjunction) }
    /// "--snapshot, --run, --trace, --console and --xctrace": the options that take each kind's label.
    public static func options(_ conjunction: String) -> String { InputFormats.storedKinds.map { "--" + $0.option }.listed(conjunction) }
}
