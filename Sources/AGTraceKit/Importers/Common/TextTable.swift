/// Texts stored once, by number, and bound to statements without copying.
struct TextTable {
    private var texts: [UnsafeBufferPointer<UInt8>] = []
    private let storage = Storage()

    private final class Storage {
        var blocks: [UnsafeMutableRawPointer] = []
        deinit { for b in blocks { b.deallocate() } }
    }

    subscript(i: Int32) -> UnsafeBufferPointer<UInt8> { texts[Int(i)] }
    var count: Int { texts.count }

    mutating func append(_ text: String) {
        var copy = text
        let bytes = copy.withUTF8 { utf8 -> UnsafeBufferPointer<UInt8> in
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(utf8.count, 1), alignment: 1)
            if let base = utf8.baseAddress { p.copyMemory(from: base, byteCount: utf8.count) }
            storage.blocks.append(p)
            return UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt8.self), count: utf8.count)
        }
        texts.append(bytes)
    }
}
