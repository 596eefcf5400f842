import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine a measurement ran on: its kernel and its memory.
extension Platform {
    /// `uname -srm`: the kernel's name, release and the machine's architecture.
    public static func kernelDescription() -> String {
        var names = utsname()
        _ = uname(&names)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(names.sysname)) \(text(names.release)) \(text(names.machine))"
    }

    /// The machine's physical memory in bytes (Linux: MemTotal of /proc/meminfo; Darwin:
    /// sysctl hw.memsize); nil if it cannot be read.
    public static func machineMemoryBytes() -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kb * 1024
        #else
        var bytes: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        guard sysctlbyname("hw.memsize", &bytes, &size, nil, 0) == 0 else { return nil }
        return Int(bytes)
        #endif
    }
}
