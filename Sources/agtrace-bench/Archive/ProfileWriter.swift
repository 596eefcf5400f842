/// `profile` objects as AG writes them with profiling on: counts, and seconds as floats that
/// are usually tiny (printed with exponents, e.g. 1.25e-05). Keys only when non-zero.
enum ProfileWriter {
    static func write(updates: Int, changes: Int, meanCost: Double, to out: OutputBuffer, random r: inout SeededRandom) {
        out.raw("{")
        var first = true
        func key(_ name: StaticString) {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.raw(name)
        }
        if updates > 0 {
            key("\"update_count\":"); out.int(updates)
        }
        if changes > 0 {
            key("\"change_count\":"); out.int(changes)
        }
        if updates > 0 {
            key("\"update_total\":"); seconds(Double(updates) * meanCost * (0.5 + r.unit()), out)
        }
        if changes > 0 {
            key("\"changed_total\":"); seconds(Double(changes) * meanCost * (0.5 + r.unit()), out)
        }
        out.raw("}")
    }

    /// A positive number in the style of `%g`/repr: 3 significant digits, exponent form below
    /// 1e-4 ("1.25e-05"), plain decimals above ("0.00123", "2.5").
    static func seconds(_ value: Double, _ out: OutputBuffer) {
        guard value > 0 else { out.raw("0.0"); return }
        var exponent = 0
        var mantissa = value
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        while mantissa < 1 { mantissa *= 10; exponent -= 1 }
        var digits = Int((mantissa * 100).rounded())  // 100...1000
        if digits >= 1000 { digits /= 10; exponent += 1 }
        var trimmed = digits
        var places = 2
        while places > 0 && trimmed % 10 == 0 { trimmed /= 10; places -= 1 }
        if exponent < -4 || exponent > 15 {
            mantissaText(trimmed, places: places, out)
            out.raw("e")
            out.byte(UInt8(ascii: exponent < 0 ? "-" : "+"))
            let e = abs(exponent)
            if e < 10 { out.byte(UInt8(ascii: "0")) }
            out.int(e)
        } else if exponent < 0 {
            out.raw("0.")
            for _ in 0..<(-exponent - 1) { out.byte(UInt8(ascii: "0")) }
            out.int(trimmed)
        } else {
            // 3 significant digits, decimal point after exponent+1 of them.
            let scaled = Double(digits) * pow10(exponent - 2)
            out.int(Int(scaled))
            out.raw(".")
            let fraction = Int(((scaled - Double(Int(scaled))) * 100).rounded())
            if fraction == 0 { out.raw("0") } else if fraction % 10 == 0 { out.int(fraction / 10) } else {
                if fraction < 10 { out.raw("0") }
                out.int(fraction)
            }
        }
    }

    private static func mantissaText(_ trimmed: Int, places: Int, _ out: OutputBuffer) {
        var divisor = 1
        for _ in 0..<places { divisor *= 10 }
        out.int(trimmed / divisor)
        if places > 0 {
            out.raw(".")
            let rest = trimmed % divisor
            if places == 2 && rest < 10 { out.raw("0") }
            out.int(rest)
        } else {
            out.raw(".0")
        }
    }

    private static func pow10(_ e: Int) -> Double {
        var result = 1.0
        if e >= 0 { for _ in 0..<e { result *= 10 } } else { for _ in 0..<(-e) { result /= 10 } }
        return result
    }
}
