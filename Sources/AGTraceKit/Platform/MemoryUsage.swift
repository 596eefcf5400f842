import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resident memory, of this process and of a child, in bytes. Linux reads /proc; Darwin asks
/// the kernel (`proc_pid_rusage`); nil is "unknown", never 0.
extension Platform {
    /// The peak resident memory a `rusage` (getrusage, wait4) records, in bytes: glibc counts
    /// `ru_maxrss` in KB, Darwin in bytes.
    public static func peakResidentBytes(_ usage: rusage) -> Int {
        #if os(Linux)
        return Int(usage.ru_maxrss) * 1024
        #else
        return Int(usage.ru_maxrss)
        #endif
    }

    /// This process's peak resident memory, in bytes (getrusage).
    public static func ownPeakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return peakResidentBytes(usage)
    }

    /// Whether a spawned child's `ru_maxrss` starts from its spawner's own peak. On Linux the
    /// child runs in the spawner's address space until exec (posix_spawn's vfork), and the
    /// kernel keeps that high-water mark across the exec: a child smaller than its spawner
    /// reads as big as it. Darwin's posix_spawn starts the child from its new image.
    public static let childPeakIncludesSpawner: Bool = {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }()

    /// A running process's own peak resident memory (its image's high-water mark), in bytes:
    /// VmHWM from Linux's /proc/PID/status. nil where it cannot be read, and on Darwin, which
    /// keeps no such count for another process (there wait4's `ru_maxrss` is the child's own,
    /// see `childPeakIncludesSpawner`, so the caller uses that).
    public static func highWaterBytes(of pid: pid_t) -> Int? {
        #if os(Linux)
        return statusField("VmHWM:", of: "\(pid)")
        #else
        return nil
        #endif
    }

    /// A running process's resident memory now, in bytes (Linux: VmRSS of /proc/PID/status;
    /// Darwin: `proc_pid_rusage`'s resident size); nil if it cannot be read.
    public static func residentBytes(of pid: pid_t) -> Int? {
        #if os(Linux)
        return statusField("VmRSS:", of: "\(pid)")
        #else
        var info = rusage_info_v2()
        let status = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { proc_pid_rusage(pid, RUSAGE_INFO_V2, $0) }
        }
        return status == 0 ? Int(info.ri_resident_size) : nil
        #endif
    }

    /// This process's resident memory now, in bytes; nil if it cannot be read.
    public static func ownResidentBytes() -> Int? {
        #if os(Linux)
        return statusField("VmRSS:", of: "self")
        #else
        return residentBytes(of: getpid())
        #endif
    }

    /// A `kB` line of Linux's /proc/PROCESS/status, in bytes.
    private static func statusField(_ key: String, of process: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kb * 1024
    }
}
