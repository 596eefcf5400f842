/// One edge in 24 bytes. While its graph's nodes are unknown, `src` and `dst` are node
/// indices; then they are resolved in place to attribute ids.
struct ResolvedEdge {
    var src: UInt32
    var dst: UInt32
    var graph: UInt32
    var index: UInt32
    var offset: UInt32
    var flags: UInt32

    @inline(__always) static func < (a: ResolvedEdge, b: ResolvedEdge) -> Bool {
        let ka = UInt64(a.src) << 32 | UInt64(a.dst), kb = UInt64(b.src) << 32 | UInt64(b.dst)
        if ka != kb { return ka < kb }
        return (UInt64(a.graph) << 32 | UInt64(a.index)) < (UInt64(b.graph) << 32 | UInt64(b.index))
    }
}

/// The archive's edges, held until its end and delivered sorted by (src, dst, graph, index),
/// which lets the store append them to a table clustered that way. 24 bytes an edge, sorted in
/// place: no second copy at any point.
struct EdgeBuffer {
    private var edges: [ResolvedEdge] = []

    var count: Int { edges.count }

    mutating func append(_ edge: ResolvedEdge) { edges.append(edge) }

    /// Turns node indices into attribute ids for the edges from `start` on (indices checked).
    mutating func resolve(from start: Int, attributes: [UInt32]) {
        attributes.withUnsafeBufferPointer { ids in
            edges.withUnsafeMutableBufferPointer { all in
                for i in start..<all.count {
                    all[i].src = ids[Int(all[i].src)]
                    all[i].dst = ids[Int(all[i].dst)]
                }
            }
        }
    }

    mutating func deliver<Sink: ArchiveSink>(into sink: inout Sink) throws {
        edges.withUnsafeMutableBufferPointer { EdgeSort.sort($0) }
        for e in edges {
            try sink.edge(EdgeRecord(graphIndex: Int(e.graph), edgeIndex: Int(e.index), srcAttribute: e.src, dstAttribute: e.dst,
                                     offset: Int64(e.offset), flags: Int64(e.flags)))
        }
        edges = []
    }
}

/// In-place introsort (quicksort, heapsort past a depth limit, insertion sort for short runs):
/// Swift's own sort is stable and needs a buffer as large as the input.
enum EdgeSort {
    static func sort(_ a: UnsafeMutableBufferPointer<ResolvedEdge>) {
        guard a.count > 1 else { return }
        var depth = 0
        var n = a.count
        while n > 0 { depth += 2; n >>= 1 }
        quicksort(a, 0, a.count - 1, depth)
    }

    private static func quicksort(_ a: UnsafeMutableBufferPointer<ResolvedEdge>, _ low: Int, _ high: Int, _ depth: Int) {
        var lo = low, hi = high, depth = depth
        while hi - lo > 16 {
            if depth == 0 {
                heapsort(a, lo, hi)
                return
            }
            depth -= 1
            // Median of three as the pivot.
            let mid = lo + (hi - lo) / 2
            if a[mid] < a[lo] { a.swapAt(mid, lo) }
            if a[hi] < a[lo] { a.swapAt(hi, lo) }
            if a[hi] < a[mid] { a.swapAt(hi, mid) }
            let pivot = a[mid]
            var i = lo, j = hi
            while i <= j {
                while a[i] < pivot { i += 1 }
                while pivot < a[j] { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // Recurse into the smaller side, loop on the larger: stack depth stays logarithmic.
            if j - lo < hi - i {
                if lo < j { quicksort(a, lo, j, depth) }
                lo = i
            } else {
                if i < hi { quicksort(a, i, hi, depth) }
                hi = j
            }
        }
        insertionSort(a, lo, hi)
    }

    private static func insertionSort(_ a: UnsafeMutableBufferPointer<ResolvedEdge>, _ lo: Int, _ hi: Int) {
        guard lo < hi else { return }
        for i in (lo + 1)...hi {
            let x = a[i]
            var j = i - 1
            while j >= lo && x < a[j] {
                a[j + 1] = a[j]
                j -= 1
            }
            a[j + 1] = x
        }
    }

    private static func heapsort(_ a: UnsafeMutableBufferPointer<ResolvedEdge>, _ lo: Int, _ hi: Int) {
        let n = hi - lo + 1
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while true {
                var child = 2 * root + 1
                if child >= end { return }
                if child + 1 < end && a[lo + child] < a[lo + child + 1] { child += 1 }
                if a[lo + root] < a[lo + child] {
                    a.swapAt(lo + root, lo + child)
                    root = child
                } else {
                    return
                }
            }
        }
        var start = n / 2 - 1
        while start >= 0 { siftDown(start, n); start -= 1 }
        var end = n - 1
        while end > 0 {
            a.swapAt(lo, lo + end)
            siftDown(0, end)
            end -= 1
        }
    }
}
