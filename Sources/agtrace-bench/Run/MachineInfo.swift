import AGTraceKit
import Foundation

/// The machine line of the results: `uname -srm`, CPUs, memory, date.
struct MachineInfo {
    var uname: String
    var cpus: Int
    /// nil: the platform did not say (`Platform.machineMemoryBytes`).
    var memoryBytes: Int?
    var date: String

    static func current() -> MachineInfo {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return MachineInfo(uname: Platform.kernelDescription(),
                           cpus: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
                           memoryBytes: Platform.machineMemoryBytes(), date: formatter.string(from: Date()))
    }

    var summary: String {
        let memory = memoryBytes.map { "\(String(format: "%.1f", Double($0) / 1_073_741_824)) GiB RAM" } ?? "RAM unknown"
        return "\(uname), \(cpus) CPUs, \(memory), \(date)"
    }
}
