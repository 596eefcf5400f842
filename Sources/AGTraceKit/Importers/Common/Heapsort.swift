/// Sorts `a[lo...hi]` in place in O(n log n) with no buffer (Swift's own sort is stable and
/// allocates one as large as its input). Not stable. The edge sort falls back to it past its
/// depth limit; the debug tree's naming sorts its rows with it, beside an index build.
enum Heapsort {
    @inline(__always)
    static func sort<T>(_ a: UnsafeMutableBufferPointer<T>, _ lo: Int, _ hi: Int, by less: (T, T) -> Bool) {
        guard lo < hi else { return }
        let n = hi - lo + 1
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while true {
                var child = 2 * root + 1
                if child >= end { return }
                if child + 1 < end && less(a[lo + child], a[lo + child + 1]) { child += 1 }
                guard less(a[lo + root], a[lo + child]) else { return }
                a.swapAt(lo + root, lo + child)
                root = child
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
