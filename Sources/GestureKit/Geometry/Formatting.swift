/// `v` with exactly `digits` decimals (like `%.Nf`), without Foundation.
public func formatFixed(_ v: Double, digits: Int = 2) -> String {
    guard v.isFinite else { return String(v) }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(v) * scale).rounded()
    let whole = Int(scaled / scale)
    var fraction = String(Int(scaled - Double(whole) * scale))
    while fraction.count < digits { fraction = "0" + fraction }
    let sign = v < 0 && scaled != 0 ? "-" : ""
    return digits > 0 ? "\(sign)\(whole).\(fraction)" : "\(sign)\(whole)"
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
