// The libFuzzer entry point. Fuzz/build.sh compiles it with AGTraceKit's sources and
// Tests/AGTraceKitTests/Fuzz/FuzzOracle.swift and XctraceOracle.swift into one binary (-sanitize=fuzzer,address), so
// libFuzzer's coverage-guided mutations go through the same checks as `swift test`'s harness.
// Not part of the package build.
import Foundation

/// Which parser this process fuzzes: AGTRACE_FUZZ_TARGET=archive (default), transcript, trace, console, xctrace or import.
let fuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["AGTRACE_FUZZ_TARGET"] ?? "archive"
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("AGTRACE_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue)), not '\(name)'")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = FuzzOracle.check(fuzzTarget, bytes) {
        // A crash is how libFuzzer learns of a finding: it saves the input as crash-<sha1>.
        fatalError("agtrace fuzz (\(fuzzTarget.rawValue)): \(problem)")
    }
    return 0
}
