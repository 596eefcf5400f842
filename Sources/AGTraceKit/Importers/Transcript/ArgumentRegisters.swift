/// Which call argument a register holds at function entry, for the two ABIs transcripts come
/// from. Hits without debug info only show registers, so this is how `esi = 0x318` becomes
/// "argument 1 is 792".
///
/// - x86-64 (System V): arguments 0…5 in rdi, rsi, rdx, rcx, r8, r9 (any width: `edi`, `di`, `dil`).
/// - arm64 (AAPCS64): arguments 0…7 in x0…x7 (or their 32-bit halves w0…w7).
/// - lldb's generic names `arg1`…`arg8` (1-based) name the same registers on either.
enum ArgumentRegisters {
    /// The 0-based argument index held by `name`, or nil for any other register.
    static func argumentIndex(_ name: String) -> Int? {
        var copy = name
        return copy.withUTF8 { argumentIndex($0) }
    }

    /// The same for a name as printed (`esi`, `w1`), read from its bytes: a `register read`
    /// line is classified without making a string.
    static func argumentIndex(_ name: Bytes) -> Int? {
        // No argument register's name is longer than 4 bytes.
        guard name.count >= 2, name.count <= 4 else { return nil }
        // lldb prints register names in lower case; upper case (typed `$ESI`) is rare.
        var key: UInt32 = 0
        for (k, b) in name.enumerated() {
            key |= UInt32(b >= 0x41 && b <= 0x5A ? b | 0x20 : b) << (8 * UInt32(k))
        }
        for (known, index) in x86 where known == key { return index }
        let first = UInt8(truncatingIfNeeded: key)
        let last = UInt8(truncatingIfNeeded: key >> (8 * UInt32(name.count - 1)))
        // arm64 x0…x7 / w0…w7.
        if name.count == 2, first == 0x78 || first == 0x77, last >= 0x30, last < 0x38 {
            return Int(last - 0x30)
        }
        // Generic arg1…arg8.
        if name.count == 4, key & 0xFF_FFFF == Self.key("arg"), last >= 0x31, last <= 0x38 {
            return Int(last - 0x31)
        }
        return nil
    }

    /// A name of at most 4 ASCII bytes as one number, first byte lowest.
    private static func key(_ name: String) -> UInt32 {
        name.utf8.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// x86-64 names as `key`s, with the argument they hold (a short list: scanned, not hashed).
    private static let x86: [(UInt32, Int)] = {
        var table: [(UInt32, Int)] = []
        let names: [[String]] = [
            ["rdi", "edi", "di", "dil"],
            ["rsi", "esi", "si", "sil"],
            ["rdx", "edx", "dx", "dl"],
            ["rcx", "ecx", "cx", "cl"],
            ["r8", "r8d", "r8w", "r8b"],
            ["r9", "r9d", "r9w", "r9b"],
        ]
        for (index, group) in names.enumerated() {
            for name in group { table.append((key(name), index)) }
        }
        return table
    }()
}
