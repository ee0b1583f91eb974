/// `v` with exactly `digits` decimals (like `%.Nf`), without Foundation.
public func formatFixed(_ v: Double, digits: Int = 2) -> String {
    var text = ""
    appendFixed(v, digits: digits, to: &text)
    return text
}

/// Appends `v` with exactly `digits` decimals (like `%.Nf`) to `text`,
/// digit by digit: nothing is allocated when `text` has room, so feedback
/// that changes with every touch event can be built in place.
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
    if v < 0 && scaled != 0 { text += "-" }
    let units = Int(scaled)
    var divisor = 1
    for _ in 0..<digits { divisor *= 10 }
    appendDigits(units / divisor, minimumCount: 1, to: &text)
    guard digits > 0 else { return }
    text += "."
    appendDigits(units % divisor, minimumCount: digits, to: &text)
}

/// Appends the decimal digits of `n` (not negative), padded with zeros to
/// `minimumCount`.
private func appendDigits(_ n: Int, minimumCount: Int, to text: inout String) {
    var count = 1, power = 1
    while n / power >= 10 {
        power *= 10
        count += 1
    }
    for _ in count..<Swift.max(count, minimumCount) { text.unicodeScalars.append("0") }
    var rest = n
    while power > 0 {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + rest / power)))
        rest %= power
        power /= 10
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
