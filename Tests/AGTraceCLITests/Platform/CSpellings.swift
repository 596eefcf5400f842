import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C constants the tests' special files need, which glibc and Darwin spell differently (the
/// test target's platform room; what the library and the bench share is AGTraceKit's `Platform`).
enum CSpellings {
    /// SOCK_STREAM: a case of glibc's `__socket_type` enum, a plain Int32 on Darwin.
    static let streamSocket: Int32 = {
        #if canImport(Glibc)
        return Int32(SOCK_STREAM.rawValue)
        #else
        return SOCK_STREAM
        #endif
    }()

    /// `makedev(major, minor)` for small numbers (a macro Swift cannot see): glibc puts the
    /// major number at bit 8, Darwin at bit 24.
    static func deviceNumber(major: Int, minor: Int) -> dev_t {
        #if os(Linux)
        return dev_t(major << 8 | minor)
        #else
        return dev_t(major << 24 | minor)
        #endif
    }
}
