/// The lldb recorder (`lldb/agtrace_lldb.py`), compiled into the binary so that a user with only
/// `agtrace` can write it out (`agtrace lldb-script`) and load it into lldb. Its file format is
/// read by `RecordingParser`.
public enum RecorderScript {
    /// The file name lldb imports it under (the module name its callbacks are registered with
    /// comes from whatever name it is saved as, so any name works).
    public static let fileName = "agtrace_lldb.py"

    /// The script's text (`EmbeddedRecorderScript.swift`, written from lldb/ at build time by
    /// the plugin EmbedText).
    public static var text: String { embedded }
}
