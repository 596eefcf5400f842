/// An array grown in fixed chunks: it never holds more than one chunk it does not use, and
/// growing never copies what it holds (a Swift array doubles: up to half of it spare, and for a
/// moment the old and the new copy both). For the millions of small entries a timeline keeps.
struct ChunkedArray<Element> {
    private var chunks: [[Element]] = []
    private(set) var count = 0
    private static var shift: Int { 14 }
    private static var mask: Int { (1 << shift) - 1 }

    mutating func append(_ element: Element) {
        if count & Self.mask == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(1 << Self.shift)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    subscript(i: Int) -> Element {
        get { chunks[i >> Self.shift][i & Self.mask] }
        set { chunks[i >> Self.shift][i & Self.mask] = newValue }
    }
}
