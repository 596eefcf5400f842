import Foundation
import XCTest
@testable import AGTraceKit

/// The property-based fuzz harness: seeded generated and mutated archives and transcripts
/// through both parsers and the whole import (see `FuzzOracle` for what each input must do).
///
/// `swift test` runs a few seconds of it plus every saved input in Fuzz/corpus (seeds) and
/// Fuzz/regressions (inputs that once failed). The long mode runs for AGTRACE_FUZZ_SECONDS,
/// from AGTRACE_FUZZ_SEED (default: the time), and writes what it finds to Fuzz/findings:
///
///     AGTRACE_FUZZ_SECONDS=3600 swift test -c release --filter FuzzTests/testLongRun
final class FuzzTests: XCTestCase {
    static let fuzzRoot = TestPaths.packageRoot.appendingPathComponent("Fuzz")

    /// Files of a folder under Fuzz/, sorted; none if it does not exist.
    static func files(_ folder: String) -> [URL] {
        let dir = fuzzRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { dir.appendingPathComponent($0) }
    }

    static func bytes(_ url: URL) -> [UInt8] { Array((try? Data(contentsOf: url)) ?? Data()) }

    static var archiveSeeds: [[UInt8]] { files("corpus/archive").map(bytes) }
    static var transcriptSeeds: [[UInt8]] { files("corpus/transcript").map(bytes) }
    static var traceSeeds: [[UInt8]] { files("corpus/trace").map(bytes) }
    static var consoleSeeds: [[UInt8]] { files("corpus/console").map(bytes) }
    static var xctraceSeeds: [[UInt8]] { files("corpus/xctrace").map(bytes) }

    // MARK: Saved inputs

    func testCorpusSeedsPassEveryCheck() {
        // Each folder's seeds pass their own target's check and the whole import's.
        for (target, atLeast) in [(FuzzTarget.archive, 6), (.transcript, 6), (.trace, 2), (.console, 4), (.xctrace, 6)] {
            let seeds = Self.files("corpus/\(target.rawValue)")
            XCTAssertGreaterThanOrEqual(seeds.count, atLeast, "Fuzz/corpus/\(target.rawValue) holds the seeds")
            for url in seeds {
                XCTAssertNil(FuzzOracle.check(target, Self.bytes(url)), url.lastPathComponent)
                XCTAssertNil(FuzzOracle.check(.importer, Self.bytes(url)), url.lastPathComponent)
            }
        }
    }

    /// Every input that once broke a check, replayed against the check it broke (its folder).
    func testRegressionsStayFixed() {
        var replayed = 0
        for target in FuzzTarget.allCases {
            for url in Self.files("regressions/\(target.rawValue)") {
                XCTAssertNil(FuzzOracle.check(target, Self.bytes(url)), "\(target.rawValue)/\(url.lastPathComponent)")
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 0, "Fuzz/regressions holds the inputs fuzzing found")
    }

    // MARK: A few seconds of fuzzing in every test run

    func testGeneratedAndMutatedArchives() {
        assertNoFindings(FuzzRunner(seed: 1).run(.archive, iterations: 1500))
    }

    func testGeneratedAndMutatedTranscripts() {
        assertNoFindings(FuzzRunner(seed: 2).run(.transcript, iterations: 600))
    }

    func testGeneratedAndMutatedTraces() {
        assertNoFindings(FuzzRunner(seed: 4).run(.trace, iterations: 1500))
    }

    func testGeneratedAndMutatedConsoles() {
        assertNoFindings(FuzzRunner(seed: 5).run(.console, iterations: 600))
    }

    func testGeneratedAndMutatedImports() {
        assertNoFindings(FuzzRunner(seed: 3).run(.importer, iterations: 250))
    }

    // MARK: The long mode

    func testLongRun() throws {
        guard let text = ProcessInfo.processInfo.environment["AGTRACE_FUZZ_SECONDS"], let seconds = Double(text) else {
            throw XCTSkip("set AGTRACE_FUZZ_SECONDS to fuzz for that long")
        }
        let seed = ProcessInfo.processInfo.environment["AGTRACE_FUZZ_SEED"].flatMap { UInt64($0) }
            ?? UInt64(Date().timeIntervalSince1970)
        // Seeded from the time unless told: said first, so that any run can be repeated.
        print("fuzz: seed \(seed) (AGTRACE_FUZZ_SEED=\(seed) repeats this run)")
        let runner = FuzzRunner(seed: seed, findingsDirectory: Self.fuzzRoot.appendingPathComponent("findings"))
        let result = runner.runMixed(seconds: seconds)
        print(result.summary)
        assertNoFindings(result)
    }

    func assertNoFindings(_ result: FuzzRunner.Result, file: StaticString = #filePath, line: UInt = #line) {
        for finding in result.findings.prefix(10) {
            XCTFail("\(finding.target.rawValue) seed \(finding.seed) iteration \(finding.iteration): \(finding.reason)\n"
                    + "input (\(finding.bytes.count) bytes): \(String(decoding: finding.bytes.prefix(300), as: UTF8.self).debugDescription)",
                    file: file, line: line)
        }
    }
}

/// Makes inputs from seeds and runs them through the oracle; in the long mode it also watches
/// for hangs and memory growth, and saves every finding.
final class FuzzRunner: @unchecked Sendable {
    struct Finding {
        var target: FuzzTarget
        var seed: UInt64
        var iteration: Int
        var reason: String
        var bytes: [UInt8]
    }

