/// Scratch bytes for the texts of one multi-row statement: copied in, bound without a further
/// copy by SQLite, and dropped together once the statement has stepped. The storage is kept
/// and reused, so a million rows cost one allocation, not one per text.
struct TextArena {
    private var storage = Storage()
    private var used = 0

    private final class Storage {
        var bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        var capacity = 1
        deinit { bytes.deallocate() }
    }

    /// Makes room for `count` more bytes, so that what `copy` returns stays where it is until
    /// `reset`. Call it before copying a statement's texts.
    mutating func reserve(_ count: Int) {
        guard used + count > storage.capacity else { return }
        precondition(used == 0, "TextArena grows only when empty: bound texts must not move")
        storage.bytes.deallocate()
        storage.capacity = max(count, storage.capacity * 2)
        storage.bytes = .allocate(capacity: storage.capacity)
    }

    /// A copy of `text`'s UTF-8, valid until `reset`.
    mutating func copy(_ text: inout String) -> UnsafeBufferPointer<UInt8> {
        text.withUTF8 { utf8 in
            precondition(used + utf8.count <= storage.capacity, "TextArena.reserve was not called for this text")
            let start = storage.bytes + used
            if let base = utf8.baseAddress { start.update(from: base, count: utf8.count) }
            used += utf8.count
            return UnsafeBufferPointer(start: start, count: utf8.count)
        }
    }

    mutating func reset() { used = 0 }
}
