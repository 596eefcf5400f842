/// A list kept in pages of 65,536 elements. Growing it never copies what it holds: a Swift
/// array of millions doubles, and while it copies, the old and the new storage are both
/// resident (an array of 3M node attributes peaked at 24 MB for 12 MB of data). Importers keep
/// their per-node and per-entry state in these so that memory follows the data.
///
/// Each page is allocated whole: a page left to grow by doubling ends up to twice its size
/// (allocator rounding), and an untouched tail of a large allocation is never resident.
struct PagedArray<Element> {
    private static var pageShift: Int { 16 }
    private static var pageSize: Int { 1 << pageShift }
    private static var pageMask: Int { (1 << pageShift) - 1 }

    private var pages: [[Element]] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    init() {}

    init<S: Sequence>(_ elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count & Self.pageMask == 0 {
            var page: [Element] = []
            page.reserveCapacity(Self.pageSize)
            pages.append(page)
        }
        pages[pages.count - 1].append(element)
        count += 1
    }

    /// Appends `n` copies of `element`.
    mutating func append(_ element: Element, count n: Int) {
        for _ in 0..<max(0, n) { append(element) }
    }

    @inline(__always)
    subscript(i: Int) -> Element {
        get { pages[i >> Self.pageShift][i & Self.pageMask] }
        set { pages[i >> Self.pageShift][i & Self.pageMask] = newValue }
    }

    /// The last element, if any.
    var last: Element? { count == 0 ? nil : self[count - 1] }

    /// Calls `body` with each element, in order.
    func forEach(_ body: (Element) throws -> Void) rethrows {
        for page in pages {
            for element in page { try body(element) }
        }
    }
}
