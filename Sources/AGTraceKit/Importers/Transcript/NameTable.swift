/// A name as a number: an index into the reader's `NameTable`.
typealias NameID = Int32

/// The texts a transcript repeats on every hit (function and module names, echoed commands,
/// breakpoint labels), each stored once and named by a number. Lines are looked up by their
/// bytes, so a repeated name costs a hash and a compare: no decoding, no allocation, and the
/// parser's per-hit state holds plain numbers rather than reference-counted strings.
///
/// Ids are dense, in order of first appearance, and never change: a consumer that has seen the
/// first `n` names (`string(_:)`) knows every id below `n`. Memory is bounded: past
/// `maxNames` names or `maxBytes` bytes, a new name is stored as `overflowName` instead
/// (only a hostile file gets there: real transcripts have a few hundred names).
struct NameTable {
    /// Slot `i` holds an id + 1, or 0 when empty; the table's size is a power of two.
    private var slots: [Int32]
    private var hashes: [UInt32] = []
    /// Name `id` is `arena[starts[id] ..< starts[id + 1]]`.
    private var starts: [Int] = [0]
    private var arena: [UInt8] = []
    /// The names, decoded once (invalid UTF-8 as U+FFFD).
    private(set) var strings: [String] = []
    /// Per-name facts, computed on first use.
    private var roles: [LLDBCommand?] = []
    private var outputs: [OutputContext?] = []
    private var infos: [SymbolInfo?] = []
    private var facts: [SymbolFacts?] = []
    private var infoNames: [NameID] = []
    private var overflowID: NameID?

    static let maxNames = 1 << 17
    static let maxBytes = 8 << 20
    static let overflowName = "…"

    /// Names every table starts with.
    static let empty: NameID = 0
    static let unknown: NameID = 1  // `?`: a hit whose function nothing names

    init() {
        slots = [Int32](repeating: 0, count: 1024)
        _ = id("")
        _ = id("?")
    }

    var count: Int { strings.count }

    @inline(__always)
    func string(_ id: NameID) -> String { strings[Int(id)] }

    /// Eight bytes at a time, multiply-and-fold (names are short: a few words each).
    @inline(__always)
    private static func hash(_ bytes: Bytes) -> UInt32 {
        let n = bytes.count
        guard let base = bytes.baseAddress, n > 0 else { return 0x9e37_79b9 }
        let raw = UnsafeRawPointer(base)
        var h: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(truncatingIfNeeded: n)
        var i = 0
        while i + 8 <= n {
            h = mix(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(base[i]) << shift
                shift += 8
                i += 1
            }
            h = mix(h ^ tail)
        }
        return UInt32(truncatingIfNeeded: h ^ (h >> 32))
    }

    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        let m = x.multipliedFullWidth(by: 0xa076_1d64_78bd_642f)
        return m.high ^ m.low
    }

    /// The id of `bytes`, adding it when new.
    mutating func id(_ bytes: Bytes) -> NameID {
        let h = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(h) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let id = Int(entry - 1)
            if hashes[id] == h && equal(id, bytes) { return NameID(id) }
            slot = (slot + 1) & mask
        }
        if strings.count >= Self.maxNames || arena.count + bytes.count > Self.maxBytes {
            return overflow()
        }
        let id = strings.count
        slots[slot] = Int32(id + 1)
        hashes.append(h)
        arena.append(contentsOf: bytes)
        starts.append(arena.count)
        strings.append(String(decoding: bytes, as: UTF8.self))
        roles.append(nil)
        outputs.append(nil)
        infos.append(nil)
        facts.append(nil)
        infoNames.append(-1)
        if strings.count * 2 > slots.count { grow() }
        return NameID(id)
    }

    mutating func id(_ text: String) -> NameID {
        var copy = text
        return copy.withUTF8 { id($0) }
    }

    @inline(__always)
    mutating func id(_ bytes: Bytes, _ range: Range<Int>) -> NameID {
        id(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private func equal(_ id: Int, _ bytes: Bytes) -> Bool {
        let start = starts[id]
        guard starts[id + 1] - start == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { stored in
            bytes.isEmpty || memcmp(stored.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
        }
    }

    /// The stand-in for names past the limits (added once, past the limits).
    private mutating func overflow() -> NameID {
        if let overflowID { return overflowID }
        strings.append(Self.overflowName)
        hashes.append(0)
        starts.append(arena.count)
        roles.append(nil)
        outputs.append(nil)
        infos.append(nil)
        facts.append(nil)
        infoNames.append(-1)
        overflowID = NameID(strings.count - 1)
        return overflowID!
    }

    private mutating func grow() {
        var bigger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for entry in slots where entry != 0 {
            var slot = Int(hashes[Int(entry - 1)]) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = entry
        }
        slots = bigger
    }

    /// The label of breakpoint `id` (location `location`): `3.1`, or `3`.
    mutating func label(_ id: Int, _ location: Int?) -> NameID {
        // Decimal digits into a small buffer: no string is made for a label seen before.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var n = Self.writeDecimal(id, into: buffer, at: 0)
            if let location {
                buffer[n] = ASCII.dot
                n = Self.writeDecimal(location, into: buffer, at: n + 1)
            }
            return self.id(UnsafeBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    private static func writeDecimal(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var digits = 0
        var v = value.magnitude
        repeat { digits += 1; v /= 10 } while v > 0
        var i = start
        if value < 0 { buffer[i] = ASCII.minus; i += 1 }
        v = value.magnitude
        var k = i + digits - 1
        repeat { buffer[k] = UInt8(truncatingIfNeeded: v % 10) + 0x30; v /= 10; k -= 1 } while v > 0
        return i + digits
    }

    // MARK: Facts per name

    /// What the echoed command `id` does (`id` is a normalised command).
    mutating func role(_ id: NameID) -> LLDBCommand {
        let i = Int(id)
        if roles[i] == nil { roles[i] = LLDBCommand.parse(strings[i]) }
        return roles[i]!
    }

    /// What the output of the echoed command `id` is.
    mutating func output(_ id: NameID) -> OutputContext {
        if let known = outputs[Int(id)] { return known }
        let output: OutputContext
        if case .prints(let printed) = role(id) {
            output = printed.mapVariable { self.id($0) }
        } else {
            output = .other
        }
        outputs[Int(id)] = output
        return output
    }

    /// What the symbol table says about the function name `id`.
    mutating func info(_ id: NameID) -> SymbolInfo {
        let i = Int(id)
        if infos[i] == nil { infos[i] = SymbolTable.lookup(strings[i]) }
        return infos[i]!
    }

    /// `info(id)` without its name: nothing reference-counted, for the per-hit path.
    mutating func facts(_ id: NameID) -> SymbolFacts {
        let i = Int(id)
        if facts[i] == nil {
            let info = info(id)
            facts[i] = SymbolFacts(kind: info.kind, attributeArgument: info.attributeArgument, inputArgument: info.inputArgument)
        }
        return facts[i]!
    }

    /// The id of `info(id).symbol`, the name events store.
    mutating func infoName(_ id: NameID) -> NameID {
        let known = infoNames[Int(id)]
        if known >= 0 { return known }
        let name = self.id(info(id).symbol)
        infoNames[Int(id)] = name
        return name
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a function's kind and argument positions are (`SymbolInfo` less its name).
struct SymbolFacts: Equatable {
    var kind: EventKind
    var attributeArgument: Int?
    var inputArgument: Int?
}
