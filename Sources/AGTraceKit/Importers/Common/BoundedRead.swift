import Foundation

/// A file that must be small (a baseline, `query`'s `@FILE`), read to its end in 64 KB pieces
/// and refused (`TooLarge`) as soon as it passes its limit: `/dev/zero`, a pipe fed something
/// endless or a huge file is never held whole. Plain reads, so pipes and process substitution
/// work too (they have no size to read up front).
enum BoundedRead {
    /// More than the limit was read.
    struct TooLarge: Error {
        var read: Int
    }

    static func all(_ handle: FileHandle, limit: Int) throws -> Data {
        var data = Data()
        while true {
            guard let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty else { return data }
            data.append(chunk)
            if data.count > limit { throw TooLarge(read: data.count) }
        }
    }
}
