import Foundation
import XCTest
@testable import AGTraceKit

/// What a SIGINT or SIGTERM removes is removed even while the command's own thread is still
/// making files in it: SQLite makes a database's journal beside it, by path, at any moment, and
/// one made between the emptying of the private database's folder and its rmdir left the folder
/// behind (the signal test's flake under load).
final class SignalCleanupTests: XCTestCase {
    func testAFolderIsRemovedWhileAnotherThreadKeepsMakingFilesInIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agtrace-signal-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for round in 0..<20 {
            let folder = root.appendingPathComponent("private-\(round)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            for k in 0..<50 { FileManager.default.createTestFile(atPath: folder.appendingPathComponent("old-\(k)").path, contents: Data("x".utf8)) }
            // A writer making files by path as fast as it can, as SQLite's journal is made.
            let writer = FileMaker(folder: folder)
            writer.start()
            usleep(2_000)
            SignalCleanup.removeWhileInUse(folder)
            writer.stop()
            let left = try FileManager.default.contentsOfDirectory(atPath: root.path)
            XCTAssertEqual(left, [], "round \(round): the folder (or its renamed self) is left")
        }
    }
}

/// A thread that makes files in a folder, by path, until stopped.
private final class FileMaker: @unchecked Sendable {
    let folder: URL
    private let lock = NSLock()
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init(folder: URL) { self.folder = folder }

    func start() {
        Thread { [self] in
            var k = 0
            while !isStopped {
                let fd = open(folder.appendingPathComponent("journal-\(k)").path, O_CREAT | O_WRONLY, 0o600)
                if fd >= 0 { close(fd) }
                k += 1
            }
            finished.signal()
        }.start()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops it and waits for its last file.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        finished.wait()
    }
}
