import Foundation

/// A folder of `xctrace export` files (one per table, and a toc, as a CI job exports them) is
/// one recording: it is recognised when every file in it (hidden ones left out, no folder
/// inside) is an export, and read as the files' decoded bytes one after another, in sorted
/// order (the reader takes one document after another; an error names the file it is in).
enum XctraceFolder {
    /// The files a folder's recording reads, in order; a file stands for itself.
    static func files(_ path: String) -> [String] {
        guard isDirectory(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [path] }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return names.filter { !$0.hasPrefix(".") }.sorted().map { prefix + $0 }
    }

    /// Whether `path` is a folder holding only xctrace exports (at least one).
    static func isRecording(_ path: String) -> Bool {
        guard isDirectory(path) else { return false }
        let members = files(path)
        guard !members.isEmpty else { return false }
        return members.allSatisfy { member in
            var info = stat()
            guard stat(member, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  let source = try? decoded(member), let head = try? source.peek(4096) else { return false }
            return XctraceFormat.isExport(head)
        }
    }

    /// The file's bytes, read through the compression its magic names (`Compressions`).
    static func decoded(_ path: String) throws -> PeekingSource {
        try Compressions.decoded(PeekingSource(try FileSource(path: path)), path: path).source
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The files' sizes summed.
    static func size(_ path: String) -> Int? {
        files(path).reduce(0) { sum, f in sum + (fileSize(f) ?? 0) }
    }
}

/// The decoded bytes of a folder's files, one after another.
final class XctraceFolderSource: ByteSource {
    private let files: [String]
    private var index = 0
    private var current: ByteSource?
    private var consumedBefore = 0

    init(_ path: String) {
        files = XctraceFolder.files(path)
    }

    var bytesConsumed: Int { consumedBefore + (current?.bytesConsumed ?? 0) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if current == nil {
                guard index < files.count else { return 0 }
                current = try XctraceFolder.decoded(files[index])
                index += 1
            }
            let n = try current!.read(into: buffer)
            if n > 0 { return n }
            consumedBefore += current!.bytesConsumed
            current = nil
        }
    }
}
