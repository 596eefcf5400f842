/// Texts that many statements bind without SQLite copying them (`Statement.bindStatic`): the
/// UTF-8 of each copied once into one allocation that neither moves nor changes while the arena
/// lives, so a million rows naming a few hundred views bind the few hundred copies. Keep the
/// arena alive over the writes (`withExtendedLifetime`): a buffer does not hold it.
final class TextArena {
    private let storage: UnsafeMutablePointer<UInt8>
    private let spans: [Range<Int>]

    init(_ texts: [String]) {
        var spans: [Range<Int>] = []
        spans.reserveCapacity(texts.count)
        var end = 0
        for text in texts {
            spans.append(end..<(end + text.utf8.count))
            end += text.utf8.count
        }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(end, 1))
        for (text, span) in zip(texts, spans) {
            var text = text
            text.withUTF8 { utf8 in
                if let base = utf8.baseAddress { (storage + span.lowerBound).initialize(from: base, count: utf8.count) }
            }
        }
        self.storage = storage
        self.spans = spans
    }

    deinit { storage.deallocate() }

    var count: Int { spans.count }

    /// The `i`th text's UTF-8, valid while the arena lives.
    subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage + spans[i].lowerBound, count: spans[i].count)
    }
}
