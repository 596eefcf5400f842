import Foundation
import XCTest

/// Many files compared (issue 46's "many compared files"): `compare --a DIR --b DIR` over
/// thousands of small traces a side, through the binary under HostileInputTests' caps. Each
/// recording's queries once read every trace in the database (1,000 + 1,000: 72 s in a debug
/// build); linear, 2,000 + 2,000 take 13 to 34 s there, on a shared machine.
extension HostileInputTests {
    func testThousandsOfFilesComparedStayLinear() throws {
        let a = try TraceFolders.write(in: dir.appendingPathComponent("many-a"), count: 2000, seed: 1, scale: 1.0)
        let b = try TraceFolders.write(in: dir.appendingPathComponent("many-b"), count: 2000, seed: 2, scale: 1.3)
        // Its own time cap, twice the others': 4,000 imports on a shared 2-core machine took 13 to
        // 34 s; quadratic, 2,000 + 2,000 took over 250 s.
        let args = ["compare", "--a", a, "--b", b, "--format", "csv"]
        let r = try ChildUsage.run(args, scratch: dir, environment: ["TMPDIR": dir.path], timeLimit: Self.wallCap,
                                   killAbove: Self.memoryCap * 2)
        XCTAssertFalse(r.timedOut, "agtrace compare ran past \(Self.wallCap) s of wall-clock time")
        XCTAssertLessThanOrEqual(r.cpuSeconds, 2 * Self.timeCap, "agtrace compare took \(r.cpuSeconds) s of CPU")
        XCTAssertLessThanOrEqual(r.peakMegabytes, Self.memoryCap, r.stderr)
        print(String(format: "hostile: agtrace compare, 2000 + 2000 files: exit %d, peak %.1f MB, %.2f s", r.status, r.peakMegabytes, r.seconds))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("is taken"), r.stderr)
        XCTAssertTrue(r.stdout.contains("\n(total),12,12,0,0,0,0,same,"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix(",slower\n"), r.stdout)
    }
}
