import ArgumentParser
import GestureKit

/// `--size WIDTHxHEIGHT` as a size in logical pixels; anything else is a
/// usage error naming the flag.
func parseWindowSize(_ text: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
          (1...16384).contains(w), (1...16384).contains(h) else {
        throw ValidationError("--size expects WIDTHxHEIGHT from 1x1 to 16384x16384, got '\(text)'")
    }
    return Size(width: Double(w), height: Double(h))
}