    struct Result {
        var iterations: [FuzzTarget: Int] = [:]
        var findings: [Finding] = []
        var seconds = 0.0
        var largestInput = 0
        var rssStartMB = 0.0
        var rssPeakMB = 0.0
        var summary: String {
            let counts = FuzzTarget.allCases.map { "\($0.rawValue) \(iterations[$0] ?? 0)" }.joined(separator: ", ")
            return String(format: "fuzz: %.0f s, %@ inputs; largest %d bytes; RSS %.0f MB -> peak %.0f MB; %d findings",
                          seconds, counts, largestInput, rssStartMB, rssPeakMB, findings.count)
        }
    }

    let seed: UInt64
    let findingsDirectory: URL?
    let archiveSeeds = FuzzTests.archiveSeeds
    let transcriptSeeds = FuzzTests.transcriptSeeds
    let traceSeeds = FuzzTests.traceSeeds
    let consoleSeeds = FuzzTests.consoleSeeds

    init(seed: UInt64, findingsDirectory: URL? = nil) {
        self.seed = seed
        self.findingsDirectory = findingsDirectory
    }

    /// The input of one iteration, reproducible from (seed, target, iteration).
    func input(_ target: FuzzTarget, iteration: Int) -> [UInt8] {
        let targetIndex = UInt64(FuzzTarget.allCases.firstIndex(of: target)!)
        var m = InputMutator(seed: seed &* 0x100000001B3 &+ UInt64(iteration) &* 0x9E37_79B9_7F4A_7C15 &+ targetIndex)
        let isArchive: Bool
        switch target {
        case .archive: isArchive = true
        case .transcript: isArchive = false
        case .trace: return trace(&m)
        case .console: return console(&m)
        case .xctrace:
            let seeds = FuzzTests.xctraceSeeds
            return m.rng.chance(0.3) && !seeds.isEmpty ? m.mutate(m.pick(seeds), others: seeds) : m.xctrace()
        case .importer:
            if m.rng.chance(0.2) { return trace(&m) }
            if m.rng.chance(0.1) { return console(&m) }
            if m.rng.chance(0.1) { return m.xctrace() }
            isArchive = m.rng.chance(0.6)
        }
        var bytes: [UInt8]
        if isArchive {
            switch m.rng.int(0...9) {
            case 0...3: bytes = m.archive()
            case 4...7: bytes = m.mutate(archiveSeeds.isEmpty ? m.archive() : m.pick(archiveSeeds), others: archiveSeeds)
            default: bytes = m.mutate(m.archive(), others: archiveSeeds)
            }
        } else {
            switch m.rng.int(0...9) {
            case 0...3: bytes = m.transcript(samples: transcriptSeeds)
            case 4...7: bytes = m.mutate(transcriptSeeds.isEmpty ? m.transcript(samples: []) : m.pick(transcriptSeeds), others: transcriptSeeds)
            default: bytes = m.mutate(m.transcript(samples: transcriptSeeds), others: transcriptSeeds + archiveSeeds)
            }
        }
        if target != .transcript && m.rng.chance(0.1) { bytes = m.gzip(bytes) }
        return bytes
    }

    /// A trace: generated, a seed mutated (bytes, or whole records spliced), or either gzip'd.
    func trace(_ m: inout InputMutator) -> [UInt8] {
        var bytes: [UInt8]
        switch m.rng.int(0...9) {
        case 0...3: bytes = m.trace()
        case 4...7: bytes = m.mutate(traceSeeds.isEmpty ? m.trace() : m.pick(traceSeeds), others: traceSeeds)
        default: bytes = m.mutate(m.trace(), others: traceSeeds)
        }
        if m.rng.chance(0.1) { bytes = m.gzip(bytes) }
        return bytes
    }

