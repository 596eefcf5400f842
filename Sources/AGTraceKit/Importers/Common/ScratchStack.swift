/// Growable storage of plain values (no references inside) that its owner frees: a reader's
/// scratch, rebuilt at every token (the JSON tokenizer's decoded strings; the XML reader's
/// open elements and their bytes). Used as a stack: appends, the last ones dropped, spans read
/// as buffers. Unlike an array stored in a class, a use takes no reference count and makes no
/// uniqueness check: at every token of a 1 GB export those were a tenth of the reading.
struct ScratchStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        // Elements are never deinitialized: a reference inside one would leak.
        precondition(_isPOD(Element.self), "ScratchStack holds plain values only")
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Called once by the owner (its deinit): the storage is not the struct's to free on copy.
    func free() { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count)
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count)
            base[i] = newValue
        }
    }

    func buffer(_ r: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(r.lowerBound >= 0 && r.upperBound <= count)
        return UnsafeBufferPointer(start: base + r.lowerBound, count: r.count)
    }

    func buffer(from start: Int) -> UnsafeBufferPointer<Element> { buffer(start..<count) }

    @inline(__always)
    mutating func append(_ e: Element) {
        if count == capacity { grow(count + 1) }
        (base + count).initialize(to: e)
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf b: UnsafeBufferPointer<Element>) {
        guard let from = b.baseAddress, !b.isEmpty else { return }
        if count + b.count > capacity { grow(count + b.count) }
        (base + count).initialize(from: from, count: b.count)
        count += b.count
    }

    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0)
        count -= 1
        return base[count]
    }

    /// Drops everything from `start` on.
    mutating func truncate(to start: Int) {
        precondition(start >= 0 && start <= count)
        count = start
    }

    mutating func removeAll() { count = 0 }

    private mutating func grow(_ needed: Int) {
        var c = capacity * 2
        while c < needed { c *= 2 }
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: c)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = c
    }
}

extension ScratchStack: ByteAppending where Element == UInt8 {}

/// Where `XMLTokenizer.decode` writes decoded bytes.
protocol ByteAppending {
    mutating func append(_ b: UInt8)
    mutating func append(contentsOf b: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteAppending where Element == UInt8 {}
