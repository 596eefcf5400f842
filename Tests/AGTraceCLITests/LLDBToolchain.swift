import Foundation
import XCTest

/// lldb and clang++ from the Swift toolchain, and the environment lldb's Python needs.
///
/// The toolchain's lldb links a libpython of one version (Swift 6.3's Linux lldb wants
/// libpython3.10.so.1.0), which the machine may not have where the loader looks. Where it is
/// elsewhere (pyenv's ~/.pyenv/versions/3.10.x, or a root named by `AGTRACE_LLDB_PYTHONHOME`,
/// which `.ci/run` sets), `LD_LIBRARY_PATH=<root>/lib` and `PYTHONHOME=<root>` make it load.
/// Each candidate is tried with `lldb --batch -o 'script print(…)'`, killed if it has not
/// answered within `probeSeconds`; the first that answers is used. None: the caller skips with
/// `skipReason`.
struct LLDBToolchain {
    var lldb: URL
    var clang: URL
    /// Variables to add to lldb's environment (empty when it loads Python as it is).
    var environment: [String: String]

    static let found: Result<LLDBToolchain, SkipReason> = find()

    /// How long one probe may take: lldb answers in a second or two; one that hangs (a Python
    /// that waits on a terminal, a debugserver that never attaches) is killed and skipped.
    static let probeSeconds = 60.0
    /// How long a tool run by a test may take before it is killed (a compile, a recording).
    static let toolSeconds = 600.0

    struct SkipReason: Error, CustomStringConvertible {
        var description: String
    }

    /// The toolchain, or an `XCTSkip` saying what is missing.
    static func require() throws -> LLDBToolchain {
        switch found {
        case .success(let toolchain): return toolchain
        case .failure(let reason):
            // `.ci/run` found a Python for lldb: there, not running is a failure, not a skip.
            if let home = ProcessInfo.processInfo.environment["AGTRACE_LLDB_PYTHONHOME"] {
                XCTFail("AGTRACE_LLDB_PYTHONHOME=\(home) is set, yet: \(reason)")
                throw reason
            }
            print("LLDB RECORDER TEST SKIPPED: \(reason)")
            throw XCTSkip("lldb recorder test skipped: \(reason)")
        }
    }

    private static func find() -> Result<LLDBToolchain, SkipReason> {
        let env = ProcessInfo.processInfo.environment
        var directories: [String] = []
        if let explicit = env["AGTRACE_LLDB"] { directories.append((explicit as NSString).deletingLastPathComponent) }
        directories += (env["PATH"] ?? "").split(separator: ":").map(String.init)
        directories.append("/opt/swift/usr/bin")
        directories.append("/usr/bin")
        let fm = FileManager.default
        // lldb and clang++ of one toolchain: the first directory holding both.
        guard let dir = directories.first(where: {
            fm.isExecutableFile(atPath: $0 + "/lldb") && fm.isExecutableFile(atPath: $0 + "/clang++")
        }) else {
            return .failure(SkipReason(description: "no directory on PATH holds both lldb and clang++"))
        }
        let lldb = URL(fileURLWithPath: env["AGTRACE_LLDB"] ?? dir + "/lldb")
        let clang = URL(fileURLWithPath: dir + "/clang++")
        var candidates: [[String: String]] = [[:]]
        var roots: [String] = []
        if let home = env["AGTRACE_LLDB_PYTHONHOME"] { roots.append(home) }
        let pyenv = env["PYENV_ROOT"] ?? (NSHomeDirectory() + "/.pyenv")
        if let versions = try? fm.contentsOfDirectory(atPath: pyenv + "/versions") {
            roots += versions.sorted().map { pyenv + "/versions/" + $0 }
        }
        for root in roots where fm.fileExists(atPath: root + "/lib") {
            candidates.append(["LD_LIBRARY_PATH": root + "/lib", "PYTHONHOME": root])
        }
        var failures: [String] = []
        for extra in candidates {
            let probe = run(lldb, ["--batch", "-o", "script print(6 * 7)"], environment: extra, timeLimit: probeSeconds)
            if probe.status == 0 && probe.output.contains("\n42") {
                return .success(LLDBToolchain(lldb: lldb, clang: clang, environment: extra))
            }
            let why = probe.timedOut ? "no answer within \(Int(probeSeconds)) s, killed"
                : probe.output.split(separator: "\n").first(where: { $0.contains("error") }) ?? "no answer"
            failures.append((extra["PYTHONHOME"] ?? "as is") + ": " + why)
        }
        return .failure(SkipReason(description: "\(lldb.path) cannot load its Python (tried \(failures.joined(separator: "; "))); "
                                   + "set AGTRACE_LLDB_PYTHONHOME to a Python root with the libpython it links"))
    }

    /// Compiles the C++ `program` into `directory/name` (its source beside it, `name`.cpp) with
    /// `flags`; a failed build fails the test and throws, so the rest of it does not run.
    func compile(_ program: String, name: String, in directory: URL, flags: [String]) throws -> URL {
        let source = directory.appendingPathComponent(name + ".cpp")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let binary = directory.appendingPathComponent(name)
        let built = LLDBToolchain.run(clang, flags + [source.path, "-o", binary.path])
        guard built.status == 0 else {
            XCTFail("clang++ failed: \(built.output)")
            throw SkipReason(description: "no engine program")
        }
        return binary
    }

    /// `lldb --batch --no-lldbinit` in `directory`: the recorder `script` imported, `binary` the
    /// target (none: no target), then `commands` (each an `-o`) and `onCrash` (each a `-k`, run
    /// when the app stops by a crash). `tmpInDirectory`: TMPDIR is `directory`, so that what the
    /// recorder and the app put in a temporary folder stays in the test's.
    func session(script: URL, binary: URL?, _ commands: [String], onCrash: [String] = [],
                 directory: URL, tmpInDirectory: Bool = false) -> (status: Int32, output: String, timedOut: Bool) {
        var environment = self.environment
        if tmpInDirectory { environment["TMPDIR"] = directory.path }
        let steps = ["command script import \(script.path)"] + (binary.map { ["target create \($0.path)"] } ?? []) + commands
        let args = ["--batch", "--no-lldbinit"] + steps.flatMap { ["-o", $0] } + onCrash.flatMap { ["-k", $0] }
        return LLDBToolchain.run(lldb, args, environment: environment, directory: directory)
    }

    /// Runs a tool, output (stdout and stderr together) through a file; killed (status -1,
    /// `timedOut`) if it runs longer than `timeLimit` seconds.
    static func run(_ tool: URL, _ args: [String], environment extra: [String: String] = [:],
                    directory: URL? = nil, timeLimit: Double = toolSeconds) -> (status: Int32, output: String, timedOut: Bool) {
        let process = CLI.process(tool, args, environment: extra, directory: directory)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-tool-\(UUID().uuidString)")
        FileManager.default.createTestFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        guard let handle = try? FileHandle(forWritingTo: log) else { return (-1, "cannot write \(log.path)", false) }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do { try process.run() } catch { return (-1, "cannot run \(tool.path): \(error)", false) }
        let timedOut = ended.wait(timeout: .now() + timeLimit) == .timedOut
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return (timedOut ? -1 : process.terminationStatus, output, timedOut)
    }
}
