import Foundation

/// In-place introsort (quicksort, heapsort past a depth limit, insertion sort for short runs):
/// Swift's own sort is stable and needs a buffer as large as the input.
///
/// A large run is split by one partition and its two sides sorted on two threads: the runs are
/// sorted once the nodes are known, while the writer, which has nothing to write until the
/// first sorted edge, leaves its core idle.
enum EdgeSort {
    /// Below this many edges a run is sorted on the calling thread alone.
    static let parallelFrom = 1 << 15

    static func sort(_ a: UnsafeMutableBufferPointer<ResolvedEdge>) {
        guard a.count > 1 else { return }
        var depth = 0
        var n = a.count
        while n > 0 { depth += 2; n >>= 1 }
        guard a.count >= parallelFrom else {
            quicksort(a, 0, a.count - 1, depth)
            return
        }
        let (j, i) = partition(a, 0, a.count - 1)
        // The two sides are disjoint: each thread writes only its own.
        let upper = UncheckedBox(UnsafeMutableBufferPointer(rebasing: a[i...])), sideDepth = depth - 1
        let upperSort = BackgroundWork(name: "agtrace-sort") {
            let side = upper.value
            if side.count > 1 { quicksort(side, 0, side.count - 1, sideDepth) }
        }
        if 0 < j { quicksort(a, 0, j, sideDepth) }
        upperSort.wait()
    }

    /// One quicksort partition of `a[lo...hi]` around the median of three: afterwards every
    /// edge of `a[lo...j]` is ≤ the pivot and every edge of `a[i...hi]` ≥ it (j < i).
    @inline(__always)
    private static func partition(_ a: UnsafeMutableBufferPointer<ResolvedEdge>, _ lo: Int, _ hi: Int) -> (Int, Int) {
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
        return (j, i)
    }

    private static func quicksort(_ a: UnsafeMutableBufferPointer<ResolvedEdge>, _ low: Int, _ high: Int, _ depth: Int) {
        var lo = low, hi = high, depth = depth
        while hi - lo > 16 {
            if depth == 0 {
                Heapsort.sort(a, lo, hi, by: <)
                return
            }
            depth -= 1
            let (j, i) = partition(a, lo, hi)
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
}
