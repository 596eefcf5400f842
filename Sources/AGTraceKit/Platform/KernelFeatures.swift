import Foundation

/// What only one of the kernels offers; callers do without it elsewhere.
extension Platform {
    /// Dirty pages of a file can be started on their way to the disk without waiting for them
    /// (Linux's `sync_file_range`, in CSQLite's shim): `Writeback`.
    static let startsWritebackEarly: Bool = {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }()

    /// A program that makes the kernel kill the child it starts when its parent ends:
    /// util-linux's `setpriv --pdeathsig`, when installed. nil on Darwin, which has no death
    /// signal. (`Graphviz`.)
    static let parentDeathSignalWrapper: String? = {
        #if os(Linux)
        let path = "/usr/bin/setpriv"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        #else
        return nil
        #endif
    }()
}
