// Compiles the repository's text files into AGTraceKit: Queries/*.sql (the canned reports) and
// lldb/agtrace_lldb.py (the recorder script), as Swift source that Scripts/embed-text.sh writes
// into the plugin's work folder at build time. Queries/ stays the single source of the reports'
// SQL: no copy is committed. The target reaches both folders through symbolic links
// (Reports/Queries/SQL, Recorder/Script), which makes their files the target's own: the build
// then notices an edited, added or removed file (it does not watch folders outside targets).
import Foundation
import PackagePlugin

@main
struct EmbedText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let script = context.package.directoryURL.appending(path: "Scripts/embed-text.sh")
        let sql = module.sourceFiles(withSuffix: "sql").map(\.url).sorted { $0.lastPathComponent < $1.lastPathComponent }
        let recorder = module.sourceFiles(withSuffix: "agtrace_lldb.py").map(\.url)
        let work = context.pluginWorkDirectoryURL
        let queriesSwift = work.appending(path: "EmbeddedQueries.swift")
        let recorderSwift = work.appending(path: "EmbeddedRecorderScript.swift")
        let sh = URL(fileURLWithPath: "/bin/sh")
        return [
            .buildCommand(displayName: "Embedding Queries/*.sql", executable: sh,
                          arguments: [script.path, "queries", queriesSwift.path] + sql.map(\.path),
                          inputFiles: [script] + sql, outputFiles: [queriesSwift]),
            .buildCommand(displayName: "Embedding lldb/agtrace_lldb.py", executable: sh,
                          arguments: [script.path, "recorder", recorderSwift.path] + recorder.map(\.path),
                          inputFiles: [script] + recorder, outputFiles: [recorderSwift]),
        ]
    }
}
