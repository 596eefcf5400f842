import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the kernel tells of a process: this one's executable, another's state.
extension Platform {
    /// The running executable's path (Linux: the /proc/self/exe link; Darwin: the main
    /// bundle's executable, from dyld); nil if it cannot be told.
    public static func executablePath() -> String? {
        #if os(Linux)
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
        return Bundle.main.executablePath
        #endif
    }

    /// Whether `pid` has ended and waits to be reaped (a zombie): Linux's /proc/PID/stat state
    /// `Z`, Darwin's `proc_pidinfo` status SZOMB; nil if it cannot be told.
    public static func isZombie(_ pid: pid_t) -> Bool? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].hasPrefix(") Z")
        #else
        var info = proc_bsdinfo()
        let size = Int32(MemoryLayout<proc_bsdinfo>.size)
        // Argument 1: a zombie is found too (XNU's proc_pidinfo).
        guard proc_pidinfo(pid, PROC_PIDTBSDINFO, 1, &info, size) == size else { return nil }
        return info.pbi_status == 5  // SZOMB, <sys/proc.h>
        #endif
    }
}
