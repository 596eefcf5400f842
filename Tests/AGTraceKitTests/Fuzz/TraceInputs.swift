import Foundation

/// Random traces in the wire format of docs/formats.md#traces: events of known and unknown types with
/// fixed64 or varint timestamps, evaluations nested and sometimes left open or closed out of
/// order, writes with dirty marks, edges added and removed, snapshot records, type records,
/// unknown fields of every wire type, and now and then a length that lies.
extension InputMutator {
    mutating func trace() -> [UInt8] {
        var out: [UInt8] = []
        var open: [UInt64] = []
        let attributes: [UInt64] = [536, 576, 624, 1048, 1088, 1120, 0, 4, UInt64(UInt32.max), UInt64.max]
        var time = Double(rng.int(0...1000))
        for _ in 0..<rng.int(0...60) {
            let roll = rng.int(0...99)
            if roll < 75 {
                var e: [UInt8] = []
                let type: UInt64
                switch rng.int(0...9) {
                case 0...2:
                    type = 7
                    let a = pick(attributes)
                    open.append(a)
                    e += Self.varintField(3, a)
                case 3...5:
                    type = 8
                    e += Self.varintField(3, rng.chance(0.8) ? (open.popLast() ?? pick(attributes)) : pick(attributes))
                    if rng.chance(0.5) { e += Self.varintField(4, 1) }
                case 6:
                    type = UInt64(pick([11, 40, 42, 47, 48, 39, 35, 36, 53, 37]))
                    e += Self.varintField(3, pick(attributes)) + Self.varintField(4, UInt64(rng.int(0...2)))
                    if rng.chance(0.3) { e += Self.varintField(5, UInt64(rng.int(0...6))) }
                case 7: type = UInt64(rng.int(0...60))
                case 8: type = UInt64(pick([3, 5, 9, 1, 2, 17, 18, 51]))
                default: type = UInt64(rng.int(57...100_000))
                }
                time += Double(rng.int(0...100)) / 1024
                var body = Self.varintField(1, type)
                switch rng.int(0...5) {
                case 0: body += Self.varintField(2, UInt64(time))
                case 1: break
                case 2: body += Self.key(2, 1) + Self.fixed64(rng.chance(0.1) ? Double.nan.bitPattern : (-time).bitPattern)
                default: body += Self.key(2, 1) + Self.fixed64(time.bitPattern)
                }
                body += e
                if rng.chance(0.1) { body += Self.bytesField(9, Array("log \(rng.int(0...9))".utf8)) }
                if rng.chance(0.1) { body += unknownField() }
                out += Self.bytesField(1, body)
            } else if roll < 82 {
                var node = Self.varintField(1, UInt64(rng.int(0...6)))
                for _ in 0..<rng.int(0...3) { node += Self.bytesField(3, Self.varintField(1, pick(attributes))) }
                let entry = Self.varintField(1, pick(attributes)) + Self.bytesField(rng.chance(0.8) ? 2 : 3, node)
                var sub = Self.varintField(1, UInt64(rng.int(0...9))) + Self.varintField(2, UInt64(rng.int(0...9)))
                for _ in 0..<rng.int(0...3) { sub += Self.bytesField(6, entry) }
                if rng.chance(0.3) { sub += Self.varintField(3, UInt64(rng.int(0...9))) }
                out += Self.bytesField(2, sub)
            } else if roll < 90 {
                let t = Self.varintField(1, UInt64(rng.int(0...8))) + Self.bytesField(2, Array(pick(["TripBody", "", "StaticBody<ViewBodyAccessor<V>, F>"]).utf8))
                    + Self.bytesField(3, Array("Int".utf8)) + Self.varintField(6, UInt64(rng.int(0...20)))
                out += Self.bytesField(3, t)
            } else if roll < 95 {
                out += Self.bytesField(UInt64(rng.int(4...6)), Self.varintField(1, 1) + Self.bytesField(2, Array("k".utf8)))
            } else {
                out += unknownField()
            }
        }
        if rng.chance(0.05), !out.isEmpty {
            // A length that lies: the file ends inside, or past, a record.
            out.removeLast(rng.int(1...min(out.count, 8)))
        }
        return out
    }

    private mutating func unknownField() -> [UInt8] {
        let field = UInt64(rng.int(7...4000))
        switch rng.int(0...3) {
        case 0: return Self.varintField(field, rng.next())
        case 1: return Self.key(field, 1) + Self.fixed64(rng.next())
        case 2: return Self.key(field, 5) + [1, 2, 3, 4]
        default: return Self.bytesField(field, Array(repeating: 0x41, count: rng.int(0...20)))
        }
    }

    static func varint(_ v: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        var n = v
        repeat {
            let b = UInt8(n & 0x7F)
            n >>= 7
            out.append(n == 0 ? b : b | 0x80)
        } while n != 0
        return out
    }

    static func key(_ field: UInt64, _ wire: UInt64) -> [UInt8] { varint(field << 3 | wire) }
    static func varintField(_ field: UInt64, _ v: UInt64) -> [UInt8] { key(field, 0) + varint(v) }
    static func bytesField(_ field: UInt64, _ b: [UInt8]) -> [UInt8] { key(field, 2) + varint(UInt64(b.count)) + b }
    static func fixed64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}
