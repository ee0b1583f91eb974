/// `v` with exactly `digits` decimals (like `%.Nf`), without Foundation.
public func formatFixed(_ v: Double, digits: Int = 2) -> String {
    var text = ""
    appendFixed(v, digits: digits, to: &text)
    return text
}

/// `v`'s whole part, cut toward zero (10.9 px reads "10", never "11"),
/// for messages that compare a distance with its limit: a value just over
/// the limit never prints as more than it is.
public func formatWhole(_ v: Double) -> String {
    formatFixed(v.rounded(.towardZero), digits: 0)
}

/// `v` in units of its last of `digits` decimals, signed and rounded as
/// ``appendFixed(_:digits:to:)`` rounds it (half away from zero): numbers
/// with equal units print alike. Nil where `appendFixed` prints `String(v)`
/// instead: not finite, or 10^15 units or more.
public func fixedUnits(_ v: Double, digits: Int = 2) -> Int? {
    guard v.isFinite else { return nil }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = v * scale
    // Beyond what an Int holds exactly (what reaches 1e15 cannot round
    // below it).
    guard abs(scaled) < 1e15 else { return nil }
    // Rounded half away from zero, as `rounded()` does, from the whole part
    // and the rest, both exact below 2^52: without the C library's `round`,
    // which `rounded()` calls on a baseline x86-64 build, twice an event
    // for a pinch's feedback.
    var units = Int(scaled)
    let rest = scaled - Double(units)
    if rest >= 0.5 {
        units += 1
    } else if rest <= -0.5 {
        units -= 1
    }
    return abs(units) < 1_000_000_000_000_000 ? units : nil
}

/// Appends `v` with exactly `digits` decimals (like `%.Nf`) to `text`.
/// The number is written into a string of its own, which for up to 15
/// characters lives inline (no heap storage), then appended in one go:
/// nothing is allocated when `text` has room, so feedback that changes
/// with every touch event can be built in place.
public func appendFixed(_ v: Double, digits: Int = 2, to text: inout String) {
    guard let signedUnits = fixedUnits(v, digits: digits) else {
        // As Swift prints it.
        text += String(v)
        return
    }
    let negative = signedUnits < 0
    var units = abs(signedUnits)
    // The integer part has the digits beyond the decimals, at least one.
    var unitDigits = 1, rest = units
    while rest >= 10 {
        rest /= 10
        unitDigits += 1
    }
    let integerDigits = Swift.max(1, unitDigits - digits)
    // Sign, integer part, point, `digits` decimals.
    let count = (negative ? 1 : 0) + integerDigits + (digits > 0 ? 1 + digits : 0)
    text += String(unsafeUninitializedCapacity: count) { buffer in
        var i = count
        // From the last decimal back to the first integer digit.
        for position in 0..<(integerDigits + digits) {
            if digits > 0 && position == digits {
                i -= 1
                buffer[i] = UInt8(ascii: ".")
            }
            i -= 1
            buffer[i] = UInt8(ascii: "0") + UInt8(units % 10)
            units /= 10
        }
        if negative { buffer[0] = UInt8(ascii: "-") }
        return count
    }
}

/// `value` in lower-case hexadecimal, zero-padded to at least `digits`
/// digits (`formatHex(0x1b, digits: 4)` is `001b`).
public func formatHex(_ value: UInt32, digits: Int) -> String {
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - hex.count)) + hex
}

/// `s` as a JSON string literal.
public func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            out += "\\u" + formatHex(scalar.value, digits: 4)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
