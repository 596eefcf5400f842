import Foundation
import XCTest

/// The package builds on Linux (CI) and on macOS (its users' Macs, reviewed only): what glibc
/// alone has stays in a `Platform/` folder (AGTraceKit's `Platform`, the tests' own), each use
/// under an `#if` with a Darwin branch. The scan reads every Swift file of Sources/ and Tests/.
final class PlatformScanTests: XCTestCase {
    func testNoLinuxOnlySymbolOutsideThePlatformRoomOrWithoutADarwinBranch() throws {
        let root = TestPaths.packageRoot
        let this = URL(fileURLWithPath: #filePath).standardizedFileURL.path
        var findings: [String] = []
        var scanned = 0
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            let walker = try XCTUnwrap(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" && url.standardizedFileURL.path != this {
                let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                findings += PlatformScan.findings(in: try String(contentsOf: url, encoding: .utf8), path: relative)
                scanned += 1
            }
        }
        XCTAssertGreaterThan(scanned, 100, "the scan found the package's files")
        XCTAssertEqual(findings, [], "Linux-only code outside a Platform/ folder, or without a Darwin branch:\n"
                       + findings.joined(separator: "\n"))
    }

    /// The scan itself: what it flags and what it lets through.
    func testTheScanFlagsGlibcOutsideTheRoomAndABranchWithoutDarwin() {
        let bench = "Sources/agtrace-bench/Support/Sink.swift"
        XCTAssertEqual(PlatformScan.findings(in: "import Foundation\nlet n = Glibc.write(fd, p, c)\n", path: bench),
                       ["\(bench):2: Glibc. (glibc only; call AGTraceKit's Platform)"])
        XCTAssertEqual(PlatformScan.findings(in: "let s = try String(contentsOfFile: \"/proc/meminfo\")\n", path: bench).count, 1)
        XCTAssertEqual(PlatformScan.findings(in: "var a = posix_spawn_file_actions_t()\n", path: bench).count, 1)
        XCTAssertEqual(PlatformScan.findings(in: "getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)\n", path: bench).count, 2,
                       "a glibc type name and a glibc enum")
        XCTAssertEqual(PlatformScan.findings(in: "let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)\n", path: bench).count, 1)
        XCTAssertEqual(PlatformScan.findings(in: "#if os(Linux)\nlet a = 1\n#else\nlet a = 2\n#endif\n", path: bench).count, 1,
                       "a platform #if belongs in the room")
        XCTAssertEqual(PlatformScan.findings(in: "#if canImport(Glibc)\nimport Glibc\n#endif\n", path: bench).count, 1,
                       "an import of Glibc needs the Darwin one beside it")
        XCTAssertEqual(PlatformScan.findings(in: "/// reads /proc/self/status on Linux\nlet x = 1\n", path: bench), [],
                       "comments may name them")
        for idiom in ["#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n",
                      "#if canImport(Glibc)\nimport Glibc\n#else\nimport Darwin\n#endif\n"] {
            XCTAssertEqual(PlatformScan.findings(in: idiom, path: bench), [], idiom)
        }

        let room = "Sources/AGTraceKit/Platform/Write.swift"
        XCTAssertEqual(PlatformScan.findings(in: "let n = Glibc.write(fd, p, c)\n", path: room).count, 1,
                       "in the room too, under an #if with a Darwin branch")
        XCTAssertEqual(PlatformScan.findings(in: "#if canImport(Glibc)\nlet n = Glibc.write(fd, p, c)\n#endif\n", path: room).count, 1)
        XCTAssertEqual(PlatformScan.findings(in: "#if os(Linux)\nlet a = 1\n#endif\n", path: room),
                       ["\(room):1: #if without a Darwin branch (#else or #elseif)"])
        XCTAssertEqual(PlatformScan.findings(in: "#if canImport(Glibc)\nlet n = Glibc.write(fd, p, c)\n#elseif canImport(Darwin)\n"
                                             + "let n = Darwin.write(fd, p, c)\n#endif\n", path: room), [])
        XCTAssertEqual(PlatformScan.findings(in: "#if os(Linux)\n#if DEBUG\nlet a = 1\n#endif\n#else\nlet a = 2\n#endif\n", path: room), [],
                       "nested conditions are matched to their own #endif")
        XCTAssertEqual(PlatformScan.findings(in: "let s = \"/proc/self/status\"\n", path: room), [],
                       "a path compiles everywhere; in the room it is the platform's business")
    }
}

