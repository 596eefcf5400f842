import Foundation

/// The machine line of the results: `uname -srm`, CPUs, memory, date.
struct MachineInfo {
    var uname: String
    var cpus: Int
    var memoryBytes: Int
    var date: String

    static func current() -> MachineInfo {
        var u = utsname()
        _ = Glibc.uname(&u)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return MachineInfo(uname: "\(text(u.sysname)) \(text(u.release)) \(text(u.machine))",
                           cpus: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
                           memoryBytes: memTotal(), date: formatter.string(from: Date()))
    }

    /// MemTotal from /proc/meminfo (kB), 0 if unreadable.
    private static func memTotal() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return digits * 1024
        }
        return 0
    }

    var summary: String {
        "\(uname), \(cpus) CPUs, \(String(format: "%.1f", Double(memoryBytes) / 1_073_741_824)) GiB RAM, \(date)"
    }
}
