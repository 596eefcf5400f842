// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "agtrace",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "agtrace", targets: ["agtrace"]),
        .library(name: "AGTraceKit", targets: ["AGTraceKit"]),
    ],
    targets: [
        // System libraries: headers and linker flags come from the machine (pkg-config on Linux,
        // the SDK on macOS). Nothing is vendored.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "AGTraceKit",
            dependencies: ["CSQLite", "CZlib"],
            // `Queries` is a link to the top-level Queries/ folder: the canned reports' SQL is
            // compiled into the binary, so agtrace works from any directory.
            resources: [.embedInCode("Queries")]
        ),
        .executableTarget(name: "agtrace", dependencies: ["AGTraceKit"]),
        // Generator of synthetic archives and transcripts, and the side-by-side benchmark.
        .executableTarget(name: "agtrace-bench", dependencies: ["AGTraceKit", "CSQLite"]),
        .testTarget(name: "AGTraceKitTests", dependencies: ["AGTraceKit"]),
        // Depends on the agtrace executable so that `swift test` builds it: the CLI tests run it.
        .testTarget(name: "AGTraceCLITests", dependencies: ["AGTraceKit", "agtrace"]),
    ]
)