/// Finds Linux-only code in one Swift file's text (see `PlatformScanTests`).
enum PlatformScan {
    /// Compile-time spellings that exist only with glibc, and why.
    static let glibcOnly: [(pattern: String, why: String)] = [
        (#"\bGlibc\."#, "Glibc. (glibc only; call AGTraceKit's Platform)"),
        (#"\b__(rusage_who|sigaction_handler|socket_type|sighandler_t)"#, "a glibc-only type or field name"),
        (#"\bposix_spawn(_file_actions|attr)_t\(\)"#, "posix_spawn's types are pointers on Darwin (SpawnFileActions)"),
        (#"\b(SOCK|RUSAGE)_[A-Z]+\.rawValue"#, "an enum on glibc, a plain Int32 on Darwin"),
    ]
    /// Run-time facts that differ: outside the room they are wrong on one platform.
    static let platformFacts: [(pattern: String, why: String)] = [
        (#"/proc/"#, "/proc/ (Linux only; Platform reads it, or Darwin's equivalent)"),
        (#"\bru_maxrss\b"#, "ru_maxrss (KB on Linux, bytes on Darwin: Platform.peakResidentBytes)"),
    ]
    static let linuxCondition = #"os\(Linux\)|canImport\(Glibc\)"#
    /// A line without any of these has none of the patterns (most lines: the scan stays quick).
    static let hints = ["Glibc", "__", "_t()", ".rawValue", "/proc/", "ru_maxrss"]

    static func findings(in text: String, path: String) -> [String] {
        let inRoom = path.split(separator: "/").dropLast().contains("Platform")
        let lines = text.components(separatedBy: "\n")
        var out: [String] = []
        func flag(_ index: Int, _ why: String) { out.append("\(path):\(index + 1): \(why)") }
        func matches(_ line: String, _ pattern: String) -> Bool { line.range(of: pattern, options: .regularExpression) != nil }
        func trimmed(_ index: Int) -> String {
            index < lines.count ? lines[index].trimmingCharacters(in: .whitespaces) : ""
        }
        /// `#if canImport(Glibc)` / `import Glibc` / `#elseif canImport(Darwin)` or `#else` /
        /// `import Darwin` / `#endif`, starting at `index`.
        func isImportIdiom(_ index: Int) -> Bool {
            trimmed(index) == "#if canImport(Glibc)" && trimmed(index + 1) == "import Glibc"
                && ["#elseif canImport(Darwin)", "#else"].contains(trimmed(index + 2))
                && trimmed(index + 3) == "import Darwin" && trimmed(index + 4) == "#endif"
        }

        // Open conditions: whether the branch now open is a Linux one, and whether a Linux
        // branch of it still waits for its Darwin one (an #else or #elseif after it).
        var open: [(line: Int, inLinuxBranch: Bool, waitsForDarwin: Bool)] = []
        var skipUntil = -1
        for (index, raw) in lines.enumerated() where index > skipUntil {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") { continue }
            if isImportIdiom(index) {
                skipUntil = index + 4
                continue
            }
            if line.hasPrefix("#if ") || line.hasPrefix("#elseif ") || line == "#else" || line == "#endif" {
                let linux = matches(line, linuxCondition)
                if linux && !inRoom { flag(index, "#if on the platform (put it in a Platform/ folder)") }
                if line.hasPrefix("#if ") {
                    open.append((index, linux, linux))
                } else if line == "#endif" {
                    if let last = open.popLast(), last.waitsForDarwin, inRoom {
                        flag(last.line, "#if without a Darwin branch (#else or #elseif)")
                    }
                } else if !open.isEmpty {
                    let top = open.count - 1
                    open[top].inLinuxBranch = linux
                    open[top].waitsForDarwin = linux
                }
                continue
            }
            guard hints.contains(where: line.contains) else { continue }
            let inLinuxBranch = open.contains { $0.inLinuxBranch }
            if matches(line, #"^import Glibc\b"#) && !inLinuxBranch { flag(index, "import Glibc without the Darwin import beside it") }
            for (pattern, why) in glibcOnly where matches(line, pattern) && !(inRoom && inLinuxBranch) {
                flag(index, why)
            }
            if !inRoom {
                for (pattern, why) in platformFacts where matches(line, pattern) { flag(index, why) }
            }
        }
        return out
    }
}
