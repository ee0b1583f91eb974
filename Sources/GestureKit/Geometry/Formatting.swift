/// `v` with exactly `digits` decimals (like `%.Nf`), without Foundation.
public func formatFixed(_ v: Double, digits: Int = 2) -> String {
    var text = ""
    appendFixed(v, digits: digits, to: &text)
    return text
}

/// Appends `v` with exactly `digits` decimals (like `%.Nf`) to `text`.
/// The number is written into a string of its own, which for up to 15
/// characters lives inline (no heap storage), then appended in one go:
/// nothing is allocated when `text` has room, so feedback that changes
/// with every touch event can be built in place.
public func appendFixed(_ v: Double, digits: Int = 2, to text: inout String) {
    guard v.isFinite else {
        text += String(v)
        return
    }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(v) * scale).rounded()
    // Beyond what an Int holds exactly, print it as Swift does.
    guard scaled < 1e15 else {
        text += String(v)
        return
    }
    let negative = v < 0 && scaled != 0
    var units = Int(scaled)
    var integerDigits = 1, power = 1
    for _ in 0..<digits { power *= 10 }
    while units / power >= 10 {
        power *= 10
        integerDigits += 1
    }
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
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
