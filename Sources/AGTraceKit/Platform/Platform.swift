#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What differs between Linux (glibc) and macOS (Darwin), in one room: the C names the two
/// spell differently, what only one kernel offers, and where each keeps what /proc holds on
/// Linux. Code elsewhere calls these and holds no `#if os(Linux)`; `PlatformScanTests` fails
/// on a Linux-only symbol outside a `Platform/` folder, or on one in here without a Darwin
/// branch. Linux is built and tested in CI; the Darwin branches are written against Apple's
/// SDK and reviewed, not built here (README, "Platforms").
public enum Platform {}

extension Platform {
    /// One environment variable, by getenv(3): a command reads a few, and Foundation's
    /// `ProcessInfo.environment` builds a dictionary of them all (0.1 ms of every start).
    public static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
