import CSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One generator per class of hostile input the robustness trial used, each writing into a
/// test's temporary folder at test time (small on disk: the bombs are gzip'd). A class is a
/// case of `HostileInputTests` with the command to run and what must happen; add one by adding
/// a generator here and a case there.
enum HostileInputs {
    static func varint(_ v: UInt64) -> [UInt8] {
        var v = v, out: [UInt8] = []
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        return out + [UInt8(v)]
    }

    /// gzip of what `producer` (a shell pipeline's output) writes, without holding it.
    static func gzipShell(_ producer: String, to path: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "{ \(producer); } | gzip -1 -c -n > '\(path)'"]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw POSIXError(.EIO) }
    }

    /// A trace of `count` BeginValueUpdates that never end (the trial's 291 KB gzip of 10M
    /// peaked at 2.9 GB), gzip'd.
    static func unterminatedEvaluations(in dir: URL, count: Int) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 8)
        for i in 0..<count {
            let body: [UInt8] = [0x08, 0x07, 0x18] + varint(UInt64(i + 1))
            bytes += [0x0A] + varint(UInt64(body.count)) + body
        }
        let plain = dir.appendingPathComponent("open-evaluations.ag-trace").path
        FileManager.default.createTestFile(atPath: plain, contents: Data(bytes))
        let path = plain + ".gz"
        try gzipShell("cat '\(plain)'", to: path)
        unlink(plain)
        return path
    }

    /// A well-formed trace of `frames` frames, 8 events each, timed 1 µs apart: a write (its
    /// invalidation and a value set), then a graph update running one rule, and its value set.
    /// Every event is on the timeline: 3 slices and 3 instants per frame (2M events: 750k
    /// slices; `export perfetto` held them all in memory and peaked near 800 MB).
    static func timelineTrace(in dir: URL, frames: Int) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frames * 8 * 16)
        var micros: UInt64 = 0
        func event(_ type: UInt64, timed: Bool = true, _ p1: UInt64 = 0, _ p2: UInt64 = 0) {
            var body: [UInt8] = [0x08] + varint(type)
            if timed {
                micros += 1
                body.append(0x11)
                withUnsafeBytes(of: (1000.0 + Double(micros) * 1e-6).bitPattern.littleEndian) { body += $0 }
            }
            if p1 != 0 { body += [0x18] + varint(p1) }
            if p2 != 0 { body += [0x20] + varint(p2) }
            bytes += [0x0A] + varint(UInt64(body.count)) + body
        }
        event(1)
        for i in 0..<frames {
            let a = UInt64(1024 + 4 * (i % 64))
            event(11, a, 1); event(42, timed: false, a); event(12, a, 1)
            event(9, 1); event(7, a); event(8, a, 1); event(10, 1)
            event(42, timed: false, a)
        }
        event(2)
        let path = dir.appendingPathComponent("timeline-\(frames).ag-trace").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw POSIXError(.EIO) }
        return path
    }

    /// A recorder file of `writes` writes: 100 signals, each read by a chain of 7 nodes
    /// (add_input hits first), then writes to them in turn, each followed by 40 updates of its
    /// chain (the first 8 caused by it: 8 arrows per write). 300k hits: `export perfetto --run`
    /// held the run's hits and causes in memory and peaked near 80 MB.
    static func longRun(in dir: URL, writes: Int) throws -> String {
        var text = "agtrace-lldb-record 1 prefix=AG arch=arm64 clock=monotonic_ns kinds=invalidate,update,add_input\n"
        text.reserveCapacity(writes * 41 * 48)
        var t = 1_000_000_000, hits = 0
        func hit(_ line: String) { text += "\(t) 1 \(line)\n"; t += 1000; hits += 1 }
        for s in 0..<100 {
            for k in 1..<8 { hit("add_input AG::Graph::add_input \((s * 8 + k) * 16) \((s * 8 + k - 1) * 16)") }
        }
        for w in 0..<writes {
            let s = w % 100
            hit("invalidate AGGraphInvalidateValue \(s * 128) -")
            for k in 0..<40 { hit("update AG::Graph::update_attribute \((s * 8 + k % 8) * 16) -") }
        }
        text += "stop \(t) hits=\(hits)\n"
        let path = dir.appendingPathComponent("long-run-\(writes).lldb").path
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { throw POSIXError(.EIO) }
        return path
    }

    /// An archive of `count` nodes whose values are `length` bytes of "a" each, gzip'd (the
    /// trial's 612 KB `.ag-gzon` of ten 60 MB strings peaked at 762 MB).
    static func bigStrings(in dir: URL, count: Int, length: Int) throws -> String {
        let path = dir.appendingPathComponent("big-strings-\(length).ag-gzon").path
        var script = #"printf '{"graphs":[{"types":[{}],"nodes":['"#
        for i in 0..<count {
            script += (i > 0 ? "; printf ','" : "") + #"; printf '{"id":\#((i + 1) * 4),"type":0,"value":"'; head -c \#(length) /dev/zero | tr '\0' a; printf '"}'"#
        }
        script += #"; printf ']}]}'"#
        try gzipShell(script, to: path)
        return path
    }

    /// The same as raw DEFLATE (jcmosc/Compute's `.iag-gzon`): gzip's output (`-n`: a 10-byte
    /// header) without its header and 8-byte trailer.
    static func bigStringsRawDeflate(in dir: URL, count: Int, length: Int) throws -> String {
        let gz = try bigStrings(in: dir, count: count, length: length)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: gz))
        let path = dir.appendingPathComponent("big-strings-\(length).iag-gzon").path
        FileManager.default.createTestFile(atPath: path, contents: bytes.subdata(in: 10..<(bytes.count - 8)))
        unlink(gz)
        return path
    }

    /// A sample archive, the file a directory case should import.
    static func copySample(to dir: URL, samples: String) throws -> String {
        let path = dir.appendingPathComponent("trip-1-before.ag-json").path
        try FileManager.default.copyItem(atPath: samples + "/trip-1-before.ag-json", toPath: path)
        return path
    }

    /// A directory with two links to itself and one to its parent, a link to itself, and one archive.
    static func symlinkCycles(in dir: URL, samples: String) throws -> URL {
        let tree = dir.appendingPathComponent("cycles")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("sub"), withIntermediateDirectories: true)
        _ = try copySample(to: tree, samples: samples)
        symlink(".", tree.appendingPathComponent("again").path)
        symlink(".", tree.appendingPathComponent("and-again").path)
        symlink("..", tree.appendingPathComponent("sub/up").path)
        symlink("self", tree.appendingPathComponent("self").path)
        return tree
    }

    /// A directory with a FIFO, a socket, a link to a device that never ends, and one archive.
    static func specialFiles(in dir: URL, samples: String) throws -> (tree: URL, socket: Int32) {
        let tree = dir.appendingPathComponent("special")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        _ = try copySample(to: tree, samples: samples)
        mkfifo(tree.appendingPathComponent("fifo").path, 0o644)
        symlink("/dev/zero", tree.appendingPathComponent("zero").path)
        let fd = socket(AF_UNIX, CSpellings.streamSocket, 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let socketPath = tree.appendingPathComponent("sock").path
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(socketPath.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes + [0])
        }
        _ = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return (tree, fd)
    }

    /// A directory with an archive whose name is not UTF-8 (a 0xFF byte) beside a good one.
    static func nonUTF8Name(in dir: URL, samples: String) throws -> URL {
        let tree = dir.appendingPathComponent("names")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        let good = try copySample(to: tree, samples: samples)
        var name = Array(tree.path.utf8) + Array("/bad-".utf8) + [0xFF] + Array(".ag-json".utf8) + [0]
        let fd = name.withUnsafeMutableBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        let bytes = Array(FileManager.default.contents(atPath: good)!.dropLast()) + Array(" ".utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return tree
    }

    /// An agtrace database carrying a trigger that would write on every insert (helper B's
    /// refusal of such databases is to be merged; see `HostileInputTests`).
    static func triggerCarryingDatabase(at path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw POSIXError(.EIO) }
        defer { sqlite3_close(db) }
        sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS stolen(x); CREATE TRIGGER IF NOT EXISTS spy AFTER INSERT ON imports BEGIN INSERT INTO stolen VALUES (new.label); END;", nil, nil, nil)
    }

    /// Runs `sql` on the database at `path` with SQLite itself (a database as an older agtrace,
    /// or someone else, left it).
    static func execute(_ sql: String, on path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw POSIXError(.EIO) }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw NSError(domain: "sqlite", code: 1, userInfo: [NSLocalizedDescriptionKey: String(cString: sqlite3_errmsg(db))])
        }
    }

    /// Damages the first table b-tree leaf page (after page 1) of the database at `path` so
    /// that SQLite's checks report "Extends off end of page": its first cell pointer moved to 6
    /// bytes before the page's end, where no cell fits.
    static func corruptPage(at path: String) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        var size = Int(data[16]) << 8 | Int(data[17])
        if size == 1 { size = 65536 }
        for page in 1..<(data.count / size) {
            let at = page * size
            if data[at] == 0x0D, (Int(data[at + 3]) << 8 | Int(data[at + 4])) >= 2 {
                let pointer = size - 6
                data[at + 8] = UInt8(pointer >> 8)
                data[at + 9] = UInt8(pointer & 0xFF)
                try data.write(to: URL(fileURLWithPath: path))
                return
            }
        }
        throw POSIXError(.ENOENT)
    }
}
