import AGTraceKit
import CommandLineOptions
import Foundation

enum LLDBScriptCommand {
    static let command = Command(name: name, summary: summary, usage: usage, discussion: discussion, run: run)
        .takingNoArguments("lldb-script takes no PATH; use --output FILE")

    static let name = "lldb-script"
    static let summary = "Write out the lldb recorder script (agtrace record / agtrace dump in lldb)"
    static let usage = [UsageForm([.optional(output)])]
    static let discussion = """
    Writes the Python command script that adds `agtrace record` and `agtrace dump` to lldb
    (Xcode's console, or lldb on its own, on a device, simulator, Mac or Linux). With no
    --output, or --output -, it goes to standard output.

    Once, then in every lldb session (Xcode's too):
      agtrace lldb-script --output ~/.lldb/agtrace_lldb.py
      echo 'command script import ~/.lldb/agtrace_lldb.py' >> ~/.lldbinit

    Then, with the app paused in lldb:
      (lldb) agtrace record --output /tmp/tap.lldb
      ... use the app ...
      (lldb) agtrace record --stop
      $ agtrace import /tmp/tap.lldb && agtrace report dirty-walks --run tap

    For an AttributeGraph cycle ("cycle detected through attribute N"), record with
    --cycles: at the first one (each with --every) the recorder writes the engine's update
    stack (every frame's body type) and a dump of that moment beside the recording.

    In lldb, `agtrace help` lists the recorder's options (--kinds, --status, --stop --dump,
    --cycles --every).
    """
    static let output = Options.output.explained("where to write the script (- or none: standard output; a missing folder is made; never a device, FIFO, directory or database: exit 2)")

    static func run(_ args: ParsedArguments, _ context: Context) throws -> Int32 {
        guard args.positionals.isEmpty else {
            throw UsageError(message: "lldb-script takes no PATH; use --output FILE")
        }
        let text = RecorderScript.text
        guard let path = args.value(output), path != "-" else {
            context.out.write(text)
            return 0
        }
        // The folder is made if missing (~/.lldb on a fresh machine); the rest of
        // `OutputFile`'s rules hold: never a device, FIFO, directory or database.
        let output = try OutputFile.open((path as NSString).expandingTildeInPath, what: "the script",
                                         database: context.databasePath, createDirectories: true)
        try output.write(text)
        context.err.write(terminalSafe("wrote \(output.target); load it in lldb with: command script import \(output.target)") + "\n")
        return 0
    }
}
