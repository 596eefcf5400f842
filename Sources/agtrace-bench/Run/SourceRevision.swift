import Foundation

/// The git revision of the checkout the benchmark runs in, for the results' header: the short
/// commit, with "+ changes" when tracked files differ from it (nil outside a git checkout).
enum SourceRevision {
    static func describe() -> String? {
        guard let commit = git(["rev-parse", "--short", "HEAD"]), !commit.isEmpty else { return nil }
        let dirty = !(git(["status", "--porcelain", "--untracked-files=no"]) ?? "").isEmpty
        return dirty ? "\(commit) + uncommitted changes" : commit
    }

    private static func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