    /// A console log: generated, a seed mutated (bytes, or lines spliced in), or both.
    func console(_ m: inout InputMutator) -> [UInt8] {
        switch m.rng.int(0...9) {
        case 0...3: return m.console()
        case 4...7: return m.mutate(consoleSeeds.isEmpty ? m.console() : m.pick(consoleSeeds), others: consoleSeeds + transcriptSeeds)
        default: return m.mutate(m.console(), others: consoleSeeds)
        }
    }

    /// A fixed number of iterations of one target.
    func run(_ target: FuzzTarget, iterations: Int) -> Result {
        var result = Result()
        let started = Date()
        for i in 0..<iterations {
            one(target, i, input(target, iteration: i), &result)
        }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    /// All targets in turn until `seconds` have passed, with a watchdog for hangs and memory.
    func runMixed(seconds: Double) -> Result {
        var result = Result()
        let started = Date()
        result.rssStartMB = Self.residentMB()
        let watchdog = Watchdog(runner: self)
        watchdog.start()
        var i = 0
        var lastReport = Date()
        while Date().timeIntervalSince(started) < seconds {
            for target in FuzzTarget.allCases {
                let bytes = input(target, iteration: i)
                watchdog.begin(target, i, bytes)
                one(target, i, bytes, &result)
                watchdog.end()
            }
            i += 1
            if i % 200 == 0 {
                result.rssPeakMB = max(result.rssPeakMB, Self.residentMB())
                if Date().timeIntervalSince(lastReport) > 60 {
                    lastReport = Date()
                    result.seconds = Date().timeIntervalSince(started)
                    print(result.summary)
                }
            }
        }
        result.seconds = Date().timeIntervalSince(started)
        result.rssPeakMB = max(result.rssPeakMB, Self.residentMB())
        return result
    }

    private func one(_ target: FuzzTarget, _ i: Int, _ bytes: [UInt8], _ result: inout Result) {
        result.iterations[target, default: 0] += 1
        result.largestInput = max(result.largestInput, bytes.count)
        if let reason = FuzzOracle.check(target, bytes) {
            let finding = Finding(target: target, seed: seed, iteration: i, reason: reason, bytes: bytes)
            result.findings.append(finding)
            save(finding)
        }
    }

    func save(_ finding: Finding) {
        guard let dir = findingsDirectory else { return }
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var sha = SHA256()
        sha.update(finding.bytes)
        let name = "\(finding.target.rawValue)-\(sha.finalizeHex().prefix(16))"
        FileManager.default.createTestFile(atPath: dir.appendingPathComponent(name + ".bin").path, contents: Data(finding.bytes))
        let note = "target \(finding.target.rawValue), seed \(finding.seed), iteration \(finding.iteration)\n\(finding.reason)\n"
        FileManager.default.createTestFile(atPath: dir.appendingPathComponent(name + ".txt").path, contents: Data(note.utf8))
    }

    /// Resident memory of this process in MB (0 where the platform cannot tell).
    static func residentMB() -> Double {
        Platform.ownResidentBytes().map { Double($0) / 1_048_576 } ?? 0
    }

    /// Watches the input being checked: one that runs for more than `hangSeconds`, or makes the
    /// process grow past `memoryLimitMB`, is saved as a finding before the process is stopped
    /// (a hang cannot be interrupted from inside).
    final class Watchdog: @unchecked Sendable {
        static let hangSeconds = 120.0
        static let memoryLimitMB = 3000.0
        private let lock = NSLock()
        private var current: (target: FuzzTarget, iteration: Int, bytes: [UInt8], started: Date)?
        private unowned let runner: FuzzRunner

        init(runner: FuzzRunner) { self.runner = runner }

        func begin(_ target: FuzzTarget, _ iteration: Int, _ bytes: [UInt8]) {
            lock.lock(); current = (target, iteration, bytes, Date()); lock.unlock()
        }

        func end() { lock.lock(); current = nil; lock.unlock() }

        func start() {
            let thread = Thread { [self] in
                while true {
                    Thread.sleep(forTimeInterval: 1)
                    lock.lock()
                    let now = current
                    lock.unlock()
                    guard let now else { continue }
                    let elapsed = Date().timeIntervalSince(now.started)
                    let rss = FuzzRunner.residentMB()
                    if elapsed > Self.hangSeconds || rss > Self.memoryLimitMB {
                        let reason = elapsed > Self.hangSeconds ? String(format: "hang: still running after %.0f s", elapsed)
                                                                : String(format: "memory: %.0f MB resident", rss)
                        runner.save(Finding(target: now.target, seed: runner.seed, iteration: now.iteration, reason: reason, bytes: now.bytes))
                        print("fuzz watchdog: \(reason); input saved to Fuzz/findings")
                        abort()
                    }
                }
            }
            thread.start()
        }
    }
}
