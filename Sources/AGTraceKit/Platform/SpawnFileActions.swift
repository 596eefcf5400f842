#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// posix_spawn's file actions (what the child's descriptors 0-2 are), and the spawn itself.
/// `posix_spawn_file_actions_t` is a struct on glibc and an opaque pointer, nil until
/// initialised, on Darwin.
public final class SpawnFileActions {
    #if canImport(Glibc)
    private var actions = posix_spawn_file_actions_t()
    #else
    private var actions: posix_spawn_file_actions_t? = nil
    #endif

    public init() { posix_spawn_file_actions_init(&actions) }
    deinit { posix_spawn_file_actions_destroy(&actions) }

    /// The child's `fd` is `path`, opened with `flags` (and `mode` when created).
    public func open(_ fd: Int32, _ path: String, _ flags: Int32, _ mode: mode_t = 0) {
        posix_spawn_file_actions_addopen(&actions, fd, path, flags, mode)
    }

    /// The child's `target` is a copy of `fd`.
    public func duplicate(_ fd: Int32, to target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, fd, target)
    }

    /// The child does not inherit `fd`.
    public func close(_ fd: Int32) {
        posix_spawn_file_actions_addclose(&actions, fd)
    }

    /// Starts `path` (looked up on PATH when `searchPath`) with these actions: the child's pid,
    /// or the error number posix_spawn returned.
    public func spawn(_ path: String, arguments: [String], environment: [String: String],
                      searchPath: Bool) -> Result<pid_t, SpawnError> {
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = searchPath ? posix_spawnp(&pid, path, &actions, nil, argv, envp)
                                : posix_spawn(&pid, path, &actions, nil, argv, envp)
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }
}

/// posix_spawn's failure: its error number.
public struct SpawnError: Error, CustomStringConvertible {
    public var code: Int32
    public var description: String { String(cString: strerror(code)) }
}
