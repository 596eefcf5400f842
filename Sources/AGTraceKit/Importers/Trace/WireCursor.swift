/// Protobuf wire-format reading over one message held in memory: varints, fixed64/fixed32,
/// length-delimited fields, and skipping a field by its wire type.
struct WireCursor {
    enum WireType: UInt8 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    /// A malformed message: where (absolute stream offset) and what.
    struct Malformed: Error {
        var offset: Int
        var message: String
    }

    private(set) var position: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    /// The stream offset of `start`.
    private let origin: Int
    private let start: UnsafePointer<UInt8>

    init(_ start: UnsafePointer<UInt8>, count: Int, offset: Int) {
        self.start = start
        position = start
        end = start + count
        origin = offset
    }

    var offset: Int { origin + (position - start) }
    var isAtEnd: Bool { position >= end }

    func malformed(_ message: String, at offset: Int? = nil) -> Malformed {
        Malformed(offset: offset ?? self.offset, message: message)
    }

    @inline(__always)
    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        let at = offset
        while position < end {
            let byte = position.pointee
            position += 1
            if shift == 63 && byte > 1 { throw malformed("varint overflows 64 bits", at: at) }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw malformed("varint longer than 10 bytes", at: at) }
        }
        throw malformed("varint cut off by the end of its message", at: at)
    }

    /// The next field's number and wire type; wire types 3, 4 (groups), 6 and 7 are refused.
    @inline(__always)
    mutating func tag() throws -> (field: UInt64, wire: WireType) {
        let at = offset
        let key = try varint()
        guard let wire = WireType(rawValue: UInt8(key & 7)) else {
            throw malformed("wire type \(key & 7) (field \(key >> 3)) is not one a trace uses", at: at)
        }
        let field = key >> 3
        guard field > 0 else { throw malformed("field number 0", at: at) }
        return (field, wire)
    }

    mutating func fixed64() throws -> UInt64 {
        guard end - position >= 8 else { throw malformed("fixed64 cut off by the end of its message") }
        let v = UnsafeRawPointer(position).loadUnaligned(as: UInt64.self)
        position += 8
        return UInt64(littleEndian: v)
    }

    mutating func fixed32() throws -> UInt32 {
        guard end - position >= 4 else { throw malformed("fixed32 cut off by the end of its message") }
        let v = UnsafeRawPointer(position).loadUnaligned(as: UInt32.self)
        position += 4
        return UInt32(littleEndian: v)
    }

    /// A length-delimited field's bytes, as a cursor of their own.
    mutating func message() throws -> WireCursor {
        let at = offset
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw malformed("field of \(length) bytes runs past the end of its message (\(end - position) bytes left)", at: at)
        }
        let inner = WireCursor(position, count: Int(length), offset: offset)
        position += Int(length)
        return inner
    }

    /// An integer field, whatever wire type carried it (a length-delimited one is not an integer).
    mutating func integer(_ wire: WireType) throws -> Int64? {
        switch wire {
        case .varint: return Int64(bitPattern: try varint())
        case .fixed64: return Int64(bitPattern: try fixed64())
        case .fixed32: return Int64(try fixed32())
        case .lengthDelimited: _ = try message(); return nil
        }
    }

    /// The longest text field kept (an event's message, a rule's name): as for archive strings
    /// (`JSONTokenizer.defaultMaxTokenBytes`), what one text can make an import hold is bounded.
    static let maxTextBytes = 4 << 20

    mutating func text(_ wire: WireType) throws -> String? {
        guard wire == .lengthDelimited else { try skip(wire); return nil }
        let at = offset
        let m = try message()
        let count = m.end - m.position
        guard count <= Self.maxTextBytes else {
            throw malformed("a text of \(count) bytes: longer than \(Self.maxTextBytes >> 20) MiB, more than any name or message", at: at)
        }
        return String(decoding: UnsafeBufferPointer(start: m.position, count: count), as: UTF8.self)
    }

    mutating func skip(_ wire: WireType) throws {
        switch wire {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try message()
        }
    }
}
