#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// A `sigaction` whose handler is `handler` (mask and flags left for the caller): the
    /// handler's field is a union that glibc and Darwin name differently.
    static func signalAction(calling handler: @escaping @convention(c) (Int32) -> Void) -> sigaction {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        return action
    }
}
