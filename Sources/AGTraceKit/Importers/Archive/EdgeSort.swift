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
