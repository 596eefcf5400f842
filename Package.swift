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
        // the SDK on macOS). Nothing is vendored. No Homebrew providers: with one, SwiftPM looks
        // in Homebrew's prefix first and links its sqlite instead of the SDK's where both exist.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // SHA-256 in C, to use the CPU's SHA instructions (with a portable fallback).
        .target(name: "CSHA256"),
        // The canned reports' SQL (Queries/) and the lldb recorder's script (lldb/, `agtrace
        // lldb-script`) are compiled into the binary, so agtrace works from any directory: as
        // Swift source the plugin EmbedText has Scripts/embed-text.sh write before each build (not
        // committed), not as `.embedInCode` resources, which Xcode's build system does not support.
        .target(name: "AGTraceKit", dependencies: ["CSQLite", "CZlib", "CSHA256"], plugins: ["EmbedText"]),
        .plugin(name: "EmbedText", capability: .buildTool()),
        // The command line: commands, their options, parsing and printing. A library, so tests
        // can run commands in-process; the executable only calls it.
        .target(name: "AGTraceCLI", dependencies: ["AGTraceKit", "CommandLineOptions"]),
        // Options and positionals declared once, parsed, and shown in usage lines and --help:
        // shared by agtrace and agtrace-bench (which reads agtrace's commands for its sweep). It uses
        // AGTraceKit for its "did you mean" (Suggestion), the one edit distance of the project.
        .target(name: "CommandLineOptions", dependencies: ["AGTraceKit"]),
        .executableTarget(
            name: "agtrace",
            dependencies: ["AGTraceCLI"],
            // On Linux a release build links the Swift runtime and Foundation into the binary:
            // loading the shared ones took ~4 ms of every start, a tenth of importing a 10 MB
            // transcript. The linker is lld (shipped with the toolchain), which resolves these
            // static libraries, which need each other, in any order. (macOS has the runtime in
            // the OS; debug builds keep linking fast.)
            linkerSettings: [
                .unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationICU", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("CoreFoundation", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // Writes docs/cli.md and docs/schema.md from the code (`swift run agtrace-docs`).
        .executableTarget(name: "agtrace-docs", dependencies: ["AGTraceCLI", "AGTraceKit"]),
        // Generator of synthetic archives and transcripts, and the side-by-side benchmark; its
        // scaling sweep reads every command's declarations from AGTraceCLI.
        .executableTarget(name: "agtrace-bench", dependencies: ["AGTraceKit", "AGTraceCLI", "CommandLineOptions", "CSQLite", "CZlib"]),
        // The benchmark's byte-scan yardstick (row 3): reads a file in large chunks and touches
        // every byte; agtrace-bench runs it beside its reader-only mode.
        .executableTarget(name: "CByteScan"),
        .testTarget(name: "AGTraceKitTests", dependencies: ["AGTraceKit", "CSHA256"]),
        // End-to-end tests run the built `agtrace` binary (`swift test` builds every target).
        // They do not depend on its target: a test bundle links the code of the executables it
        // depends on, with their linker settings, and a static runtime cannot join XCTest.
        .testTarget(name: "AGTraceCLITests", dependencies: ["AGTraceKit"]),
        // docs/cli.md and docs/schema.md are what agtrace-docs writes now, every table, view and
        // column is described, and each command's help, usage line and parser agree.
        .testTarget(name: "AGTraceDocsTests", dependencies: ["AGTraceCLI", "AGTraceKit", "CommandLineOptions"]),
    ]
)
