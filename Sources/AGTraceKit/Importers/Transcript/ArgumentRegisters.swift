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
        // lldb prints register names in lower case; upper case (typed `$ESI`) is rare.
        let lower = name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? name.lowercased() : name
        if let index = x86[lower] { return index }
        let bytes = lower.utf8
        // arm64 x0…x7 / w0…w7.
        if bytes.count == 2, let first = bytes.first, let digit = bytes.last, first == 0x78 || first == 0x77,
           digit >= 0x30, digit < 0x38 {
            return Int(digit - 0x30)
        }
        // Generic arg1…arg8.
        if bytes.count == 4, lower.hasPrefix("arg"), let digit = bytes.last, digit >= 0x31, digit <= 0x38 {
            return Int(digit - 0x31)
        }
        return nil
    }

    /// The same for a name as printed (`esi`, `w1`): no string is made for a name that
    /// cannot be an argument register (longer than any of them).
    static func argumentIndex(_ name: Bytes) -> Int? {
        guard name.count <= 4 else { return nil }
        return argumentIndex(String(decoding: name, as: UTF8.self))
    }

    private static let x86: [String: Int] = {
        var table: [String: Int] = [:]
        let names: [[String]] = [
            ["rdi", "edi", "di", "dil"],
            ["rsi", "esi", "si", "sil"],
            ["rdx", "edx", "dx", "dl"],
            ["rcx", "ecx", "cx", "cl"],
            ["r8", "r8d", "r8w", "r8b"],
            ["r9", "r9d", "r9w", "r9b"],
        ]
        for (index, group) in names.enumerated() {
            for name in group { table[name] = index }
        }
        return table
    }()
}
